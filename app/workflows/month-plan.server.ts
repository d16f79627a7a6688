// "Mês pronto" (ADR 283): the month drafted from the portfolio. The page's form (period, rhythm,
// properties) is checked against the plan's quotas, the planner (app/domain/month-plan.ts) lays
// out the slots, and a pg-boss job drafts them one by one through the existing generators: a
// post, carrossel or Story by generatePost (template + composition + the copywriter), a Reel as
// a property video whose render is the video queue's. The job is resumable: each piece is
// claimed, drafted and recorded on its own, and a restart puts back what a stopped one left.
// When the last piece is drafted the agent gets "Seu mês está pronto para revisão".
import type { RouterContextProvider } from 'react-router'
import { dbContext, jobsContext, type SessionUser } from '~/context'
import { RHYTHM_IDS, RHYTHM_LABELS, RHYTHM_PRESETS, addDays, formatDay, monthPage, rhythmOf } from '~/domain/month-plan'
import type { Message, Rhythm, RhythmId, SlotKind } from '~/domain/month-plan'
import { planMonth, slotCounts, totalPieces, type FixedSlot, type PlannedSlot } from '~/domain/month-planner'
import { fromZoned, zonedDate } from '~/domain/dates'
import { occasionsBetween } from '~/domain/occasion-calendar'
import {
  addPieces,
  busyTimes,
  createMonthPlan,
  deletePieces,
  getMonthPlan,
  listPieces,
  planProgress,
  plannerHomes,
  restartDrafting,
  type MonthPlan,
} from '~/models/month-plans.server'
import { bestHoursOf } from '~/models/month-links.server'
import { deletePost } from '~/models/posts.server'
import { canGeneratePost, canMakeVideo, canSchedulePublication, currentPlan } from '~/models/quota.server'
import { PLANS } from '~/domain/billing'
import type { Database } from '~/utils/db.server'
import type { Jobs } from '~/utils/jobs.server'

type Context = Readonly<RouterContextProvider>

export const MONTH_QUEUE = 'draft-month'
export const DEFAULT_DAYS = 30
export const READY_SUBJECT = 'Seu mês está pronto para revisão'

export type MonthFormValues = {
  start: string
  days: string
  rhythm: string
  post: string
  carousel: string
  story: string
  reel: string
  homes: string[]
}

/** The form's defaults: from tomorrow, 30 days, "Regular", every active property. */
export async function monthFormData(context: Context, user: SessionUser, now = new Date()) {
  const db = context.get(dbContext)
  const homes = await plannerHomes(db, user.accountId, now)
  const start = addDays(zonedDate(now), 1)
  return {
    homes: homes.map((h) => ({ id: h.id, name: h.name, photos: h.photos })),
    defaults: {
      start,
      days: String(DEFAULT_DAYS),
      rhythm: 'regular',
      post: '2',
      carousel: '1',
      story: '1',
      reel: '1',
      homes: homes.map((h) => String(h.id)),
    } satisfies MonthFormValues,
    presets: RHYTHM_IDS.map((id) => ({
      id,
      label: RHYTHM_LABELS[id],
      rhythm: id === 'personalizado' ? null : RHYTHM_PRESETS[id].rhythm,
    })),
  }
}

export type StartOutcome =
  | { status: 'invalid'; errors: Record<string, string[]>; values: MonthFormValues }
  | { status: 'quota'; message: string; upgradePlan: string | null; lighter: RhythmId | null; values: MonthFormValues }
  | { status: 'started'; planId: number }

export type Parsed = { start: string; days: number; rhythmId: RhythmId; rhythm: Rhythm; homeIds: number[] }

