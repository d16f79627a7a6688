// Publishing to a Facebook Page (ADR 308), with the attempts and the progress of Instagram's
// (ADR 101): every photo is uploaded unpublished first (Facebook fetches each JPEG from a signed
// short-lived URL of ours) and its id saved as soon as it exists; then one feed post attaches them
// all, a single photo included. Only that call publishes, and `publishing` is saved just before
// it: an attempt after a crash there first looks for a Page post that carries the first photo,
// so a piece is never posted to the Page twice. A Story sequence is one photo Story per frame,
// in order, each settled the same way from the Page's Stories.
import type { PublishProgress, StoryProgress } from '~/domain/scheduling'
import type { PagesClient } from './facebook-pages.server'
import type { PublishOutcome } from './instagram-publisher.server'
import { currentLogger } from '~/utils/logger.server'

export type PageTarget = { pageId: string; token: string }

type Progress = { progress: PublishProgress; saveProgress(progress: PublishProgress): Promise<void> }

export type PagePostJob = Progress & {
  imageUrls: string[]
  caption: string
  altText: string
  altTexts?: readonly string[]
}

function permalinkUnread(error: unknown): null {
  currentLogger().warn('page post published; permalink not read', { error })
  return null
}

/** The Page post an attempt cut short during the feed call made, when Facebook has it. */
async function postAlreadyMade(pages: PagesClient, target: PageTarget, photos: readonly string[]) {
  const first = photos[0]
  if (!first) return null
  const posts = await pages.latestPosts(target.pageId, target.token)
  const post = posts.find((candidate) => candidate.photoIds.includes(first))
  return post ? { externalId: post.id, permalink: post.permalink } : null
}

export async function publishToFacebookPage(
  pages: PagesClient,
  target: PageTarget,
  job: PagePostJob,
): Promise<PublishOutcome> {
  let progress = { ...job.progress }
  if (progress.publishing) {
    const made = await postAlreadyMade(pages, target, progress.children ?? [])
    if (made) return made
  }
  const photos = [...(progress.children ?? [])]
  for (let i = photos.length; i < job.imageUrls.length; i++) {
    photos.push(
      await pages.uploadPhoto(target.pageId, target.token, {
        url: job.imageUrls[i]!,
        altText: job.altTexts?.[i] || job.altText,
      }),
    )
    progress = { ...progress, children: photos }
    await job.saveProgress(progress)
  }
  await job.saveProgress({ ...progress, publishing: true })
  const postId = await pages.createPost(target.pageId, target.token, { message: job.caption, photoIds: photos })
  const permalink = await pages.permalink(postId, target.token).catch(permalinkUnread)
  return { externalId: postId, permalink }
}

/** Each image one Page Story, in order; a frame that went out is never sent again. */
export async function publishStoriesToFacebookPage(
  pages: PagesClient,
  target: PageTarget,
  job: Progress & { imageUrls: string[] },
): Promise<PublishOutcome> {
  const stories: StoryProgress[] = job.imageUrls.map((_, i) => ({ ...job.progress.stories?.[i] }))
  const save = () => job.saveProgress({ ...job.progress, stories: stories.map((frame) => ({ ...frame })) })
  // A frame left `publishing` by a crash: the Page's Stories say whether it went out.
  if (stories.some((frame) => frame.publishing && !frame.media && frame.container)) {
    const published = await pages.stories(target.pageId, target.token)
    for (const frame of stories)
      if (frame.publishing && !frame.media) {
        frame.media = published.find((story) => story.mediaId === frame.container)?.postId || undefined
        frame.publishing = false
      }
  }
  for (const [i, frame] of stories.entries()) {
    if (frame.media) continue
    if (!frame.container) {
      frame.container = await pages.uploadPhoto(target.pageId, target.token, { url: job.imageUrls[i]! })
      await save()
    }
    frame.publishing = true
    await save()
    frame.media = await pages.photoStory(target.pageId, target.token, frame.container)
    frame.publishing = false
    await save()
  }
  return { externalId: stories[0]?.media ?? '', permalink: null }
}
