// /agendar-posts/agendamento: the form's data (the user's posts, accounts, defaults) and its
// reader: São Paulo date and time, accounts, caption; pre-flight errors beside their fields.
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { dbContext, type SessionUser, postImagesContext, jobsContext } from '~/context'
import {
  addDays,
  fromZoned,
  hasInstagram,
  normalizeCaption,
  postTitle,
  zonedDate,
  zonedParts,
} from '~/domain/scheduling'
import { getPost, listPosts } from '~/models/posts.server'
import { canSchedulePublication } from '~/models/quota.server'
import { recordStep } from '~/models/approvals.server'
import { actorOf, mayBeScheduled, NOT_APPROVED_MESSAGE } from '~/workflows/approvals.server'
import { ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import { redirectWithToast } from '~/utils/toast.server'
import { idParam } from '~/utils/params'
import { postPreview, schedulePost } from '~/workflows/scheduling.server'

type Context = Readonly<RouterContextProvider>

export type ScheduleFields =
  'post_id' | 'account_ids' | 'date' | 'time' | 'caption' | 'publish_at' | 'slides' | 'account' | 'plan'
export type ScheduleErrors = Partial<Record<ScheduleFields, string[]>>
export type ScheduleValues = { date: string; time: string; caption: string; account_ids: string[] }

/** One hour from now, on the next half hour (São Paulo). */
export function defaultTime(now = new Date()) {
  const later = new Date(now.getTime() + 60 * 60_000)
  const p = zonedParts(later)
  const minutes = p.minute <= 30 ? 30 : 60
  const rounded = fromZoned(zonedDate(later), `${String(p.hour).padStart(2, '0')}:00`)!
  const at = new Date(rounded.getTime() + minutes * 60_000)
  const q = zonedParts(at)
  return { date: zonedDate(at), time: `${String(q.hour).padStart(2, '0')}:${String(q.minute).padStart(2, '0')}` }
}

export async function scheduleFormData(context: Context, request: Request, user: SessionUser) {
  const db = context.get(dbContext)
  const postParam = idParam.safeParse(new URL(request.url).searchParams.get('post') ?? '')
  await ensureOutboxAccount(db, user.accountId)
  const [posts, accounts, post, quota] = await Promise.all([
    listPosts(db, user.accountId),
    listAccounts(db, user.accountId),
    postParam.success ? postPreview(db, user.accountId, postParam.data) : null,
    canSchedulePublication(db, user.accountId),
  ])
  const defaults = defaultTime()
  const chosen = post ? await getPost(db, user.accountId, post.id) : null
  return {
    /** The post waits for approval (ADR 218): the review page instead of the form. */
    notApproved: chosen && !(await mayBeScheduled(db, user.accountId, chosen.approval_status)) ? chosen.id : null,
    posts: posts.items
      .filter((item) => !item.generating && !item.error)
      .map((item) => ({ id: item.id, label: `${postTitle(item.template_name, item.home_name)} (#${item.id})` })),
    post,
    /** The plan's refusal, shown instead of the form (like a new property over the limit). */
    limit: quota.allowed ? null : (quota.message ?? null),
    instagramConnected: hasInstagram(accounts),
    accounts: accounts.filter((a) => !a.reconnect_reason).map((a) => ({ id: a.id, name: a.name })),
    today: zonedDate(new Date()),
    maxDate: addDays(zonedDate(new Date()), 75),
    defaults: {
      ...defaults,
      caption: post?.caption ?? '',
      account_ids: accounts.slice(0, 1).map((a) => String(a.id)),
    } satisfies ScheduleValues,
  }
}

const Form = z.object({
  post_id: idParam,
  account_ids: z.array(idParam).min(1, 'Escolha ao menos uma conta.'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data.'),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Informe o horário.'),
  caption: z.string().max(20_000),
})

export async function scheduleAction(context: Context, request: Request, user: SessionUser) {
  const form = await request.formData()
  const values: ScheduleValues = {
    date: String(form.get('date') ?? ''),
    time: String(form.get('time') ?? ''),
    caption: normalizeCaption(String(form.get('caption') ?? '')),
    account_ids: form.getAll('account_ids').map(String),
  }
  const invalid = (errors: ScheduleErrors) => data({ errors, values }, { status: 400 })
  const parsed = Form.safeParse({ ...values, post_id: String(form.get('post_id') ?? '') })
  if (!parsed.success) {
    const errors: ScheduleErrors = {}
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]) as ScheduleFields
      errors[field] = [
        ...(errors[field] ?? []),
        field === 'account_ids' && issue.code !== 'too_small' ? 'Escolha uma conta sua.' : issue.message,
      ]
    }
    return invalid(errors)
  }
  const publishAt = fromZoned(parsed.data.date, parsed.data.time)
  if (!publishAt) return invalid({ date: ['Data ou horário inválido.'] })
  const deps = {
    db: context.get(dbContext),
    postImages: context.get(postImagesContext),
    jobs: context.get(jobsContext),
  }
  const outcome = await schedulePost(deps, user.accountId, {
    postId: parsed.data.post_id,
    accountIds: parsed.data.account_ids,
    publishAt,
    caption: parsed.data.caption,
    altText: '',
    slides: null,
    ratio: 'original',
    fit: 'cover',
  })
  if (outcome.status === 'not-found') return invalid({ post_id: ['Escolha um post seu.'] })
  if (outcome.status === 'not-approved')
    return data({ errors: { post_id: [NOT_APPROVED_MESSAGE] } as ScheduleErrors, values }, { status: 403 })
  if (outcome.status === 'invalid') return invalid(outcome.errors)
  // The plan's answer, as for posts over the limit: 403, the message, nothing saved.
  if (outcome.status === 'over-limit')
    return data({ errors: { plan: [outcome.message] } as ScheduleErrors, values }, { status: 403 })
  await recordStep(deps.db, {
    accountId: user.accountId,
    postId: parsed.data.post_id,
    action: 'scheduled',
    actor: actorOf(user),
  })
  const chosen = new Set(parsed.data.account_ids)
  const outboxOnly = !hasInstagram((await listAccounts(deps.db, user.accountId)).filter((a) => chosen.has(a.id)))
  return redirectWithToast('/agendar-posts', {
    type: 'success',
    title: outcome.ids.length > 1 ? `${outcome.ids.length} publicações agendadas` : 'Publicação agendada',
    description: `Para ${parsed.data.date.split('-').reverse().join('/')} às ${parsed.data.time}.${
      outboxOnly ? ' Vai para a caixa de saída local, não para o Instagram.' : ''
    }`,
  })
}
