// Publishing at publish_at (ADRs 101, 102): a pg-boss job per publication; each attempt claims
// the row with a lease (two workers never publish one row at once; a job run twice finds it
// done), sends it to the outbox or Instagram, and records the result. Network, 5xx and 9007
// errors are retried by the queue with backoff; validation errors fail at once with Meta's
// reason in pt-BR; a revoked token also marks the account for reconnection. A Reel (a video's
// publication, ADR 263) goes through the same attempts: only what it sends differs
// (reel-sending.server.ts), and so does a publication to a Facebook Page (ADRs 308, 320): the same
// row, lease and retries, the Pages API's calls.
import { GraphError, type GraphClient } from '~/integrations/meta/graph.server'
import {
  publishStoriesToInstagram,
  publishToInstagram,
  type PollOptions,
  type PublishOutcome,
} from '~/integrations/meta/instagram-publisher.server'
import type { PageTarget } from '~/integrations/meta/facebook-publisher.server'
import type { PublishProgress } from '~/domain/scheduling'
import { publishToOutbox } from '~/integrations/meta/outbox.server'
import { createPagesClient, type PagesClient } from '~/integrations/meta/facebook-pages.server'
import { publishStoriesToFacebookPage, publishToFacebookPage } from '~/integrations/meta/facebook-publisher.server'
import type { Storage } from '~/integrations/storage/storage.server'
import type { Jobs } from '~/utils/jobs.server'
import {
  DAILY_LIMIT_MESSAGE,
  FIRST_COMMENT_FAILED,
  classifyMetaError,
  metaErrorMessage,
  networkOf,
  reconnectReason,
} from '~/domain/publishing-rules'
import {
  claimPublication,
  loadPublicationForWorker,
  markFailed,
  markPublished,
  pausePublication,
  pendingPublications,
  releaseForRetry,
  saveComment,
  saveProgress,
  type Publication,
} from '~/models/scheduled-publications.server'
import { publicationWithinPlan } from '~/models/quota.server'
import { getPost } from '~/models/posts.server'
import { mayPublish, NEEDS_NEW_APPROVAL, videoApprovalState } from '~/domain/team'
import { getVideo } from '~/models/videos.server'
import { pauseReasonOf } from '~/models/home-authorizations.server'
import { approvalRequired, approvalStateOf } from '~/workflows/approvals.server'
import { accountToken, getAccount, markForReconnect, type SocialAccount } from '~/models/social-accounts.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import type { PostImages } from './post-images.server'
import {
  publicationImageUrl,
  renderPublicationImages,
  validImageSignature,
  type ReelFile,
} from './publication-images.server'
import { sendReel } from './reel-sending.server'

export const PUBLISH_QUEUE = 'publish-post'
/** Attempts before a publication that keeps failing for passing reasons is marked failed. */
export const MAX_ATTEMPTS = 6
const LEASE_SECONDS = 5 * 60

export type PublishingDeps = {
  db: Database
  logger: Logger
  postImages: PostImages
  /** Where the local outbox keeps what it publishes (the one bucket every instance reads). */
  storage: Storage
  graph: GraphClient
  /** The Pages API (graph.facebook.com), for Facebook Page accounts (ADR 308). */
  pages?: PagesClient
  /** Seals tokens and signs the image links. */
  credentialsKey: string
  /** The public address Meta reaches us at (APP_URL). */
  appUrl: string
  poll?: PollOptions
}

export type RunResult = 'published' | 'failed' | 'retry' | 'skipped'

class Transient extends Error {}
class NeedsApproval extends Error {}

/**
 * Is what this publication would send the approved revision (ADR 237)? Asked before the images
 * are made and again after, so an edit in between is not published unseen.
 */
