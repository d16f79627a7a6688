// Publishing at publish_at (ADRs 101, 102): a pg-boss job per publication; each attempt claims
// the row with a lease (two workers never publish one row at once; a job run twice finds it
// done), sends it to the outbox or Instagram, and records the result. Network, 5xx and 9007
// errors are retried by the queue with backoff; validation errors fail at once with Meta's
// reason in pt-BR; a revoked token also marks the account for reconnection.
import { GraphError, type GraphClient } from '~/integrations/meta/graph.server'
import {
  publishToInstagram,
  type PollOptions,
  type PublishOutcome,
} from '~/integrations/meta/instagram-publisher.server'
import { publishToOutbox } from '~/integrations/meta/outbox.server'
import type { Jobs } from '~/utils/jobs.server'
import { DAILY_LIMIT_MESSAGE, RECONNECT_REASON, classifyMetaError, metaErrorMessage } from '~/domain/publishing-rules'
import {
  claimPublication,
  loadPublicationForWorker,
  markFailed,
  markPublished,
  pendingPublications,
  releaseForRetry,
  saveProgress,
  type Publication,
} from '~/models/scheduled-publications.server'
import { publicationWithinPlan } from '~/models/quota.server'
import { accountToken, getAccount, markForReconnect, type SocialAccount } from '~/models/social-accounts.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import type { PostImages } from './post-images.server'
import { publicationImageUrl, renderPublicationImages, validImageSignature } from './publication-images.server'

export const PUBLISH_QUEUE = 'publish-post'
/** Attempts before a publication that keeps failing for passing reasons is marked failed. */
export const MAX_ATTEMPTS = 6
const LEASE_SECONDS = 5 * 60

export type PublishingDeps = {
  db: Database
  logger: Logger
  postImages: PostImages
  dataDir: string
  graph: GraphClient
  /** Seals tokens and signs the image links. */
  credentialsKey: string
  /** The public address Meta reaches us at (APP_URL). */
  appUrl: string
  poll?: PollOptions
}

export type RunResult = 'published' | 'failed' | 'retry' | 'skipped'

class Transient extends Error {}

async function send(deps: PublishingDeps, row: Publication, account: SocialAccount): Promise<PublishOutcome> {
  const images = await renderPublicationImages(deps.db, deps.postImages, {
    userId: row.user_id,
    postId: row.post_id,
    slides: row.slides,
    ratio: row.ratio,
    fit: row.fit,
  })
  if (!images || images.length === 0)
    throw new GraphError(400, undefined, undefined, 'O post foi excluído ou não tem imagens.')
  if (account.provider === 'outbox') {
    await publishToOutbox(deps.dataDir, row.user_id, {
      publicationId: row.id,
      images: images.map((image) => image.bytes),
      caption: row.caption,
      altText: row.alt_text,
    })
    return { externalId: `outbox-${row.id}`, permalink: `/integracoes/saida#publicacao-${row.id}` }
  }
  const token = accountToken(account, deps.credentialsKey)
  if (!token || !account.external_id) throw new GraphError(400, 190, undefined, 'sem token')
  return publishToInstagram(
    deps.graph,
    { accountId: account.external_id, token },
    {
      imageUrls: images.map((_, i) => publicationImageUrl(deps.appUrl, deps.credentialsKey, row.id, i)),
      caption: row.caption,
      altText: row.alt_text,
      progress: row.progress,
      saveProgress: (progress) => saveProgress(deps.db, row.id, progress),
    },
    deps.poll,
  )
}

async function settleFailure(
  deps: PublishingDeps,
  row: Publication,
  account: SocialAccount,
  error: unknown,
): Promise<RunResult> {
  const facts =
    error instanceof GraphError ? error : { status: 0, message: error instanceof Error ? error.message : String(error) }
  const kind = classifyMetaError(facts)
  deps.logger.warn('publication attempt failed', {
    publicationId: row.id,
    attempt: row.attempts,
    kind,
    error: facts.message,
  })
  if (kind === 'reconnect') {
    await markForReconnect(deps.db, account.id, RECONNECT_REASON)
    await markFailed(deps.db, row.id, metaErrorMessage(facts))
    return 'failed'
  }
  if (kind === 'limit') {
    await markFailed(deps.db, row.id, DAILY_LIMIT_MESSAGE)
    return 'failed'
  }
  if (kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
    await releaseForRetry(deps.db, row.id, `Nova tentativa em instantes. ${metaErrorMessage(facts)}`)
    return 'retry'
  }
  await markFailed(deps.db, row.id, metaErrorMessage(facts))
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
  try {
    const outcome = await send(deps, row, account)
    await markPublished(deps.db, row.id, outcome)
    deps.logger.info('publication published', { publicationId: row.id, provider: account.provider })
    return 'published'
  } catch (error) {
    return settleFailure(deps, row, account, error)
  }
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
  if (!row || row.status === 'published') return null
  const images = await renderPublicationImages(deps.db, deps.postImages, {
    userId: row.user_id,
    postId: row.post_id,
    slides: [row.slides[index] ?? -1],
    ratio: row.ratio,
    fit: row.fit,
  })
  return images?.[0]?.bytes ?? null
}
