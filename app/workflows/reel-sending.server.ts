// What a Reel's attempt sends (ADR 263), beside publishing.server.ts which runs the attempts: the
// video's MP4 and cover to the outbox, by signed links Meta fetches to Instagram (a Reel, or the
// MP4 as a Story), or by the same MP4's link to a Facebook Page as a Page Reel or a video Page
// Story through the Pages API's video upload (ADR 320).
import { GraphError } from '~/integrations/meta/graph.server'
import {
  publishReelToInstagram,
  publishStoriesToInstagram,
  type PublishOutcome,
} from '~/integrations/meta/instagram-publisher.server'
import { createPagesClient } from '~/integrations/meta/facebook-pages.server'
import { publishVideoToFacebookPage } from '~/integrations/meta/facebook-video-publisher.server'
import { publishReelToOutbox } from '~/integrations/meta/outbox.server'
import { saveProgress, type Publication } from '~/models/scheduled-publications.server'
import { accountToken, type SocialAccount } from '~/models/social-accounts.server'
import { getVideo } from '~/models/videos.server'
import { publicationMediaUrl, type ReelFile } from './publication-images.server'
import type { PublishingDeps } from './publishing.server'

const GONE = 'O vídeo foi excluído ou não está mais guardado.'
const gone = (what: string) => new GraphError(400, undefined, undefined, what)

async function sendReelToOutbox(deps: PublishingDeps, row: Publication, videoId: number, keys: [string, string]) {
  const [mp4, cover] = await Promise.all([deps.storage.get(keys[0]), deps.storage.get(keys[1])])
  if (!mp4 || !cover) throw gone(GONE)
  const story = row.kind === 'story'
  await publishReelToOutbox(deps.storage, row.user_id, {
    videoId,
    video: mp4,
    cover,
    caption: row.caption,
    kind: row.kind,
    collaborators: row.collaborators,
    firstComment: row.first_comment,
  })
  const anchor = `reel-${videoId}${story ? '-story' : ''}`
  return { externalId: `outbox-reel-${row.id}`, permalink: `/integracoes/saida#${anchor}` }
}

/** A Reel: the video's MP4 and cover, to the outbox or by signed links Meta fetches. */
export async function sendReel(
  deps: PublishingDeps,
  row: Publication,
  videoId: number,
  account: SocialAccount,
): Promise<PublishOutcome> {
  const video = await getVideo(deps.db, row.user_id, videoId)
  if (!video?.storage_key || !video.cover_key) throw gone(GONE)
  if (account.provider === 'outbox') return sendReelToOutbox(deps, row, videoId, [video.storage_key, video.cover_key])
  const token = accountToken(account, deps.credentialsKey)
  if (!token || !account.external_id) throw new GraphError(400, 190, undefined, 'sem token')
  const link = (file: ReelFile) => publicationMediaUrl(deps.appUrl, deps.credentialsKey, row.id, file)
  const progress = {
    progress: row.progress,
    saveProgress: (p: Publication['progress']) => saveProgress(deps.db, row.id, p),
  }
  if (account.provider === 'facebook')
    return publishVideoToFacebookPage(
      deps.pages ?? createPagesClient(),
      { pageId: account.external_id, token },
      { videoUrl: link('video.mp4'), caption: row.caption, story: row.kind === 'story', ...progress },
      deps.poll,
    )
  const target = { accountId: account.external_id, token }
  // A Reel can also go out as a Story (issue 63): the same MP4 in one STORIES container.
  if (row.kind === 'story')
    return publishStoriesToInstagram(
      deps.graph,
      target,
      { frames: [{ videoUrl: link('video.mp4') }], ...progress },
      deps.poll,
    )
  return publishReelToInstagram(
    deps.graph,
    target,
    {
      videoUrl: link('video.mp4'),
      coverUrl: link('capa.jpg'),
      caption: row.caption,
      collaborators: row.collaborators,
      ...progress,
    },
    deps.poll,
  )
}