async function holdsApproval(db: Database, row: Publication): Promise<boolean> {
  if (row.video_id !== null) {
    const video = await getVideo(db, row.user_id, row.video_id)
    if (!video) return true // gone: sending fails on its own, with its own reason
    return mayPublish({
      approvalRequired: await approvalRequired(db, row.user_id),
      piece: videoApprovalState(video),
      caption: { sent: row.caption, approved: video.caption },
    })
  }
  if (row.post_id === null) return true
  const post = await getPost(db, row.user_id, row.post_id)
  if (!post) return true // gone: sending fails on its own, with its own reason
  return mayPublish({
    approvalRequired: await approvalRequired(db, row.user_id),
    piece: approvalStateOf(post),
    caption: { sent: row.caption, approved: post.description ?? '' },
  })
}

/** The pause reason of the publication's property today, or null (a piece of no property never pauses). */
async function pausedNow(db: Database, row: Publication): Promise<string | null> {
  const piece =
    row.video_id !== null
      ? await getVideo(db, row.user_id, row.video_id)
      : row.post_id !== null
        ? await getPost(db, row.user_id, row.post_id)
        : null
  return pauseReasonOf(db, row.user_id, piece?.home_id ?? null)
}

const gone = (what: string) => new GraphError(400, undefined, undefined, what)

async function send(deps: PublishingDeps, row: Publication, account: SocialAccount): Promise<PublishOutcome> {
  if (row.video_id !== null) return sendReel(deps, row, row.video_id, account)
  if (row.post_id === null) throw gone('O post foi excluído ou não tem imagens.')
  const images = await renderPublicationImages(deps.db, deps.postImages, {
    userId: row.user_id,
    postId: row.post_id,
    slides: row.slides,
    ratio: row.ratio,
    fit: row.fit,
  })
  if (!images || images.length === 0)
    throw new GraphError(400, undefined, undefined, 'O post foi excluído ou não tem imagens.')
  if (!(await holdsApproval(deps.db, row))) throw new NeedsApproval()
  if (account.provider === 'outbox') {
    await publishToOutbox(deps.storage, row.user_id, {
      publicationId: row.id,
      kind: row.kind,
      images: images.map((image) => image.bytes),
      caption: row.caption,
      altText: row.alt_text,
      altTexts: row.alt_texts,
      collaborators: row.collaborators,
      firstComment: row.first_comment,
    })
    return { externalId: `outbox-${row.id}`, permalink: `/integracoes/saida#publicacao-${row.id}` }
  }
  const token = accountToken(account, deps.credentialsKey)
  if (!token || !account.external_id) throw new GraphError(400, 190, undefined, 'sem token')
  const imageUrls = images.map((_, i) => publicationImageUrl(deps.appUrl, deps.credentialsKey, row.id, i))
  if (account.provider === 'facebook') return sendToPage(deps, row, { pageId: account.external_id, token }, imageUrls)
  // A Story post: each image one Story, in order (issue 63).
  if (row.kind === 'story')
    return publishStoriesToInstagram(
      deps.graph,
      { accountId: account.external_id, token },
      {
        frames: imageUrls.map((imageUrl) => ({ imageUrl })),
        progress: row.progress,
        saveProgress: (progress) => saveProgress(deps.db, row.id, progress),
      },
      deps.poll,
    )
  return publishToInstagram(
    deps.graph,
    { accountId: account.external_id, token },
    {
      imageUrls,
      caption: row.caption,
      altText: row.alt_text,
      altTexts: row.alt_texts,
      collaborators: row.collaborators,
      progress: row.progress,
      saveProgress: (progress) => saveProgress(deps.db, row.id, progress),
    },
    deps.poll,
  )
}

const pagesOf = (deps: PublishingDeps) => deps.pages ?? createPagesClient()

/** A post (one photo or several) or a Story sequence on a Facebook Page (ADR 308). */
function sendToPage(deps: PublishingDeps, row: Publication, target: PageTarget, imageUrls: string[]) {
  const progress = { progress: row.progress, saveProgress: (p: PublishProgress) => saveProgress(deps.db, row.id, p) }
  if (row.kind === 'story') return publishStoriesToFacebookPage(pagesOf(deps), target, { imageUrls, ...progress })
  return publishToFacebookPage(pagesOf(deps), target, {
    imageUrls,
    caption: row.caption,
    altText: row.alt_text,
    altTexts: row.alt_texts,
    ...progress,
  })
}

