// The home page's first-run checklist and recent work (ADR 181): every tick is read
// from the data (a saved brand, a property, a post, a scheduled publication), nothing stored.
import { and, count, eq, isNull, sql } from 'drizzle-orm'
import { posts, scheduledPublications } from '../../db/schema'
import type { Database } from '~/utils/db.server'
import type { AccountBrand } from '~/domain/brand'
import type { FirstRun } from '~/domain/first-run'
import { listHomes } from './homes.server'
import { listPosts } from './posts.server'
import { getAccount } from './users.server'
import { currentPlan } from './quota.server'
import { entitlementsOf } from '~/domain/billing'
import { postPagePath } from '~/domain/public-links'

/** True once the agent saved any part of a brand (logo, colours, CRECI, Instagram, WhatsApp). */
export function brandSaved(brand: AccountBrand | null | undefined): boolean {
  if (!brand) return false
  return Boolean(
    brand.logo || brand.primary_color || brand.secondary_color || brand.creci || brand.instagram || brand.whatsapp,
  )
}

export async function firstRun(db: Database, userId: string): Promise<FirstRun> {
  const [account, homePage, postPage, [posted], [scheduled], [downloaded], plan] = await Promise.all([
    getAccount(db, userId),
    listHomes(db, userId, {}, 3),
    listPosts(db, userId, { page: 1 }),
    db
      .select({ n: count() })
      .from(posts)
      .where(and(eq(posts.user_id, userId), isNull(posts.deleted_at))),
    db.select({ n: count() }).from(scheduledPublications).where(eq(scheduledPublications.user_id, userId)),
    db
      .select({ n: count() })
      .from(posts)
      .where(and(eq(posts.user_id, userId), sql`${posts.meta} ? 'downloaded'`)),
    currentPlan(db, userId),
  ])
  return {
    checklist: {
      brand: brandSaved(account?.theme),
      home: homePage.total > 0,
      post: (posted?.n ?? 0) > 0,
      scheduled: (scheduled?.n ?? 0) > 0,
      downloaded: (downloaded?.n ?? 0) > 0,
    },
    canSchedule: (entitlementsOf(plan).scheduledPerMonth ?? 1) > 0,
    latestPostPage: postPage.items[0] ? postPagePath(postPage.items[0].public_id) : null,
    homes: homePage.items.map((home) => ({
      id: home.id,
      name: home.name,
      place: [home.neighborhood, home.city].filter(Boolean).join(', '),
      cover: home.cover?.src ?? null,
    })),
    posts: postPage.items.slice(0, 4).map((post) => {
      const slides = post.meta.slides ?? []
      return {
        id: post.id,
        templateId: post.template_id,
        title: `${post.template_name ?? 'Post'}${post.home_name ? ` — ${post.home_name}` : ''}`,
        image: slides.find((slide) => slide.image && !slide.hide)?.image ?? null,
      }
    }),
  }
}