function parseForm(
  values: MonthFormValues,
  activeHomes: number[],
  today: string,
): { errors: Record<string, string[]>; parsed?: Parsed } {
  const errors: Record<string, string[]> = {}
  const rhythmId = (RHYTHM_IDS as readonly string[]).includes(values.rhythm) ? (values.rhythm as RhythmId) : null
  if (!rhythmId) errors.rhythm = ['Escolha um ritmo.']
  const start = /^\d{4}-\d{2}-\d{2}$/.test(values.start) && fromZoned(values.start, '12:00') ? values.start : null
  if (!start) errors.start = ['Informe o primeiro dia do mês (dd/mm/aaaa).']
  else if (start < today) errors.start = ['Escolha um dia que ainda não passou.']
  else if (start > addDays(today, 60)) errors.start = ['Comece nos próximos 60 dias.']
  const days = Number(values.days)
  if (!Number.isInteger(days) || days < 7 || days > 35) errors.days = ['Escolha entre 7 e 35 dias.']
  const numbers = (['post', 'carousel', 'story', 'reel'] as const).map((k) => values[k])
  if (rhythmId === 'personalizado' && numbers.some((n) => !/^\d+$/.test(n.trim()) || Number(n) > 7))
    errors.custom = ['Use de 0 a 7 peças de cada tipo por semana.']
  const rhythm = rhythmId
    ? rhythmOf(rhythmId, {
        post: Number(values.post),
        carousel: Number(values.carousel),
        story: Number(values.story),
        reel: Number(values.reel),
      })
    : null
  if (rhythm && Object.values(rhythm).every((n) => n === 0) && !errors.custom)
    errors.custom = ['Escolha ao menos uma peça por semana.']
  const homeIds = [...new Set(values.homes.map(Number))].filter((id) => activeHomes.includes(id))
  if (values.homes.length && homeIds.length !== values.homes.length) errors.homes = ['Escolha imóveis da sua carteira.']
  if (Object.keys(errors).length || !rhythmId || !rhythm || !start) return { errors }
  return { errors, parsed: { start, days, rhythmId, rhythm, homeIds } }
}

/** How many of each the plan needs, against what the account's plan still allows this month. */
export async function quotaFor(
  db: Database,
  accountId: string,
  counts: { posts: number; videos: number; publications: number },
) {
  const checks = [
    { n: counts.posts, decision: await canGeneratePost(db, accountId), what: 'posts' },
    { n: counts.videos, decision: await canMakeVideo(db, accountId), what: 'vídeos' },
    { n: counts.publications, decision: await canSchedulePublication(db, accountId), what: 'agendamentos' },
  ]
  for (const check of checks) {
    if (check.n === 0 || check.decision.limit === null) continue
    const left = Math.max(0, check.decision.limit - (check.decision.used ?? 0))
    if (left < check.n) return { allowed: false as const, left, needed: check.n, what: check.what }
  }
  return { allowed: true as const }
}

export function countsOf(rhythm: Rhythm, days: number, extra = 0) {
  const c = slotCounts(rhythm, days)
  const posts = c.post + c.carousel + c.story + extra
  return { posts, videos: c.reel, publications: posts + c.reel }
}

/** A lighter preset that fits, for the quota's message. */
async function lighterThatFits(db: Database, accountId: string, days: number, than: Rhythm): Promise<RhythmId | null> {
  for (const id of ['regular', 'leve'] as const) {
    const r = RHYTHM_PRESETS[id].rhythm
    if (totalPieces(r, days) >= totalPieces(than, days)) continue
    if ((await quotaFor(db, accountId, countsOf(r, days))).allowed) return id
  }
  return null
}

async function quotaRefusal(
  db: Database,
  accountId: string,
  parsed: Parsed,
  values: MonthFormValues,
): Promise<StartOutcome | null> {
  const quota = await quotaFor(db, accountId, countsOf(parsed.rhythm, parsed.days, 1))
  if (quota.allowed) return null
  const plan = await currentPlan(db, accountId)
  const upgrade = PLANS.find(
    (p) =>
      !plan ||
      p.entitlements.postsPerMonth === null ||
      p.entitlements.postsPerMonth > (plan.entitlements.postsPerMonth ?? 0),
  )
  const lighter = await lighterThatFits(db, accountId, parsed.days, parsed.rhythm)
  const planName = plan ? `plano ${plan.name}` : 'plano Gratuito'
  const message =
    `Seu ${planName} ainda permite ${quota.left} ${quota.what} este mês, e o ritmo ${RHYTHM_LABELS[parsed.rhythmId]} precisa de ${quota.needed}. ` +
    (lighter ? `Escolha o ritmo ${RHYTHM_LABELS[lighter]}` : 'Escolha um ritmo mais leve') +
    (upgrade && upgrade.id !== plan?.id ? ` ou mude para o plano ${upgrade.name}.` : '.')
  return {
    status: 'quota',
    message,
    upgradePlan: upgrade && upgrade.id !== plan?.id ? upgrade.name : null,
    lighter,
    values,
  }
}