async function settleFailure(
  deps: PublishingDeps,
  row: Publication,
  account: SocialAccount,
  error: unknown,
): Promise<RunResult> {
  const facts =
    error instanceof GraphError
      ? error
      : { status: 0, message: error instanceof Error ? error.message : 'falha desconhecida' }
  const kind = classifyMetaError(facts)
  const network = networkOf(account.provider)
  deps.logger.warn('publication attempt failed', { publicationId: row.id, attempt: row.attempts, kind, error })
  if (kind === 'reconnect') {
    await markForReconnect(deps.db, account.id, reconnectReason(network))
    await markFailed(deps.db, row.id, metaErrorMessage(facts, network))
    return 'failed'
  }
  if (kind === 'limit') {
    await markFailed(deps.db, row.id, DAILY_LIMIT_MESSAGE)
    return 'failed'
  }
  if (kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
    await releaseForRetry(deps.db, row.id, `Nova tentativa em instantes. ${metaErrorMessage(facts, network)}`)
    return 'retry'
  }
  await markFailed(deps.db, row.id, metaErrorMessage(facts, network))
  return 'failed'
}

/** One attempt at a publication. */
export async function runPublication(deps: PublishingDeps, publicationId: number): Promise<RunResult> {
  const row = await claimPublication(deps.db, publicationId, LEASE_SECONDS)
  if (!row) {
    // Another worker holds it (or it is not due yet): look again later unless it is settled.
    const current = await loadPublicationForWorker(deps.db, publicationId)
    return current && (current.status === 'scheduled' || current.status === 'publishing') ? 'retry' : 'skipped'
  }
  // The plan is asked where the work is done too: a publication the agent's plan does not cover
  // (scheduled before the check existed, or a plan that ended since) fails with the plan's reason.
  const quota = await publicationWithinPlan(deps.db, row)
  if (!quota.allowed) {
    await markFailed(deps.db, row.id, quota.message ?? 'Seu plano não inclui este agendamento.')
    deps.logger.info('publication refused by the plan', { publicationId: row.id })
    return 'failed'
  }
  const account = row.social_account_id ? await getAccount(deps.db, row.user_id, row.social_account_id) : null
  if (!account || account.deleted_at) {
    await markFailed(deps.db, row.id, 'A conta de destino foi desconectada. Escolha outra conta e agende de novo.')
    return 'failed'
  }
  if (account.reconnect_reason) {
    await markFailed(deps.db, row.id, `Conecte a conta de novo em Integrações: ${account.reconnect_reason}`)
    return 'failed'
  }
  // A property whose owner's authorisation lapsed has its ads held back until a new one (issue 65).
  const paused = await pausedNow(deps.db, row)
  if (paused) {
    await pausePublication(deps.db, row.id, paused)
    deps.logger.info('publication paused: the property has no authorisation in force', { publicationId: row.id })
    return 'skipped'
  }
  if (!(await holdsApproval(deps.db, row))) return refuseUnapproved(deps, row)
  try {
    const outcome = await send(deps, row, account)
    await markPublished(deps.db, row.id, outcome)
    deps.logger.info('publication published', { publicationId: row.id, provider: account.provider })
    await postFirstComment(deps, row, account, outcome)
    return 'published'
  } catch (error) {
    if (error instanceof NeedsApproval) return refuseUnapproved(deps, row)
    return settleFailure(deps, row, account, error)
  }
}

/**
 * The first comment (issue 63), right after the publication went out, through the comments
 * endpoint. Whatever happens here the publication stays published: a failure is kept beside it
 * (comment_error) in pt-BR. The outbox keeps the comment in its manifest instead.
 */
