// The reader of /agendar-posts/agendamento: São Paulo date and time, accounts, caption; the
// pre-flight's and the policy's refusals beside their fields (400, 403), values kept.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { SessionUser } from '~/context'
import { fromZoned } from '~/domain/dates'
import { normalizeCaption } from '~/domain/scheduling'
import { parseCollaborators } from '~/domain/publishing-details'
import { idParam } from '~/utils/params'
import { redirectWithToast } from '~/utils/toast.server'
import { NOT_APPROVED_MESSAGE } from '~/workflows/approvals.server'
import {
  scheduleChosenPost,
  scheduleFormData,
  type ScheduleErrors,
  type ScheduleFields,
  type ScheduleValues,
} from '~/workflows/scheduling-form.server'
import { readForm } from '~/utils/form-body.server'

type Context = Readonly<RouterContextProvider>

export const NOT_YOURS_MESSAGE = 'Este post é de outra pessoa da equipe: peça a um gestor para agendá-lo.'

export function scheduleFormLoader(context: Context, request: Request, user: SessionUser) {
  const post = idParam.safeParse(new URL(request.url).searchParams.get('post') ?? '')
  return scheduleFormData(context, user, post.success ? post.data : null)
}

const ScheduleForm = z.object({
  post_id: idParam.prefault(''),
  account_ids: z.array(idParam).min(1, 'Escolha ao menos uma conta.'),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Informe a data.')
    .prefault(''),
  time: z
    .string()
    .regex(/^\d{2}:\d{2}$/, 'Informe o horário.')
    .prefault(''),
  caption: z.string().transform(normalizeCaption).pipe(z.string().max(20_000)).optional(),
  // The publication's details (issue 63): their own rules are the pre-flight's, beside each field.
  alt_texts: z.array(z.string().max(20_000).prefault('')).max(20).optional(),
  first_comment: z.string().max(20_000).optional(),
  collaborators: z.string().max(2_000).optional(),
})

/**
 * One field's messages: Conform groups the issues by field and keeps what this returns under the
 * field's name (an account that is not a number: "Escolha uma conta sua.").
 */
function messagesOf(issues: z.core.$ZodIssue[]): string[] {
  return issues.map((issue) =>
    String(issue.path[0]) === 'account_ids' && issue.code !== 'too_small' ? 'Escolha uma conta sua.' : issue.message,
  )
}

/** The submission's errors as the page shows them, field by field. */
function errorsOf(error: Record<string, string[] | null> | null | undefined): ScheduleErrors {
  const errors: ScheduleErrors = {}
  for (const [path, messages] of Object.entries(error ?? {})) {
    const field = path.split(/[.[]/)[0] as ScheduleFields
    if (messages?.length) errors[field] = [...(errors[field] ?? []), ...messages]
  }
  return errors
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export async function scheduleAction(context: Context, request: Request, user: SessionUser) {
  const submission = parseWithZod(await readForm(request), { schema: ScheduleForm, formatError: messagesOf })
  const posted = submission.payload
  const values: ScheduleValues = {
    date: text(posted.date),
    time: text(posted.time),
    caption: normalizeCaption(text(posted.caption)),
    account_ids: [posted.account_ids ?? []].flat().map(String),
    alt_texts: [posted.alt_texts ?? []].flat().map(text),
    first_comment: text(posted.first_comment),
    collaborators: text(posted.collaborators),
  }
  const invalid = (errors: ScheduleErrors) => data({ errors, values }, { status: 400 })
  const refused = (errors: ScheduleErrors) => data({ errors, values }, { status: 403 })
  if (submission.status !== 'success') return invalid(errorsOf(submission.error))
  const form = submission.value
  const publishAt = fromZoned(form.date, form.time)
  if (!publishAt) return invalid({ date: ['Data ou horário inválido.'] })
  const collaborators = parseCollaborators(form.collaborators ?? '')
  if (collaborators.errors.length) return invalid({ collaborators: collaborators.errors })
  const outcome = await scheduleChosenPost(context, user, {
    postId: form.post_id,
    accountIds: form.account_ids,
    publishAt,
    caption: form.caption ?? '',
    altTexts: form.alt_texts?.map((alt) => alt.trim()),
    firstComment: form.first_comment,
    collaborators: collaborators.usernames,
  })
  if (outcome.status === 'not-found') return invalid({ post_id: ['Escolha um post seu.'] })
  if (outcome.status === 'forbidden') return refused({ post_id: [NOT_YOURS_MESSAGE] })
  if (outcome.status === 'not-approved' && outcome.revised)
    return redirectWithToast(`/aprovacoes/${form.post_id}`, {
      type: 'info',
      title: 'A legenda mudou: o post voltou para aprovação',
      description: 'Agende depois que um gestor aprovar a nova legenda.',
    })
  if (outcome.status === 'not-approved') return refused({ post_id: [NOT_APPROVED_MESSAGE] })
  if (outcome.status === 'invalid') return invalid(outcome.errors)
  // The plan's answer, as for posts over the limit: 403, the message, nothing saved.
  if (outcome.status === 'over-limit') return refused({ plan: [outcome.message] })
  return redirectWithToast('/agendar-posts', {
    type: 'success',
    title: outcome.ids.length > 1 ? `${outcome.ids.length} publicações agendadas` : 'Publicação agendada',
    description: `Para ${form.date.split('-').reverse().join('/')} às ${form.time}.${
      outcome.outboxOnly ? ' Vai para a caixa de saída local, não para o Instagram.' : ''
    }`,
  })
}
