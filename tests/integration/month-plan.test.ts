// "Mês pronto" (ADR 283) on a real migrated database: the drafting job turns a planned month into
// real pieces (posts by the generators, Reels as queued property videos), captions never open
// alike, and a piece a stopped process left drafting is drafted after the restart.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { homes, monthPieces, posts, users, videos } from '../../db/schema'
import { createOfflineWriter } from '../../app/domain/copywriter/offline'
import { RHYTHM_PRESETS } from '../../app/domain/month-plan'
import { planMonth, planProblems } from '../../app/domain/month-planner'
import { occasionsBetween } from '../../app/domain/occasion-calendar'
import { seededRandom } from '../../app/domain/post-plan'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { installTemplateLibrary } from '../../app/models/template-library.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import {
  createMonthPlan,
  listPieces,
  planProgress,
  plannerHomes,
  recoverMonthPieces,
} from '../../app/models/month-plans.server'
import { draftMonth, type MonthJobDeps } from '../../app/workflows/month-draft-job.server'
import { addListingPiece, autopilotNextMonth, nextMonthOf } from '../../app/workflows/month-autopilot.server'
import { planProblems as rules } from '../../app/domain/month-planner'
import { monthPlans } from '../../db/schema'
import type { Logger } from '../../app/utils/logger.server'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
const agent = crypto.randomUUID()
const sent: { name: string; data: unknown }[] = []
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Logger

const deps = (): MonthJobDeps => ({
  db: handle.db,
  jobs: {
    send: async (name: string, data: object) => {
      sent.push({ name, data })
      return null
    },
  } as unknown as MonthJobDeps['jobs'],
  writer: createOfflineWriter(seededRandom(3)),
  logger: quiet,
  siteUrl: null,
})

beforeAll(async () => {
  handle = await createTestDatabase()
  const { db } = handle
  await installTemplateLibrary(db)
  await db.insert(users).values({ id: agent, email: 'marina@example.com', full_name: 'Marina Costa' })
  for (const [i, name] of ['Pinheiros', 'Moema', 'Itaim', 'Lapa', 'Tatuapé'].entries())
    await db.insert(homes).values({
      user_id: agent,
      status: i % 2 ? 'rent' : 'sale',
      category: 'apartment',
      name: `Apartamento ${name}`,
      neighborhood: name,
      zipcode: '05415-030',
      city: 'São Paulo',
      state: 'SP',
      price: 90000000 + i * 1000000,
      rental_price: 450000,
      bedrooms: 2,
      area: 70,
      gallery: ['a', 'b', 'c'].map((x, j) => ({
        name: `${x}.jpg`,
        url: `/uploads/users/${agent}/homes/photos/${name}${x}/original.jpg`,
        featured: j === 0,
      })),
    })
  await applySubscriptionState(db, {
    userId: agent,
    provider: 'demo',
    customerId: 'demo_cus_month',
    subscriptionId: 'demo_sub_month',
    status: 'active',
    lookupKey: 'profissional_mensal',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    stateAt: new Date(),
  })
})
afterAll(() => handle.close())

async function plan(days = 30) {
  const weighed = await plannerHomes(handle.db, agent)
  const start = '2026-12-03'
  const slots = planMonth({
    start,
    days,
    rhythm: RHYTHM_PRESETS.regular.rhythm,
    homes: weighed,
    occasions: occasionsBetween(start, '2027-01-01'),
    dailyLimit: 7,
    random: seededRandom(11),
  })
  return createMonthPlan(handle.db, agent, {
    createdBy: agent,
    start,
    days,
    rhythmId: 'regular',
    rhythm: RHYTHM_PRESETS.regular.rhythm,
    homeIds: [],
    slots,
  })
}

