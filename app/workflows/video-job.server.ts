// Rendering a property video on the jobs service (issue 39, ADR 221): one job per video, one
// video at a time per process (a local queue on top of pg-boss's one-at-a-time worker: ffmpeg
// takes every core it is given). The job reads the property, the agent's brand and the chosen
// photos, speaks the narration with the configured voice, has the encoder make the MP4, stores
// it with its cover, and records progress as it goes. A failure is recorded in pt-BR. On start,
// a video a stopped process left "rendering" goes back to the queue, so none stays stuck.
import { readFile } from 'node:fs/promises'
import { answerOffline } from '~/domain/copywriter/assistant'
import { buildPostContent } from '~/domain/post-content'
import { subtitleCues, videoSeconds } from '~/domain/video'
import { speakableText } from '~/domain/spoken-text'
import { userUploadsPrefix } from '~/integrations/images/images.server'
import { storageKeyOf } from '~/integrations/render/render.server'
import { createSpeech, SpeechError, type SpeechSettings } from '~/integrations/speech/speech.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { EncoderError } from '~/integrations/video/ffmpeg.server'
import { renderReel } from '~/integrations/video/reel.server'
import { agentFacts } from '~/models/agents.server'
import { getHome, type Home } from '~/models/homes.server'
import { latestHomeNarration } from '~/models/narrations.server'
import { getAccount } from '~/models/users.server'
import {
  claimVideo,
  markVideoFailed,
  markVideoReady,
  recoverVideos,
  setVideoProgress,
  type Video,
} from '~/models/videos.server'
import type { Database } from '~/utils/db.server'
import type { Jobs } from '~/utils/jobs.server'
import type { Logger } from '~/utils/logger.server'

export const VIDEO_QUEUE = 'render-video'
const NARRATION_DELAY = 0.5

export type VideoDeps = { db: Database; storage: Storage; logger: Logger; speech: SpeechSettings }

export class VideoInputError extends Error {}

export const VIDEO_MESSAGES = {
  encoder: 'Não foi possível montar o vídeo: o codificador parou no meio. Tente de novo.',
  photos: 'As fotos escolhidas não estão mais no imóvel. Escolha outras fotos e tente de novo.',
  home: 'O imóvel deste vídeo foi excluído.',
  unknown: 'Não foi possível montar o vídeo por um erro inesperado. Tente de novo.',
}

/** Puts a video on the queue (the queue keeps one per video). */
export function enqueueVideo(jobs: Jobs, id: number) {
  return jobs.send(VIDEO_QUEUE, { videoId: id }, { singletonKey: `video-${id}` })
}

async function photoBytes(storage: Storage, userId: string, urls: string[]): Promise<Uint8Array[]> {
  const out: Uint8Array[] = []
  for (const url of urls) {
    const key = storageKeyOf(url)
    if (!key || !key.startsWith(userUploadsPrefix(userId))) continue
    const bytes = await storage.get(key)
    if (bytes) out.push(bytes)
  }
  return out
}

type Spoken = { text: string; audio: { bytes: Uint8Array; durationMs: number; format: string } }

/**
 * The soundtrack: the newest narration the agent made and kept on /audio for this property (its
 * edited words, its voice), else the property's narration written and spoken now by the same
 * engine /audio uses (eSpeak NG offline, or the configured TTS).
 */
async function narrationOf(deps: VideoDeps, row: Video, home: Home): Promise<Spoken | null> {
  if (!row.options.narration) return null
  const kept = await latestHomeNarration(deps.db, row.user_id, home.id)
  const keptBytes = kept ? await deps.storage.get(kept.storage_key) : null
  if (kept && keptBytes)
    return { text: kept.text, audio: { bytes: keptBytes, durationMs: kept.duration_ms, format: kept.format } }
  const text = answerOffline({
    task: 'narracao',
    home,
    agent: await agentFacts(deps.db, row.user_id),
    message: '',
    history: [],
  })
  const speech = createSpeech(deps.speech)
  const audio = await speech.synthesize({
    text: speakableText(text),
    voice: speech.voices[0]!.id,
    speed: 'rapida',
    format: 'mp3',
  })
  return { text, audio }
}

