// Scheduling a post (ADR 101): the images are made once here to run the pre-flight checks that
// Instagram would run (ratio, JPEG, 8 MB, 2–10 items, caption, account), so nothing is accepted
// that would be refused at publish time; then one publication per account goes on the queue.
import { dayLimitError, type PublishingLimits } from './publishing-limit.server'
import { postImagePath } from '~/domain/public-links'
import { hasErrors, preflight, type PreflightErrors } from '~/domain/publishing-rules'
import {
  normalizeCaption,
  postTitle,
  type ImageFit,
  type PublicationKind,
  type PublishRatio,
} from '~/domain/scheduling'
import { SLIDE_TYPE_LABELS, slideLayout } from '~/domain/slides'
import { altTextFor } from '~/domain/publishing-details'
import type { Jobs } from '~/utils/jobs.server'
import { getPost, getPostNames, reviseWithoutContent, setPostCaption } from '~/models/posts.server'
import { may, type Person } from '~/domain/team'
import {
  editPublication,
  getPublication,
  insertPublication,
  publicationAuthor,
  requeuePublication,
  type Publication,
  type PublicationEdit,
} from '~/models/scheduled-publications.server'
import { getAccount, type SocialAccount } from '~/models/social-accounts.server'
import { canSchedulePublication, lockQuotaOf, publicationWithinPlan, type QuotaDecision } from '~/models/quota.server'
import type { Database } from '~/utils/db.server'
import type { PostImages } from './post-images.server'
import { loadOwnPost } from './post-images.server'
import { approvalRequired, approvalStateOf, mayBeScheduled } from '~/workflows/approvals.server'
import { approvalStateForUpdate } from '~/models/approvals.server'
import { publishableItems, renderPublicationImages } from './publication-images.server'
import { enqueuePublication } from './publishing.server'
import { pieceProblems } from './home-compliance.server'

const sameCaption = (a: string, b: string) => normalizeCaption(a).trim() === normalizeCaption(b).trim()

export type SchedulingDeps = {
  db: Database
  postImages: PostImages
  jobs: Jobs
  /** Instagram's daily limit per account (issue 63); absent, only publishing asks it. */
  limits?: PublishingLimits
}

export type ScheduleInput = {
  /** Who schedules: a corretor schedules only their own pieces (ADR 236). */
  by: Person
  postId: number
  accountIds: number[]
  publishAt: Date
  caption: string
  altText: string
  slides: number[] | null
  ratio: PublishRatio
  fit: ImageFit
  /** 'story' sends each image as one Story; by default a Story-format post's kind (issue 63). */
  kind?: PublicationKind
  /** Each image's alt text, in publishing order; absent: made from the property. */
  altTexts?: string[] | null
  collaborators?: string[]
  firstComment?: string
}

/** The plan's monthly scheduling allowance is used up (or the plan has none): nothing saved. */
export type OverLimit = { status: 'over-limit'; message: string; upgradePlan: string | null }

export type ScheduleOutcome =
  | { status: 'scheduled'; ids: number[] }
  | { status: 'invalid'; errors: PreflightErrors }
  | { status: 'not-found' }
  | { status: 'forbidden' }
  /** `revised`: the form's caption became the post's, which went back to approval. */
  | { status: 'not-approved'; revised?: boolean }
  | OverLimit

const overLimit = (decision: QuotaDecision): OverLimit => ({
  status: 'over-limit',
  message: decision.message ?? '',
  upgradePlan: decision.upgradePlan ?? null,
})

/** Thrown inside the transaction to roll it back when the locked count says no. */
class QuotaRefused extends Error {
  constructor(readonly decision: QuotaDecision) {
    super(decision.message)
  }
}

/**
 * Each chosen item's alt text, made from the property (type, rooms, place) and what the item
 * shows (the photo's own caption, else the slide's kind and title): the form's starting values.
 */
export async function defaultAltTexts(
  db: Database,
  userId: string,
  postId: number,
  slides: number[],
): Promise<string[]> {
  const data = await loadOwnPost(db, userId, postId)
  if (!data) return []
  const items = publishableItems(data)
  const captions = new Map((data.home?.gallery ?? []).map((photo) => [photo.url, photo.caption ?? '']))
  return slides.map((i) => {
    const entry = items[i]
    if (!entry) return ''
    if (entry.kind === 'media') return altTextFor(data.content.home, null)
    const photo = entry.slide.image || (slideLayout(entry.slide) === 'cover' ? data.content.home?.photos[0] : null)
    return altTextFor(data.content.home, entry.slide, photo ? captions.get(photo) : null)
  })
}

