// Publishing to Instagram (ADR 102): a container per image (Meta fetches each JPEG from a signed
// short-lived URL of ours), a carousel container with the children, polling until FINISHED, then
// media_publish. Every container id is saved as soon as it exists, so an attempt after a crash
// resumes instead of starting over; a crash during media_publish is settled by the container's
// status (PUBLISHED means it went out), so a publication is never published twice.
import type { PublishProgress } from '~/domain/scheduling'
import { GraphError, type GraphClient } from './graph.server'
import { currentLogger } from '~/utils/logger.server'

/** Published, but its address could not be read: the publication stands without a link. */
function permalinkUnread(error: unknown): null {
  currentLogger().warn('published; permalink not read', { error })
  return null
}

export type InstagramTarget = { accountId: string; token: string }

export type PublishJob = {
  imageUrls: string[]
  caption: string
  altText: string
  progress: PublishProgress
  saveProgress(progress: PublishProgress): Promise<void>
}

export type PublishOutcome = { externalId: string; permalink: string | null }

export type PollOptions = { intervalMs?: number; maxPolls?: number; sleep?: (ms: number) => Promise<void> }

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function waitUntilFinished(graph: GraphClient, target: InstagramTarget, containerId: string, poll: PollOptions) {
  const sleep = poll.sleep ?? wait
  for (let i = 0; i < (poll.maxPolls ?? 30); i++) {
    const status = await graph.containerStatus(containerId, target.token)
    if (status === 'FINISHED' || status === 'PUBLISHED') return status
    if (status === 'ERROR' || status === 'EXPIRED')
      throw new GraphError(400, 2207032, 2207032, `container ${containerId}: ${status}`)
    await sleep(poll.intervalMs ?? 3000)
  }
  // Still processing: like Meta's 9007, worth another attempt later.
  throw new GraphError(400, 9007, 2207027, 'media not ready')
}

async function makeContainers(
  graph: GraphClient,
  target: InstagramTarget,
  job: PublishJob,
  poll: PollOptions,
): Promise<PublishProgress> {
  let progress = { ...job.progress }
  if (progress.container) return progress
  const single = job.imageUrls.length === 1
  const children = [...(progress.children ?? [])]
  for (let i = children.length; i < job.imageUrls.length; i++) {
    const id = await graph.createImageContainer(target.accountId, target.token, {
      imageUrl: job.imageUrls[i]!,
      carouselItem: !single,
      caption: single ? job.caption : undefined,
      altText: job.altText,
    })
    children.push(id)
    progress = { ...progress, children }
    await job.saveProgress(progress)
  }
  if (!single) for (const child of children) await waitUntilFinished(graph, target, child, poll)
  const container = single
    ? children[0]!
    : await graph.createCarouselContainer(target.accountId, target.token, children, job.caption)
  progress = { ...progress, container }
  await job.saveProgress(progress)
  return progress
}

async function resumeAfterCrash(
  graph: GraphClient,
  target: InstagramTarget,
  progress: PublishProgress,
): Promise<PublishOutcome | null> {
  if (!progress.publishing || !progress.container) return null
  const status = await graph.containerStatus(progress.container, target.token)
  if (status !== 'PUBLISHED') return null
  const media = await graph.latestMedia(target.accountId, target.token)
  return media
    ? { externalId: media.id, permalink: media.permalink }
    : { externalId: progress.container, permalink: null }
}

export async function publishToInstagram(
  graph: GraphClient,
  target: InstagramTarget,
  job: PublishJob,
  poll: PollOptions = {},
): Promise<PublishOutcome> {
  const resumed = await resumeAfterCrash(graph, target, job.progress)
  if (resumed) return resumed
  if (!job.progress.container) {
    const quota = await graph.publishingQuota(target.accountId, target.token)
    if (quota.used >= quota.total)
      throw new GraphError(400, 9, 2207042, `content_publishing_limit: ${quota.used}/${quota.total}`)
  }
  const progress = await makeContainers(graph, target, job, poll)
  await waitUntilFinished(graph, target, progress.container!, poll)
  await job.saveProgress({ ...progress, publishing: true })
  const mediaId = await graph.publish(target.accountId, target.token, progress.container!)
  const permalink = await graph.permalink(mediaId, target.token).catch(permalinkUnread)
  return { externalId: mediaId, permalink }
}

/**
 * A Reel (ADR 263): one REELS container, polled until Meta has processed the video, then
 * published. Like a post, the container id is saved as soon as it exists and `publishing` just
 * before media_publish, so an attempt after a crash resumes, and settles a Reel Meta published
 * from the container's status instead of publishing it again.
 */
export async function publishReelToInstagram(
  graph: GraphClient,
  target: InstagramTarget,
  reel: {
    videoUrl: string
    coverUrl: string
    caption: string
    progress?: PublishProgress
    saveProgress?(progress: PublishProgress): Promise<void>
  },
  poll: PollOptions = {},
): Promise<PublishOutcome> {
  const progress = reel.progress ?? {}
  const save = reel.saveProgress ?? (async () => {})
  const resumed = await resumeAfterCrash(graph, target, progress)
  if (resumed) return resumed
  let container = progress.container
  if (!container) {
    const quota = await graph.publishingQuota(target.accountId, target.token)
    if (quota.used >= quota.total)
      throw new GraphError(400, 9, 2207042, `content_publishing_limit: ${quota.used}/${quota.total}`)
    container = await graph.createReelContainer(target.accountId, target.token, reel)
    await save({ ...progress, container })
  }
  await waitUntilFinished(graph, target, container, { maxPolls: 60, ...poll })
  await save({ ...progress, container, publishing: true })
  const mediaId = await graph.publish(target.accountId, target.token, container)
  const permalink = await graph.permalink(mediaId, target.token).catch(permalinkUnread)
  return { externalId: mediaId, permalink }
}
