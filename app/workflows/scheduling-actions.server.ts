// /agendar-posts: the loader's data (list or calendar, filtered by account) and the actions of
// each publication ("tentar novamente", cancel). Query-string navigation: works without JS.
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, postImagesContext, jobsContext } from '~/context'
import type { SessionUser } from '~/context'
import {
  addDays,
  calendarDays,
  fromZoned,
  hasInstagram,
  postTitle,
  zonedDate,
  type CalendarView,
  type PublicationView,
} from '~/domain/scheduling'
import { deletePublication, listPublications, type PublicationListItem } from '~/models/scheduled-publications.server'
import { ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import { redirectWithToast } from '~/utils/toast.server'
import { idParam } from '~/utils/params'
import { retryPublication } from '~/workflows/scheduling.server'
import { clip } from '~/domain/clip'

type Context = Readonly<RouterContextProvider>

export function toView(row: PublicationListItem): PublicationView {
  return {
    id: row.id,
    postId: row.post_id,
    status: row.status,
    publishAt: row.publish_at.toISOString(),
    accountId: row.social_account_id,
    accountName: row.accountName ?? 'Conta removida',
    provider: row.provider,
    title: postTitle(row.templateName, row.homeName),
    caption: clip(row.caption, 200),
    error: row.error,
    permalink: row.permalink,
    items: row.slides.length,
  }
}

const optionalId = (value: string | null) => {
  const parsed = idParam.safeParse(value ?? '')
  return parsed.success ? parsed.data : null
}

export function readQuery(request: Request, now = new Date()) {
  const url = new URL(request.url)
  const viewParam = url.searchParams.get('visao')
  const view: CalendarView = viewParam === 'semana' || viewParam === 'mes' ? viewParam : 'lista'
  const dateParam = url.searchParams.get('data') ?? ''
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && fromZoned(dateParam, '12:00') ? dateParam : zonedDate(now)
  return { view, anchor, accountId: optionalId(url.searchParams.get('conta')) }
}

async function calendarData(context: Context, userId: string, query: ReturnType<typeof readQuery>) {
  if (query.view === 'lista') return null
  const days = calendarDays(query.view, query.anchor)
  const rows = await listPublications(context.get(dbContext), userId, {
    accountId: query.accountId,
    from: fromZoned(days[0]!, '00:00')!,
    to: fromZoned(addDays(days.at(-1)!, 1), '00:00')!,
  })
  return { days, publications: rows.map(toView) }
}

export async function schedulingPageData(context: Context, request: Request, user: SessionUser) {
  const db = context.get(dbContext)
  const query = readQuery(request)
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
    instagramConnected: hasInstagram(accounts),
    accounts: accounts.map((a) => ({ id: a.id, name: a.name, provider: a.provider, reconnect: a.reconnect_reason })),
    upcoming: upcoming.map(toView),
    published: published.map(toView),
    failed: failed.map(toView),
    calendar,
  }
}

export async function schedulingAction(context: Context, request: Request, user: SessionUser) {
  const form = await request.formData()
  const id = optionalId(String(form.get('publicacao') ?? ''))
  const intent = String(form.get('intent') ?? '')
  const back = '/agendar-posts'
  if (!id) return data({ error: 'Publicação não encontrada.' }, { status: 404 })
  const db = context.get(dbContext)
  if (intent === 'retry') {
    const deps = { db, postImages: context.get(postImagesContext), jobs: context.get(jobsContext) }
    const outcome = await retryPublication(deps, user.accountId, id)
    if (outcome.status === 'not-found') return data({ error: 'Publicação não encontrada.' }, { status: 404 })
    if (outcome.status === 'over-limit') return data({ error: outcome.message, upgrade: true }, { status: 403 })
    return redirectWithToast(back, {
      type: 'success',
      title: 'Publicação na fila de novo',
      description: 'Vamos tentar publicar em instantes.',
    })
  }
  if (intent === 'cancel') {
    if (!(await deletePublication(db, user.accountId, id)))
      return data({ error: 'Publicação não encontrada.' }, { status: 404 })
    return redirectWithToast(back, {
      type: 'success',
      title: 'Agendamento cancelado',
      description: 'Nada será publicado.',
    })
  }
  return data({ error: 'Ação desconhecida.' }, { status: 400 })
}

/** The dashboard's card: the next publications and the failed ones. */
export async function dashboardPublications(context: Context, userId: string) {
  const db = context.get(dbContext)
  const [next, failed] = await Promise.all([
    listPublications(db, userId, { status: ['scheduled', 'publishing'], limit: 3 }),
    listPublications(db, userId, { status: ['failed'], order: 'desc', limit: 3 }),
  ])
  return { next: next.map(toView), failed: failed.map(toView) }
}