/** Every item of the post, in order, when the form did not choose (at most 10). */
export async function defaultSlides(db: Database, userId: string, postId: number): Promise<number[]> {
  const data = await loadOwnPost(db, userId, postId)
  return data
    ? publishableItems(data)
        .slice(0, 10)
        .map((_, i) => i)
    : []
}

async function check(
  deps: SchedulingDeps,
  userId: string,
  input: Omit<ScheduleInput, 'by'> & { slides: number[] },
  account: SocialAccount | null,
  now: Date,
) {
  if (!account) return { account: ['Escolha uma conta sua.'] } satisfies PreflightErrors
  const images = await renderPublicationImages(deps.db, deps.postImages, { userId, ...input })
  return preflight({
    images: (images ?? []).map((image) => image.facts),
    caption: input.caption,
    altText: input.altText,
    publishAt: input.publishAt,
    now,
    kind: input.kind,
    altTexts: input.altTexts ?? [],
    collaborators: input.collaborators,
    firstComment: input.firstComment,
    account: {
      provider: account.provider,
      reconnectReason: account.reconnect_reason,
      expiresAt: account.expires_at,
      deleted: !!account.deleted_at,
    },
  })
}

class NotApproved extends Error {}

export async function schedulePost(
  deps: SchedulingDeps,
  userId: string,
  input: ScheduleInput,
  now = new Date(),
): Promise<ScheduleOutcome> {
  const post = await getPost(deps.db, userId, input.postId)
  if (!post) return { status: 'not-found' }
  if (!may(input.by, 'schedule', post.created_by)) return { status: 'forbidden' }
  // What the law asks of the property's ads (issue 65): an authorisation in force, a launch's R.I.
  const problems = await pieceProblems(deps.db, userId, post.home_id, now)
  if (problems.length) return { status: 'invalid', errors: { compliance: problems } }
  // Only an approved piece is scheduled where the account requires approval (ADR 218).
  if (!(await mayBeScheduled(deps.db, userId, approvalStateOf(post)))) return { status: 'not-approved' }
  // A caption changed on the form becomes the post's, and the approved post goes back to
  // approval: the approval covers what is published (ADR 237).
  const revised = (await approvalRequired(deps.db, userId)) && !sameCaption(input.caption, post.description ?? '')
  if (input.accountIds.length === 0) return { status: 'invalid', errors: { account: ['Escolha ao menos uma conta.'] } }
  // The plan first: a refusal costs no image rendering.
  const wanted = input.accountIds.length
  const quota = await canSchedulePublication(deps.db, userId, now, wanted)
  if (!quota.allowed) return overLimit(quota)
  const slides = input.slides ?? (await defaultSlides(deps.db, userId, post.id))
  // A Story-format post goes out as Stories unless the form says otherwise (issue 63).
  const kind: PublicationKind = input.kind ?? (post.format === 'story' ? 'story' : 'feed')
  const story = kind === 'story'
  const details = {
    kind,
    altTexts: story ? [] : (input.altTexts ?? (await defaultAltTexts(deps.db, userId, post.id, slides))),
    collaborators: story ? [] : (input.collaborators ?? []),
    firstComment: story ? '' : (input.firstComment ?? '').trim(),
  }
  const providers = new Map<number, SocialAccount['provider']>()
  for (const accountId of input.accountIds) {
    const account = await getAccount(deps.db, userId, accountId)
    const errors = await check(deps, userId, { ...input, ...details, slides }, account, now)
    if (hasErrors(errors) || !account) return { status: 'invalid', errors }
    providers.set(accountId, account.provider)
    // A day at Instagram's limit takes no more, said now rather than failing at publishing time.
    const full = await dayLimitError(deps.db, deps.limits, account, input.publishAt, story ? slides.length : 1)
    if (full) return { status: 'invalid', errors: { account: [full] } }
  }
  if (revised) {
    await setPostCaption(deps.db, userId, post.id, input.caption)
    return { status: 'not-approved', revised: true }
  }
  const rows: Publication[] = []
  // One transaction: either every account's publication is saved, or none. The count is asked
  // again under the agent's lock, so two requests at once cannot both take the last one.
  try {
    await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database
      await lockQuotaOf(tx, userId)
      const locked = await canSchedulePublication(tx, userId, now, wanted)
      if (!locked.allowed) throw new QuotaRefused(locked)
      // An edit since the check sends an approved post back to Rascunho: asked again, locked.
      const state = await approvalStateForUpdate(tx, userId, post.id)
      if (!state || !(await mayBeScheduled(tx, userId, state))) throw new NotApproved()
      // A piece to Instagram and a Page is a publication each (ADR 308); collaborators are
      // Instagram's, so a Page's row keeps none.
      for (const accountId of input.accountIds) {
        const collaborators = providers.get(accountId) === 'facebook' ? [] : details.collaborators
        rows.push(await insertPublication(tx, userId, { ...input, ...details, collaborators, slides, accountId }))
      }
    })
  } catch (error) {
    if (error instanceof QuotaRefused) return overLimit(error.decision)
    if (error instanceof NotApproved) return { status: 'not-approved' }
    throw error
  }
  for (const row of rows) await enqueuePublication(deps.jobs, row)
  return { status: 'scheduled', ids: rows.map((row) => row.id) }
}