/** One video, start to end; throws only for what the queue should retry (nothing so far). */
export async function renderVideo(deps: VideoDeps, videoId: number): Promise<'ready' | 'failed' | 'skipped'> {
  const row = await claimVideo(deps.db, videoId)
  if (!row) return 'skipped'
  try {
    const [home, account] = await Promise.all([
      getHome(deps.db, row.user_id, row.home_id),
      getAccount(deps.db, row.user_id),
    ])
    if (!home) throw new VideoInputError(VIDEO_MESSAGES.home)
    const content = buildPostContent({
      post: { id: 0, template: null, format: 'story', meta: {}, media: null },
      home,
      owner: account ? { full_name: account.full_name, phone: account.phone, theme: account.theme } : null,
    })
    const gallery = content.home?.photos ?? []
    const chosen = row.options.photos.map((i) => gallery[i]).filter((url): url is string => !!url)
    const photos = await photoBytes(deps.storage, row.user_id, chosen)
    if (photos.length < 2) throw new VideoInputError(VIDEO_MESSAGES.photos)
    const narration = await narrationOf(deps, row, home)
    await setVideoProgress(deps.db, row.id, 5)
    const total = videoSeconds(row.options.duration, narration?.audio.durationMs ?? null)
    const speechS = narration ? Math.min(narration.audio.durationMs / 1000, total - NARRATION_DELAY - 0.3) : 0
    let shown = 5
    const cues = narration ? subtitleCues(narration.text, NARRATION_DELAY, speechS) : []
    const result = await renderReel({
      photos,
      home: content.home!,
      brand: content.brand,
      theme: content.theme,
      total,
      cues,
      audio: narration ? { bytes: narration.audio.bytes, ext: narration.audio.format } : null,
      audioDelay: NARRATION_DELAY,
      onProgress: (fraction) => {
        const percent = Math.floor(fraction * 100)
        if (percent >= shown + 5) {
          shown = percent
          void setVideoProgress(deps.db, row.id, percent).catch(() => undefined)
        }
      },
    })
    try {
      const folder = `${userUploadsPrefix(row.user_id)}videos/${row.id}-${Date.now().toString(36)}/`
      const bytes = await readFile(result.file)
      await deps.storage.put(`${folder}video.mp4`, bytes, 'video/mp4')
      await deps.storage.put(`${folder}capa.jpg`, result.cover, 'image/jpeg')
      await markVideoReady(deps.db, row.id, {
        storageKey: `${folder}video.mp4`,
        coverKey: `${folder}capa.jpg`,
        durationMs: Math.round(result.facts.durationS * 1000),
        byteSize: bytes.byteLength,
        subtitles: cues,
        caption: narration ? `${narration.text}\n\n#imoveis #reels #${hashtagOf(home.city)}` : null,
      })
    } finally {
      await result.dispose()
    }
    deps.logger.info('video ready', { videoId: row.id, seconds: total })
    return 'ready'
  } catch (error) {
    deps.logger.warn('video failed', { videoId: row.id, error: String(error) })
    await markVideoFailed(deps.db, row.id, failureMessage(error))
    return 'failed'
  }
}

/** 'São Paulo' → 'saopaulo'. */
function hashtagOf(city: string): string {
  return (
    city
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase() || 'imoveis'
  )
}

export function failureMessage(error: unknown): string {
  if (error instanceof VideoInputError) return error.message
  if (error instanceof SpeechError) return `A narração falhou: ${error.message}`
  if (error instanceof EncoderError) return VIDEO_MESSAGES.encoder
  return VIDEO_MESSAGES.unknown
}

/** One video at a time in this process, whatever the queue hands over. */
function oneAtATime() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work)
    tail = next.catch(() => undefined)
    return next
  }
}

/** The worker and the start-up recovery (an instance that runs jobs). */
export async function startVideoJobs(jobs: Jobs, deps: VideoDeps) {
  const serial = oneAtATime()
  await jobs.work<{ videoId: number }>(VIDEO_QUEUE, ({ videoId }) =>
    serial(() => renderVideo(deps, videoId)).then(() => {}),
  )
  const requeue = async () => {
    const ids = await recoverVideos(deps.db)
    for (const id of ids) await enqueueVideo(jobs, id)
    return ids.length
  }
  const recovered = await requeue()
  deps.logger.info('video jobs ready', { recoveredVideos: recovered })
}
