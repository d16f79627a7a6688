// Publishing to Instagram (ADR 102): a container per image (Meta fetches each JPEG from a signed
// short-lived URL of ours), a carousel container with the children, polling until FINISHED, then
// media_publish. Every container id is saved as soon as it exists, so an attempt after a crash
// resumes instead of starting over; a crash during media_publish is settled by the container's
// status (PUBLISHED means it went out), so a publication is never published twice.
import type { PublishProgress, StoryProgress } from '~/domain/scheduling'
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
  /** Each image's own alt text (falls back to `altText`). */
  altTexts?: readonly string[]
  /** Instagram usernames invited as collaborators (feed posts, carousels, Reels). */
  collaborators?: readonly string[]
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

/** Refuses before any container when the account's rolling 24 h has no room for `count` more. */
async function ensureQuota(graph: GraphClient, target: InstagramTarget, count: number) {
  const quota = await graph.publishingQuota(target.accountId, target.token)
  if (quota.used + count > quota.total)
    throw new GraphError(400, 9, 2207042, `content_publishing_limit: ${quota.used}/${quota.total}`)
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
      altText: job.altTexts?.[i] || job.altText,
      collaborators: job.collaborators,
    })
    children.push(id)
    progress = { ...progress, children }
    await job.saveProgress(progress)
  }
  if (!single) for (const child of children) await waitUntilFinished(graph, target, child, poll)
  const container = single
    ? children[0]!
    : await graph.createCarouselContainer(target.accountId, target.token, children, job.caption, job.collaborators)
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
  if (!job.progress.container) await ensureQuota(graph, target, 1)
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
    collaborators?: readonly string[]
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
    await ensureQuota(graph, target, 1)
    container = await graph.createReelContainer(target.accountId, target.token, reel)
    await save({ ...progress, container })
  }
  await waitUntilFinished(graph, target, container, { maxPolls: 60, ...poll })
  await save({ ...progress, container, publishing: true })
  const mediaId = await graph.publish(target.accountId, target.token, container)
  const permalink = await graph.permalink(mediaId, target.token).catch(permalinkUnread)
  return { externalId: mediaId, permalink }
}

/** What one Story frame is made from: an image, or a video (a Reel as a Story). */
export type StoryMedia = { imageUrl: string } | { videoUrl: string }

/**
 * A Story sequence (issue 63): one STORIES container per frame, in order, each polled until
 * FINISHED and published before the next is made. Each frame's container id is saved as soon as
 * it exists, `publishing` just before its media_publish and its media id right after, so an
 * attempt after a crash or a failure resumes at the frame it stopped on: a frame that went out
 * (a media id, or a container Meta reports PUBLISHED) is never published again.
 */
export async function publishStoriesToInstagram(
  graph: GraphClient,
  target: InstagramTarget,
  job: {
    frames: StoryMedia[]
    progress: PublishProgress
    saveProgress(progress: PublishProgress): Promise<void>
  },
  poll: PollOptions = {},
): Promise<PublishOutcome> {
  const stories: StoryProgress[] = job.frames.map((_, i) => ({ ...job.progress.stories?.[i] }))
  const save = () => job.saveProgress({ ...job.progress, stories: stories.map((frame) => ({ ...frame })) })
  // A frame left `publishing` by a crash: Meta's container status says whether it went out.
  for (const frame of stories)
    if (frame.publishing && !frame.media && frame.container) {
      const status = await graph.containerStatus(frame.container, target.token)
      if (status === 'PUBLISHED') frame.media = frame.container
      else frame.publishing = false
    }
  const left = stories.filter((frame) => !frame.media).length
  if (left > 0 && stories.every((frame) => !frame.container)) await ensureQuota(graph, target, left)
  const video = job.frames.some((frame) => 'videoUrl' in frame)
  for (const [i, frame] of stories.entries()) {
    if (frame.media) continue
    if (!frame.container) {
      frame.container = await graph.createStoryContainer(target.accountId, target.token, job.frames[i]!)
      await save()
    }
    await waitUntilFinished(graph, target, frame.container, video ? { maxPolls: 60, ...poll } : poll)
    frame.publishing = true
    await save()
    frame.media = await graph.publish(target.accountId, target.token, frame.container)
    frame.publishing = false
    await save()
  }
  const first = stories[0]?.media ?? ''
  // A Story has no public permalink of its own in the API: the first frame's id is what is kept.
  return { externalId: first, permalink: null }
}