describe('drafting a month', () => {
  test('Regular for 5 properties: every slot a real piece, Reels queued as videos, no caption opening alike, mailed once', async () => {
    const month = await plan()
    const mails: string[] = []
    expect(await draftMonth(deps(), month.id, async (to) => void mails.push(to))).toBe('drafted')
    const pieces = await listPieces(handle.db, agent, month.id)
    expect(pieces.length).toBeGreaterThanOrEqual(20)
    expect(pieces.filter((p) => p.status !== 'ready').map((p) => p.error)).toEqual([])
    const reels = pieces.filter((p) => p.kind === 'reel')
    expect(reels.length).toBe(4)
    expect(reels.every((p) => p.video?.status === 'queued')).toBe(true)
    expect(sent.filter((s) => s.name === 'render-video')).toHaveLength(4)
    const captions = pieces.map((p) => (p.post?.description ?? p.video?.caption ?? '').split('\n')[0])
    expect(new Set(captions).size).toBe(captions.length)
    // What was drafted is what was planned: the composition is the post's own.
    for (const p of pieces.filter((x) => x.post && !x.composition.startsWith('arte:'))) {
      const [row] = await handle.db.select().from(posts).where(eq(posts.id, p.post!.id))
      expect(row!.meta.fields?.composition).toBe(p.composition)
    }
    expect(
      planProblems(pieces.map((p) => ({ homeId: p.home_id, composition: p.composition, publishAt: p.publish_at }))),
    ).toEqual([])
    expect(mails).toEqual(['marina@example.com'])
    expect(await draftMonth(deps(), month.id, async (to) => void mails.push(to))).toBe('drafted')
    expect(mails).toHaveLength(1)
  })

  test('a piece a stopped process left drafting is drafted again after the restart', async () => {
    const month = await plan(7)
    const [first] = await listPieces(handle.db, agent, month.id)
    await handle.db.update(monthPieces).set({ status: 'drafting', attempts: 1 }).where(eq(monthPieces.id, first!.id))
    expect(await recoverMonthPieces(handle.db)).toContain(month.id)
    await draftMonth(deps(), month.id, async () => {})
    const progress = await planProgress(handle.db, month.id)
    expect(progress).toEqual({ total: progress.total, done: progress.total, failed: 0 })
    const again = await listPieces(handle.db, agent, month.id)
    expect(again.find((p) => p.id === first!.id)?.status).toBe('ready')
    expect(await handle.db.select().from(videos).where(eq(videos.user_id, agent))).not.toHaveLength(0)
  })
})

describe('the autopilot', () => {
  test('on the 25th next month is drafted at the same rhythm, once per account', async () => {
    const now = new Date('2026-12-25T12:00:00Z')
    expect(nextMonthOf(now)).toEqual({ start: '2027-01-01', days: 31 })
    expect(nextMonthOf(new Date('2027-01-25T12:00:00Z'))).toEqual({ start: '2027-02-01', days: 28 })
    const run = () => autopilotNextMonth({ db: handle.db, jobs: deps().jobs, logger: quiet }, now)
    expect(await run()).toBe(1)
    const [next] = await handle.db.select().from(monthPlans).where(eq(monthPlans.start_date, '2027-01-01'))
    expect(next).toMatchObject({ user_id: agent, days: 31, rhythm_id: 'regular', autopilot: true, status: 'drafting' })
    const pieces = await listPieces(handle.db, agent, next!.id)
    expect(pieces.length).toBeGreaterThanOrEqual(20)
    expect(pieces.some((p) => p.occasion === 'ano_novo')).toBe(true)
    expect(sent.at(-1)).toEqual({ name: 'draft-month', data: { planId: next!.id } })
    expect(await run()).toBe(0)
  })
})

describe('a listing event of a connected feed', () => {
  test('a lower price adds a "Baixou o preço!" post in the month’s next free slot, keeping the rules', async () => {
    const [home] = await handle.db.select().from(homes).where(eq(homes.user_id, agent))
    const now = new Date('2026-12-26T12:00:00Z')
    const planId = await addListingPiece(
      { db: handle.db, jobs: deps().jobs },
      agent,
      { event: 'price_drop', homeId: home!.id },
      now,
    )
    expect(planId).not.toBeNull()
    const pieces = await listPieces(handle.db, agent, planId!)
    const added = pieces.find((p) => p.message === 'preco')!
    expect(added).toMatchObject({
      kind: 'post',
      message: 'preco',
      home_id: home!.id,
      template_slug: 'venda-baixou-o-preco',
    })
    expect(added.publish_at.getTime()).toBeGreaterThan(now.getTime())
    expect(
      rules(pieces.map((p) => ({ homeId: p.home_id, composition: p.composition, publishAt: p.publish_at }))),
    ).toEqual([])
    expect(sent.at(-1)).toEqual({ name: 'draft-month', data: { planId } })
    expect(
      await addListingPiece({ db: handle.db, jobs: deps().jobs }, agent, { event: 'sold', homeId: home!.id }, now),
    ).toBeNull()
  })
})
