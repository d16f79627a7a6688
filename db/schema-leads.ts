// From post to lead (ADR 223–225): the agent's public page, the short links that carry a click from
// a post or a listing page to WhatsApp, the counts those clicks leave (no personal data), the
// leads of the listing form (personal data: exported and deleted with the account), and the
// Instagram insights read daily for a published post. Every row carries the owner scope
// (`user_id`); a lead also names the responsible person (`agent_id`), who gets its e-mail.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { LeadStatus, ListingEventKind } from '../app/domain/leads'
import { mediaKits } from './schema-media-kits'
import { homes, posts, scheduledPublications, users } from './schema'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** The public page's address (/c/{handle}) and its search-engine switch, one per owner scope. */
export const publicPages = pgTable('public_pages', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text('handle').notNull().unique(),
  /** true: the public pages say `noindex` and leave the sitemap. */
  noindex: boolean('noindex').notNull().default(false),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
})

/**
 * A short code (/r/{code}, /l/{code}) for one property, and the post or media kit that carried
 * it (both null: the listing page's own buttons). Made on first use, one per property and source.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    home_id: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    post_id: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    media_kit_id: integer('media_kit_id').references(() => mediaKits.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('short_links_source_idx').on(
      t.home_id,
      sql`coalesce(${t.post_id}, 0)`,
      sql`coalesce(${t.media_kit_id}, 0)`,
    ),
  ],
)

/** One page view or one contact click of a listing: what, when, through which link. Nothing about who. */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    home_id: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ListingEventKind>().notNull(),
    link_code: text('link_code').references(() => shortLinks.code, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('listing_events_home_idx').on(t.home_id, t.created_at)],
)

/** A lead of the listing form. Personal data (LGPD): in the export, deleted with the account. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The responsible person: who gets the e-mail (the property's agent). */
    agent_id: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    home_id: integer('home_id').references(() => homes.id, { onDelete: 'set null' }),
    link_code: text('link_code').references(() => shortLinks.code, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull().default(''),
    /** When the person ticked the LGPD consent box. */
    consent_at: timestamp('consent_at', { withTimezone: true }).notNull(),
    /** The consent text the person was shown, word for word ('' for leads from before it was kept). */
    consent_text: text('consent_text').notNull().default(''),
    status: text('status').$type<LeadStatus>().notNull().default('novo'),
    note: text('note').notNull().default(''),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('leads_user_idx').on(t.user_id, t.created_at)],
)

/** A published post's Instagram insights, one row per day read (Instagram keeps no history). */
export const postInsights = pgTable(
  'post_insights',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publication_id: integer('publication_id')
      .notNull()
      .references(() => scheduledPublications.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    reach: integer('reach').notNull().default(0),
    saved: integer('saved').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    /** A Story's (issue 63): replies and taps forward and back, read within its 24 hours. */
    replies: integer('replies').notNull().default(0),
    taps_forward: integer('taps_forward').notNull().default(0),
    taps_back: integer('taps_back').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('post_insights_day_idx').on(t.publication_id, t.day)],
)

export type Lead = typeof leads.$inferSelect
export type PublicPage = typeof publicPages.$inferSelect