/** Changes what a publication sends (caption, images); refused when Instagram would refuse it. */
export async function editScheduled(
  deps: SchedulingDeps,
  userId: string,
  by: Person,
  id: number,
  edit: PublicationEdit,
  now = new Date(),
): Promise<
  | { status: 'saved'; revised: boolean }
  | { status: 'invalid'; errors: PreflightErrors }
  | { status: 'not-found' }
  | { status: 'forbidden' }
> {
  const row = await getPublication(deps.db, userId, id)
  // A Reel's caption is the video's, changed on the video's page (ADR 263).
  if (!row || (row.status !== 'scheduled' && row.status !== 'failed') || !row.social_account_id || !row.post_id)
    return { status: 'not-found' }
  const postId = row.post_id
  const author = await publicationAuthor(deps.db, userId, id)
  if (!author || !may(by, 'edit-publication', author.createdBy)) return { status: 'forbidden' }
  const next = { ...row, ...edit }
  const publishAt = row.status === 'failed' ? new Date(now.getTime() + 120_000) : row.publish_at
  const errors = await check(
    deps,
    userId,
    {
      postId,
      accountIds: [],
      publishAt,
      caption: next.caption,
      altText: next.alt_text,
      kind: row.kind,
      altTexts: next.alt_texts,
      collaborators: next.collaborators,
      firstComment: next.first_comment,
      slides: next.slides,
      ratio: next.ratio,
      fit: next.fit,
    },
    await getAccount(deps.db, userId, row.social_account_id),
    now,
  )
  // A publication due within the minute may still be edited: only its content is checked.
  delete errors.publish_at
  if (hasErrors(errors)) return { status: 'invalid', errors }
  if (!(await editPublication(deps.db, userId, id, edit))) return { status: 'not-found' }
  // What goes out changed: the post makes a new revision and, approved, goes back to approval;
  // the caption becomes the post's, so the reviewer reads what will be published (ADR 237).
  const revised = await approvalRequired(deps.db, userId)
  if (revised) {
    if (edit.caption !== undefined && !sameCaption(edit.caption, row.caption))
      await setPostCaption(deps.db, userId, postId, edit.caption)
    else await reviseWithoutContent(deps.db, userId, postId)
  }
  return { status: 'saved', revised }
}

/**
 * "Tentar novamente": a failed publication goes out again in a moment, unless the plan the agent
 * has now does not cover it (the job would refuse it anyway).
 */
export async function retryPublication(
  deps: SchedulingDeps,
  userId: string,
  id: number,
  now = new Date(),
): Promise<{ status: 'queued' } | { status: 'not-found' } | OverLimit> {
  const current = await getPublication(deps.db, userId, id)
  if (!current || current.status !== 'failed') return { status: 'not-found' }
  const quota = await publicationWithinPlan(deps.db, current, now)
  if (!quota.allowed) return overLimit(quota)
  const row = await requeuePublication(deps.db, userId, id, now)
  if (!row) return { status: 'not-found' }
  await enqueuePublication(deps.jobs, row)
  return { status: 'queued' }
}

export type PostPreview = {
  id: number
  title: string
  caption: string
  items: { label: string; src: string }[]
  /** A Story-format post: each image goes out as one Story, in order (issue 63). */
  story: boolean
}

/** The user's post with its publishable items (labels and preview images); null if not theirs. */
export async function postPreview(db: Database, userId: string, postId: number): Promise<PostPreview | null> {
  const data = await loadOwnPost(db, userId, postId)
  if (!data || data.post.generating || data.post.error) return null
  const items = publishableItems(data).map((entry, i) => ({
    label:
      entry.kind === 'media'
        ? 'Imagem principal'
        : `${i + 1}. ${SLIDE_TYPE_LABELS[slideLayout(entry.slide)]}${entry.slide.title ? `: ${entry.slide.title}` : ''}`,
    src: postImagePath(
      data.post.public_id,
      entry.kind === 'media' || entry.index < 0 ? {} : { slide: entry.index, format: 'jpeg' },
    ),
  }))
  const names = await getPostNames(db, userId, postId)
  return {
    id: data.post.id,
    title: postTitle(names?.template_name, names?.home_name),
    caption: data.post.description ?? '',
    items,
    story: data.post.format === 'story',
  }
}
