// /agendar-posts/agendamento: the form's data (the account's posts, accounts, defaults) and the
// scheduling of the chosen post, recorded in its approval history.
import { pieceProblems } from './home-compliance.server'
import type { RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser, postImagesContext, jobsContext, publishingContext } from '~/context'
import { accountLabel, addDays, postTitle, reachesMeta, type ScheduleValues } from '~/domain/scheduling'
import { fromZoned, zonedDate, zonedParts } from '~/domain/dates'
import { getPost, listPosts } from '~/models/posts.server'
import { canSchedulePublication } from '~/models/quota.server'
import { recordStep } from '~/models/approvals.server'
import { defaultCollaboratorOf } from '~/models/team.server'
import { actorOf, approvalStateOf, mayBeScheduled } from '~/workflows/approvals.server'
import { ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import {
  defaultAltTexts,
  defaultSlides,
  postPreview,
  schedulePost,
  type ScheduleOutcome,
} from '~/workflows/scheduling.server'

type Context = Readonly<RouterContextProvider>

export const NOT_YOURS_MESSAGE = 'Este post é de outra pessoa da equipe: peça a um gestor para agendá-lo.'

export type ScheduleFields =
  | 'post_id'
  | 'account_ids'
  | 'date'
  | 'time'
  | 'caption'
  | 'publish_at'
  | 'slides'
  | 'account'
  | 'plan'
  | 'alt_text'
  | 'first_comment'
  | 'collaborators'
  | 'compliance'
export type ScheduleErrors = Partial<Record<ScheduleFields, string[]>>
export type { ScheduleValues }

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

/** The form's data; `postId` is the post the page was opened for (?post=), when there is one. */
export async function scheduleFormData(context: Context, user: SessionUser, postId: number | null) {
  const db = context.get(dbContext)
  await ensureOutboxAccount(db, user.accountId)
  const [posts, accounts, post, quota, collaborator] = await Promise.all([
    listPosts(db, user.accountId),
    listAccounts(db, user.accountId),
    postId === null ? null : postPreview(db, user.accountId, postId),
    canSchedulePublication(db, user.accountId),
    defaultCollaboratorOf(db, user.accountId),
  ])
  const defaults = defaultTime()
  const chosen = post ? await getPost(db, user.accountId, post.id) : null
  // Each image's alt text made from the property: the form's starting words (issue 63).
  const altTexts =
    post && !post.story
      ? await defaultAltTexts(db, user.accountId, post.id, await defaultSlides(db, user.accountId, post.id))
      : []
  return {
    /** What the law still asks of the post's property (issue 65), shown beside the piece. */
    compliance: chosen?.home_id
      ? { homeId: chosen.home_id, problems: await pieceProblems(db, user.accountId, chosen.home_id) }
      : null,
    /** The post waits for approval (ADR 218): the review page instead of the form. */
    notApproved: chosen && !(await mayBeScheduled(db, user.accountId, approvalStateOf(chosen))) ? chosen.id : null,
    posts: posts.items
      .filter((item) => !item.generating && !item.error)
      .map((item) => ({ id: item.id, label: `${postTitle(item.template_name, item.home_name)} (#${item.id})` })),
    post,
    /** The plan's refusal, shown instead of the form (like a new property over the limit). */
    limit: quota.allowed ? null : (quota.message ?? null),
    instagramConnected: reachesMeta(accounts),
    accounts: accounts.filter((a) => !a.reconnect_reason).map((a) => ({ id: a.id, name: accountLabel(a) })),
    today: zonedDate(new Date()),
    maxDate: addDays(zonedDate(new Date()), 75),
    defaults: {
      ...defaults,
      caption: post?.caption ?? '',
      account_ids: accounts.slice(0, 1).map((a) => String(a.id)),
      alt_texts: altTexts,
      first_comment: '',
      // The agency's account, when it set one (issue 63): the agent may take it out.
      collaborators: collaborator ? `@${collaborator}` : '',
    } satisfies ScheduleValues,
  }
}

export type SchedulePostOutcome =
  | Exclude<ScheduleOutcome, { status: 'scheduled' }>
  /** `outboxOnly`: none of the chosen accounts is Instagram or a Facebook Page (the local outbox). */
  | { status: 'scheduled'; ids: number[]; outboxOnly: boolean }

/** "Agendar": the publications of the chosen post (plan, policy, approval and pre-flight first). */
export async function scheduleChosenPost(
  context: Context,
  user: SessionUser,
  input: {
    postId: number
    accountIds: number[]
    publishAt: Date
    caption: string
    /** Absent (a Story, or a form without them): made from the property. */
    altTexts?: string[]
    firstComment?: string
    collaborators?: string[]
  },
): Promise<SchedulePostOutcome> {
  const deps = {
    db: context.get(dbContext),
    postImages: context.get(postImagesContext),
    jobs: context.get(jobsContext),
    limits: context.get(publishingContext).limits,
  }
  const outcome = await schedulePost(deps, user.accountId, {
    by: user,
    postId: input.postId,
    accountIds: input.accountIds,
    publishAt: input.publishAt,
    caption: input.caption,
    altText: '',
    altTexts: input.altTexts,
    firstComment: input.firstComment,
    collaborators: input.collaborators,
    slides: null,
    ratio: 'original',
    fit: 'cover',
  })
  if (outcome.status !== 'scheduled') return outcome
  await recordStep(deps.db, {
    accountId: user.accountId,
    postId: input.postId,
    action: 'scheduled',
    actor: actorOf(user),
  })
  const chosen = new Set(input.accountIds)
  const outboxOnly = !reachesMeta((await listAccounts(deps.db, user.accountId)).filter((a) => chosen.has(a.id)))
  return { status: 'scheduled', ids: outcome.ids, outboxOnly }
}
