// "Mês pronto" on autopilot (ADR 283): on the 25th, every account that prepared a month lately
// gets next month drafted at the same rhythm, for the same properties (all active ones when it
// chose none), within its plan's quotas; the drafting job then e-mails "Seu mês está pronto para
// revisão". Once per account and month: a plan already starting on or after next month's first
// day is left alone.
import { addDays, templateFor } from '~/domain/month-plan'
import { nextFreeSlot } from '~/domain/month-planner'
import { zonedDate, zonedParts } from '~/domain/dates'
import { bestHoursOf } from '~/models/month-links.server'
import {
  addPieces,
  createMonthPlan,
  latestMonthPlan,
  listPieces,
  plannerHomes,
  plansForAutopilot,
  planStartingFrom,
} from '~/models/month-plans.server'
import type { Database } from '~/utils/db.server'
import type { Jobs } from '~/utils/jobs.server'
import type { Logger } from '~/utils/logger.server'
import { DAILY_PUBLISHING_LIMIT, countsOf, enqueueMonth, planSlots, quotaFor } from './month-plan.server'

export const AUTOPILOT_QUEUE = 'month-autopilot'
/** The 25th at 09:00, São Paulo time. */
export const AUTOPILOT_CRON = '0 9 25 * *'

const pad = (n: number) => String(n).padStart(2, '0')

/** Next month's first day ('YYYY-MM-DD') and its length in days, in São Paulo. */
export function nextMonthOf(now: Date): { start: string; days: number } {
  const p = zonedParts(now)
  const year = p.month === 12 ? p.year + 1 : p.year
  const month = p.month === 12 ? 1 : p.month + 1
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return { start: `${year}-${pad(month)}-01`, days }
}

/** Drafts next month for each account with a recent plan; how many were started. */
export async function autopilotNextMonth(
  deps: { db: Database; jobs: Jobs; logger: Pick<Logger, 'info' | 'warn'> },
  now = new Date(),
): Promise<number> {
  const { start, days } = nextMonthOf(now)
  let started = 0
  for (const last of await plansForAutopilot(deps.db, new Date(now.getTime() - 62 * 86_400_000))) {
    if (await planStartingFrom(deps.db, last.user_id, start)) continue
    const parsed = { start, days, rhythmId: last.rhythm_id, rhythm: last.rhythm, homeIds: last.home_ids }
    const quota = await quotaFor(deps.db, last.user_id, countsOf(last.rhythm, days))
    if (!quota.allowed) {
      deps.logger.warn('autopilot month over the plan', { accountId: last.user_id, what: quota.what })
      continue
    }
    const slots = await planSlots(deps.db, last.user_id, parsed, [], now)
    const plan = await createMonthPlan(deps.db, last.user_id, {
      createdBy: last.created_by,
      start,
      days,
      rhythmId: last.rhythm_id,
      rhythm: last.rhythm,
      homeIds: last.home_ids,
      slots,
      autopilot: true,
    })
    await enqueueMonth(deps.jobs, plan.id)
    started++
  }
  deps.logger.info('autopilot months started', { started, start, last: addDays(start, days - 1) })
  return started
}

export async function startAutopilot(jobs: Jobs, deps: { db: Database; logger: Pick<Logger, 'info' | 'warn'> }) {
  await jobs.work(AUTOPILOT_QUEUE, async () => void (await autopilotNextMonth({ ...deps, jobs })))
  await jobs.schedule(AUTOPILOT_QUEUE, AUTOPILOT_CRON)
}

/**
 * A listing event of a connected feed (a new listing, a lower price) adds a post about it to the
 * current month in its next free slot, drafted by the month's job (a sold or rented one adds
 * nothing: it is no longer on offer). Null when there is no current month or no free slot.
 */
export async function addListingPiece(
  deps: { db: Database; jobs: Jobs },
  accountId: string,
  event: { event: 'new' | 'price_drop' | 'sold'; homeId: number },
  now = new Date(),
): Promise<number | null> {
  if (event.event === 'sold') return null
  const plan = await latestMonthPlan(deps.db, accountId)
  const tomorrow = addDays(zonedDate(now), 1)
  if (!plan || addDays(plan.start_date, plan.days - 1) < tomorrow) return null
  const home = (await plannerHomes(deps.db, accountId, now)).find((h) => h.id === event.homeId)
  if (!home) return null
  const message = event.event === 'price_drop' ? 'preco' : 'novo'
  const pieces = await listPieces(deps.db, accountId, plan.id)
  const slot = nextFreeSlot({
    start: plan.start_date,
    days: plan.days,
    from: tomorrow,
    homeId: home.id,
    message,
    pieces: pieces.map((p) => ({ homeId: p.home_id, composition: p.composition, publishAt: p.publish_at })),
    dailyLimit: DAILY_PUBLISHING_LIMIT,
    bestHours: await bestHoursOf(deps.db, accountId),
  })
  if (!slot) return null
  await addPieces(deps.db, plan, [
    {
      kind: 'post',
      message,
      homeId: home.id,
      template: templateFor(message, 'post', home.status),
      composition: slot.composition,
      occasion: null,
      publishAt: slot.publishAt,
    },
  ])
  await enqueueMonth(deps.jobs, plan.id)
  return plan.id
}
