// /agendar-posts: the page's data (list or calendar, filtered by account) and the actions of
// each publication ("tentar novamente", cancel).
import type { RouterContextProvider } from 'react-router'
import { dbContext, postImagesContext, jobsContext } from '~/context'
import type { SessionUser } from '~/context'
import {
  addDays,
  calendarDays,
  reachesMeta,
  postTitle,
  reelTitle,
  type CalendarView,
  type PublicationView,
} from '~/domain/scheduling'
import { fromZoned } from '~/domain/dates'
import {
  deletePublication,
  listPublications,
  publicationAuthor,
  type PublicationListItem,
} from '~/models/scheduled-publications.server'
import { may } from '~/domain/team'
import { ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import { retryPublication } from '~/workflows/scheduling.server'
import { clip } from '~/domain/clip'
import type { Database } from '~/utils/db.server'
import { pauseReasons } from './home-compliance.server'

type Context = Readonly<RouterContextProvider>

export function toView(row: PublicationListItem, paused: string | null = null): PublicationView {
  return {
    id: row.id,
    postId: row.post_id,
    videoId: row.video_id,
    status: row.status,
    publishAt: row.publish_at.toISOString(),
    accountId: row.social_account_id,
    accountName: row.accountName ?? 'Conta removida',
    provider: row.provider,
    title: row.video_id !== null ? reelTitle(row.homeName) : postTitle(row.templateName, row.homeName),
    caption: clip(row.caption, 200),
    error: row.error,
    permalink: row.permalink,
    items: row.slides.length,
    kind: row.kind,
    commentError: row.comment_error,
    paused: row.status === 'scheduled' ? paused : null,
    homeId: row.homeId,
  }
}

/** The rows as the lists show them, each still to go out marked when its property pauses it. */
async function viewsOf(db: Database, accountId: string, rows: PublicationListItem[]): Promise<PublicationView[]> {
  const waiting = rows.filter((row) => row.status === 'scheduled')
  const reasons = await pauseReasons(
    db,
    accountId,
    waiting.map((row) => row.homeId),
  )
  return rows.map((row) => toView(row, row.homeId === null ? null : (reasons.get(row.homeId) ?? null)))
}

/** What the page shows: a list or a calendar around a São Paulo date, maybe one account only. */
export type SchedulingQuery = { view: CalendarView; anchor: string; accountId: number | null }

async function calendarData(context: Context, userId: string, query: SchedulingQuery) {
  if (query.view === 'lista') return null
  const days = calendarDays(query.view, query.anchor)
  const rows = await listPublications(context.get(dbContext), userId, {
    accountId: query.accountId,
    from: fromZoned(days[0]!, '00:00')!,
    to: fromZoned(addDays(days.at(-1)!, 1), '00:00')!,
  })
  return { days, publications: await viewsOf(context.get(dbContext), userId, rows) }
}

export async function schedulingPageData(context: Context, user: SessionUser, query: SchedulingQuery) {
  const db = context.get(dbContext)
  await ensureOutboxAccount(db, user.accountId)
  const filter = { accountId: query.accountId }
  const [accounts, upcoming, published, failed, calendar] = await Promise.all([
    listAccounts(db, user.accountId),
    listPublications(db, user.accountId, { ...filter, status: ['scheduled', 'publishing'], limit: 50 }),
    listPublications(db, user.accountId, { ...filter, status: ['published'], order: 'desc', limit: 20 }),
    listPublications(db, user.accountId, { ...filter, status: ['failed'], order: 'desc', limit: 20 }),
    calendarData(context, user.accountId, query),
  ])
  return {
    query,
    instagramConnected: reachesMeta(accounts),
    accounts: accounts.map((a) => ({ id: a.id, name: a.name, provider: a.provider, reconnect: a.reconnect_reason })),
    upcoming: await viewsOf(db, user.accountId, upcoming),
    published: await viewsOf(db, user.accountId, published),
    failed: await viewsOf(db, user.accountId, failed),
    calendar,
  }
}

export type PublicationChange =
  | { status: 'not-found' }
  | { status: 'forbidden' }
  | { status: 'over-limit'; message: string }
  | { status: 'unknown-intent' }
  | { status: 'retried' }
  | { status: 'cancelled' }

/** "Tentar novamente" or cancel one of the account's publications, if the policy lets this person. */
export async function changePublication(
  context: Context,
  user: SessionUser,
  input: { id: number; intent: 'retry' | 'cancel' | null },
): Promise<PublicationChange> {
  const db = context.get(dbContext)
  // Retrying or cancelling changes what goes out: the policy's "edit a scheduled publication".
  const author = await publicationAuthor(db, user.accountId, input.id)
  if (!author) return { status: 'not-found' }
  if (!may(user, 'edit-publication', author.createdBy)) return { status: 'forbidden' }
  if (input.intent === 'retry') {
    const deps = { db, postImages: context.get(postImagesContext), jobs: context.get(jobsContext) }
    const outcome = await retryPublication(deps, user.accountId, input.id)
    if (outcome.status === 'not-found') return { status: 'not-found' }
    if (outcome.status === 'over-limit') return { status: 'over-limit', message: outcome.message }
    return { status: 'retried' }
  }
  if (input.intent === 'cancel')
    return (await deletePublication(db, user.accountId, input.id)) ? { status: 'cancelled' } : { status: 'not-found' }
  return { status: 'unknown-intent' }
}

/** The dashboard's card: the next publications and the failed ones. */
export async function dashboardPublications(context: Context, userId: string) {
  const db = context.get(dbContext)
  const [next, failed] = await Promise.all([
    listPublications(db, userId, { status: ['scheduled', 'publishing'], limit: 3 }),
    listPublications(db, userId, { status: ['failed'], order: 'desc', limit: 3 }),
  ])
  return { next: await viewsOf(db, userId, next), failed: await viewsOf(db, userId, failed) }
}