async function postFirstComment(
  deps: PublishingDeps,
  row: Publication,
  account: SocialAccount,
  outcome: PublishOutcome,
) {
  const message = row.first_comment.trim()
  if (!message || row.kind === 'story' || row.comment_id) return
  if (account.provider === 'outbox') {
    await saveComment(deps.db, row.id, { id: `outbox-comment-${row.id}`, error: null })
    return
  }
  try {
    const token = accountToken(account, deps.credentialsKey)
    if (!token) throw new GraphError(400, 190, undefined, 'sem token')
    const id =
      account.provider === 'facebook'
        ? await pagesOf(deps).comment(outcome.externalId, token, message)
        : await deps.graph.comment(outcome.externalId, token, message)
    await saveComment(deps.db, row.id, { id, error: null })
  } catch (error) {
    const facts =
      error instanceof GraphError
        ? error
        : { status: 0, message: error instanceof Error ? error.message : 'falha desconhecida' }
    deps.logger.warn('first comment failed', { publicationId: row.id, error })
    const reason = metaErrorMessage(facts, networkOf(account.provider))
    await saveComment(deps.db, row.id, { id: null, error: `${FIRST_COMMENT_FAILED} ${reason}` })
  }
}

async function refuseUnapproved(deps: PublishingDeps, row: Publication): Promise<RunResult> {
  const what = row.video_id !== null ? 'o Reel mudou depois da aprovação' : 'o post mudou depois da aprovação'
  await markFailed(deps.db, row.id, `${NEEDS_NEW_APPROVAL}: ${what}.`)
  deps.logger.info('publication refused: not the approved revision', { publicationId: row.id })
  return 'failed'
}

/** Puts a publication on the queue for its time (the queue keeps one per publication). */
export function enqueuePublication(jobs: Jobs, row: Pick<Publication, 'id' | 'publish_at'>) {
  return jobs.send(
    PUBLISH_QUEUE,
    { publicationId: row.id },
    { startAfter: row.publish_at, singletonKey: `publication-${row.id}` },
  )
}

/** The worker: runs attempts; a passing failure throws so pg-boss retries it with backoff. */
export async function startPublishingWorker(jobs: Jobs, deps: PublishingDeps) {
  await jobs.work<{ publicationId: number }>(PUBLISH_QUEUE, async ({ publicationId }) => {
    const result = await runPublication(deps, publicationId)
    if (result === 'retry') throw new Transient(`publication ${publicationId}: retry`)
  })
}

/**
 * Start-up recovery: every publication still to go out is put on the queue again (the queue's
 * singleton key drops the ones already there). One left 'publishing' by a crash is taken again
 * once its lease ends; after MAX_ATTEMPTS it is failed.
 */
export async function recoverPublications(db: Database, jobs: Jobs): Promise<number> {
  const pending = await pendingPublications(db)
  for (const row of pending) await enqueuePublication(jobs, row)
  return pending.length
}

/** The JPEG behind a signed publication image address; null when the link is bad or expired. */
export async function publicationImage(
  deps: PublishingDeps,
  publicationId: number,
  index: number,
  url: URL,
): Promise<Buffer | null> {
  if (!validImageSignature(deps.credentialsKey, publicationId, index, url)) return null
  const row = await loadPublicationForWorker(deps.db, publicationId)
  if (!row || row.status === 'published' || row.post_id === null) return null
  const images = await renderPublicationImages(deps.db, deps.postImages, {
    userId: row.user_id,
    postId: row.post_id,
    slides: [row.slides[index] ?? -1],
    ratio: row.ratio,
    fit: row.fit,
  })
  return images?.[0]?.bytes ?? null
}

/** A Reel's MP4 or cover behind its signed address (Meta fetches them); null when the link is bad. */
export async function publicationReelFile(
  deps: PublishingDeps,
  publicationId: number,
  file: ReelFile,
  url: URL,
): Promise<Uint8Array | null> {
  if (!validImageSignature(deps.credentialsKey, publicationId, file, url)) return null
  const row = await loadPublicationForWorker(deps.db, publicationId)
  if (!row || row.status === 'published' || row.video_id === null) return null
  const video = await getVideo(deps.db, row.user_id, row.video_id)
  const key = file === 'video.mp4' ? video?.storage_key : video?.cover_key
  return key ? deps.storage.get(key) : null
}
