// A Reel (or a Reel as a Story) on a Facebook Page (ADR 320): an upload session on the Page's
// video_reels (video_stories) edge, the upload by address (Facebook fetches the MP4 from a signed
// short-lived link of ours), the finish that publishes, then the video's status polled until
// Facebook has it ready. The video id is saved the moment the session exists, so an attempt
// after a crash goes on with that video and never starts a second one: it reads the video's
// status first (uploaded? finished?) and does only what is left. A Story cut short after its
// finish is found among the Page's Stories by its video.
import type { PublishProgress } from '~/domain/scheduling'
import type { PagesClient } from './facebook-pages.server'
import type { PageTarget } from './facebook-publisher.server'
import { GraphError } from './graph.server'
import type { PollOptions, PublishOutcome } from './instagram-publisher.server'
import { currentLogger } from '~/utils/logger.server'

export type PageVideoJob = {
  /** The MP4's signed address, which Facebook fetches. */
  videoUrl: string
  caption: string
  /** A Story (video_stories) rather than a Reel (video_reels). */
  story: boolean
  progress: PublishProgress
  saveProgress(progress: PublishProgress): Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const refused = (videoId: string, status: string) =>
  new GraphError(400, undefined, undefined, `O Facebook não aceitou o vídeo (${videoId}: ${status}).`)

/** Polls the video until Facebook has it ready; still processing after the bound: retried later. */
async function untilReady(pages: PagesClient, token: string, videoId: string, poll: PollOptions) {
  const sleep = poll.sleep ?? wait
  for (let i = 0; i < (poll.maxPolls ?? 30); i++) {
    const status = await pages.videoStatus(videoId, token)
    if (status.failed) throw refused(videoId, status.videoStatus)
    if (status.videoStatus === 'ready' || status.videoStatus === 'published') return
    await sleep(poll.intervalMs ?? 3000)
  }
  // Like Meta's 9007 on Instagram: worth another attempt, which resumes from the status.
  throw new GraphError(400, 9007, 2207027, 'page video not ready')
}

/** A Facebook address, whole: the API answers a video's permalink as a path. */
const absolute = (link: string | null) => (link && link.startsWith('/') ? `https://www.facebook.com${link}` : link)

async function reelOutcome(pages: PagesClient, token: string, videoId: string): Promise<PublishOutcome> {
  const permalink = await pages.permalink(videoId, token).catch((error: unknown) => {
    currentLogger().warn('page reel published; permalink not read', { error })
    return null
  })
  return { externalId: videoId, permalink: absolute(permalink) }
}

/** The Page Story this video became, when a finish cut short went through. */
async function storyOf(pages: PagesClient, target: PageTarget, videoId: string): Promise<string | null> {
  const stories = await pages.stories(target.pageId, target.token)
  return stories.find((story) => story.mediaId === videoId)?.postId || null
}

export async function publishVideoToFacebookPage(
  pages: PagesClient,
  target: PageTarget,
  job: PageVideoJob,
  poll: PollOptions = {},
): Promise<PublishOutcome> {
  let progress = { ...job.progress }
  let uploaded = false
  if (progress.container && progress.uploadUrl) {
    // An attempt before this one made the video: its status says how far it went.
    const videoId = progress.container
    const status = await pages.videoStatus(videoId, target.token)
    if (status.failed) throw refused(videoId, status.videoStatus)
    const story = job.story && progress.publishing ? await storyOf(pages, target, videoId) : null
    if (story) return { externalId: story, permalink: null }
    if (!job.story && progress.publishing && status.finished) {
      await untilReady(pages, target.token, videoId, poll)
      return reelOutcome(pages, target.token, videoId)
    }
    uploaded = status.uploaded
  } else {
    const session = await pages.startVideo(target.pageId, target.token, job.story ? 'video_stories' : 'video_reels')
    progress = { ...progress, container: session.videoId, uploadUrl: session.uploadUrl, publishing: false }
    await job.saveProgress(progress)
  }
  const videoId = progress.container!
  if (!uploaded) await pages.uploadHostedVideo(progress.uploadUrl!, target.token, job.videoUrl)
  await job.saveProgress({ ...progress, publishing: true })
  if (job.story) {
    const postId = await pages.finishVideoStory(target.pageId, target.token, videoId)
    await untilReady(pages, target.token, videoId, poll)
    return { externalId: postId || videoId, permalink: null }
  }
  await pages.finishReel(target.pageId, target.token, videoId, job.caption)
  await untilReady(pages, target.token, videoId, poll)
  return reelOutcome(pages, target.token, videoId)
}