/** The slots of a plan: the account's properties weighed, its busy times and best hours. */
export async function planSlots(
  db: Database,
  accountId: string,
  parsed: Parsed,
  fixed: FixedSlot[] = [],
  now = new Date(),
): Promise<PlannedSlot[]> {
  const all = await plannerHomes(db, accountId, now)
  const chosen = parsed.homeIds.length ? all.filter((h) => parsed.homeIds.includes(h.id)) : all
  const last = addDays(parsed.start, parsed.days - 1)
  const from = fromZoned(parsed.start, '00:00')!
  const to = fromZoned(addDays(last, 1), '00:00')!
  const slots = planMonth({
    start: parsed.start,
    days: parsed.days,
    rhythm: parsed.rhythm,
    homes: chosen,
    occasions: occasionsBetween(parsed.start, last),
    bestHours: await bestHoursOf(db, accountId),
    dailyLimit: DAILY_PUBLISHING_LIMIT,
    busy: await busyTimes(db, accountId, from, to),
    fixed,
    random: Math.random,
  })
  // Never in the past: today's slots that have gone by move out of the plan.
  return slots.filter((s) => s.fixedId !== undefined || s.publishAt.getTime() > now.getTime() + 5 * 60_000)
}

/** Instagram's content publishing limit is 50 a day; the plan keeps well under it. */
export const DAILY_PUBLISHING_LIMIT = 7

/** "Preparar o mês": checks the form and the plan's quotas, lays out the plan, queues the drafting. */
export async function startMonthPlan(
  context: Context,
  user: SessionUser,
  values: MonthFormValues,
  now = new Date(),
): Promise<StartOutcome> {
  const db = context.get(dbContext)
  const homes = await plannerHomes(db, user.accountId, now)
  const { errors, parsed } = parseForm(
    values,
    homes.map((h) => h.id),
    zonedDate(now),
  )
  if (!parsed) return { status: 'invalid', errors, values }
  const refused = await quotaRefusal(db, user.accountId, parsed, values)
  if (refused) return refused
  const slots = await planSlots(db, user.accountId, parsed, [], now)
  const plan = await createMonthPlan(db, user.accountId, {
    createdBy: user.id,
    start: parsed.start,
    days: parsed.days,
    rhythmId: parsed.rhythmId,
    rhythm: parsed.rhythm,
    homeIds: parsed.homeIds,
    slots,
  })
  await enqueueMonth(context.get(jobsContext), plan.id)
  return { status: 'started', planId: plan.id }
}

/**
 * "Refazer o mês": the pieces the agent edited (caption, cover or time) stay; the rest are drafted
 * again around them, within the plan's quotas. Only a plan not yet sent for approval.
 */
export async function redoMonth(context: Context, user: SessionUser, plan: MonthPlan, now = new Date()) {
  const db = context.get(dbContext)
  const pieces = await listPieces(db, user.accountId, plan.id)
  const kept = pieces.filter((p) => p.edits.caption || p.edits.cover || p.edits.time)
  const dropped = pieces.filter((p) => !kept.includes(p))
  if (dropped.some((p) => p.publication)) return { status: 'scheduled' as const }
  const parsed: Parsed = {
    start: plan.start_date,
    days: plan.days,
    rhythmId: plan.rhythm_id,
    rhythm: plan.rhythm,
    homeIds: plan.home_ids,
  }
  const quota = await quotaFor(db, user.accountId, countsOf(plan.rhythm, plan.days))
  if (!quota.allowed)
    return {
      status: 'quota' as const,
      message: `Seu plano ainda permite ${quota.left} ${quota.what} este mês, e refazer o mês precisa de ${quota.needed}. Remova peças ou mude de plano.`,
    }
  const fixed: FixedSlot[] = kept.map((p) => ({
    id: p.id,
    kind: p.kind,
    message: p.message,
    homeId: p.home_id,
    composition: p.composition,
    publishAt: p.publish_at,
  }))
  for (const piece of dropped) if (piece.post_id) await deletePost(db, user.accountId, piece.post_id)
  await deletePieces(
    db,
    user.accountId,
    dropped.map((p) => p.id),
  )
  const slots = (await planSlots(db, user.accountId, parsed, fixed, now)).filter((s) => s.fixedId === undefined)
  await addPieces(db, plan, slots)
  await restartDrafting(db, user.accountId, plan.id)
  await enqueueMonth(context.get(jobsContext), plan.id)
  return { status: 'redone' as const, kept: kept.length }
}

export function enqueueMonth(jobs: Jobs, planId: number) {
  return jobs.send(MONTH_QUEUE, { planId }, { singletonKey: `month-${planId}` })
}

/** The plan page's data: progress, pieces by week. */
export async function monthPlanOf(context: Context, user: SessionUser, id: number) {
  const db = context.get(dbContext)
  const plan = await getMonthPlan(db, user.accountId, id)
  if (!plan) return null
  const [pieces, progress] = await Promise.all([listPieces(db, user.accountId, id), planProgress(db, id)])
  return { plan, pieces, progress }
}

export { formatDay, monthPage }
export type { Message, SlotKind }
