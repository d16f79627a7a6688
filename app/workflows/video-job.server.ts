// Rendering property videos on the jobs service (ADRs 221, 243): one job per video asked for, as
// many renders at once as the machine's cores allow (ffmpeg takes two). Each job renders the next
// video round robin by account, under a lease renewed as it goes, so two instances never render
// one video and one account's queue never holds another's back. The render reads the property, the
// agent's brand and the chosen photos, speaks the narration with the configured voice, has the
// encoder make the MP4, stores it with its cover, and records progress. A failure is recorded in
// pt-BR. On start, the videos a stopped process left (lease run out) are put on the queue again.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import { answerOffline } from '~/domain/copywriter/assistant'
import { buildPostContent } from '~/domain/post-content'
import {
  callToActionStart,
  renderConcurrency,
  spokenCallToAction,
  subtitleCues,
  videoSeconds,
  type Cue,
} from '~/domain/video'
import { musicTrackFor } from '~/domain/music-bed'
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
  claimNextVideo,
  markVideoFailed,
  markVideoReady,
  recoverVideos,
  renewVideoLease,
  setVideoProgress,
  type Video,
} from '~/models/videos.server'
import type { Database } from '~/utils/db.server'
import type { Jobs } from '~/utils/jobs.server'
import type { Logger } from '~/utils/logger.server'

export const VIDEO_QUEUE = 'render-video'
const NARRATION_DELAY = 0.5
/** A render holds its video this long past its last sign of life (renewed every LEASE_RENEW_MS). */
const LEASE_SECONDS = 120
const LEASE_RENEW_MS = 30_000

export type VideoDeps = { db: Database; storage: Storage; logger: Logger; speech: SpeechSettings }

export class VideoInputError extends Error {}

export const VIDEO_MESSAGES = {
  encoder: 'Não foi possível montar o vídeo: o codificador parou no meio. Tente de novo.',
  photos: 'As fotos escolhidas não estão mais no imóvel. Escolha outras fotos e tente de novo.',
  home: 'O imóvel deste vídeo foi excluído.',
  unknown: 'Não foi possível montar o vídeo por um erro inesperado. Tente de novo.',
  stopped: 'A montagem do vídeo parou várias vezes no meio. Tente de novo.',
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

type Spoken = { text: string; voice?: string; audio: { bytes: Uint8Array; durationMs: number; format: string } }

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
    return {
      text: kept.text,
      voice: kept.voice,
      audio: { bytes: keptBytes, durationMs: kept.duration_ms, format: kept.format },
    }
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

/** The call to action in the narration's voice (the offline engine when that voice is not on offer). */
async function callToActionOf(deps: VideoDeps, narration: Spoken, agentName: string | null): Promise<Spoken | null> {
  const text = spokenCallToAction(agentName)
  const speech = createSpeech(deps.speech)
  const voice = speech.voices.find((v) => v.id === narration.voice)?.id ?? speech.voices[0]!.id
  try {
    const audio = await speech.synthesize({ text: speakableText(text), voice, speed: 'rapida', format: 'mp3' })
    return { text, audio }
  } catch (error) {
    // The video goes on without it: the narration and the music still play.
    deps.logger.warn('call to action not spoken', { error })
    return null
  }
}

export type RenderResult = { videoId: number; outcome: 'ready' | 'failed' | 'lost' } | null

/**
 * The next video to render (round robin by account), start to end, under its lease; null when
 * there is none to take. 'lost': its lease was taken over meanwhile and the other render's result
 * stands. Throws only for what the queue should retry (nothing so far).
 */
export async function renderNextVideo(deps: VideoDeps): Promise<RenderResult> {
  const owner = randomUUID()
  const row = await claimNextVideo(deps.db, owner, LEASE_SECONDS)
  if (!row) return null
  const renewing = setInterval(
    () =>
      void renewVideoLease(deps.db, row.id, owner, LEASE_SECONDS).catch((error: unknown) =>
        deps.logger.warn('video lease not renewed', { videoId: row.id, error }),
      ),
    LEASE_RENEW_MS,
  )
  try {
    return { videoId: row.id, outcome: await renderClaimed(deps, row, owner) }
  } finally {
    clearInterval(renewing)
  }
}

async function renderClaimed(deps: VideoDeps, row: Video, owner: string): Promise<'ready' | 'failed' | 'lost'> {
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
    const cta = narration ? await callToActionOf(deps, narration, account?.full_name ?? null) : null
    await setVideoProgress(deps.db, row.id, owner, 5)
    const spokenMs = narration ? narration.audio.durationMs + (cta ? cta.audio.durationMs + 700 : 0) : null
    const total = videoSeconds(row.options.duration, spokenMs)
    const speechS = narration ? Math.min(narration.audio.durationMs / 1000, total - NARRATION_DELAY - 0.3) : 0
    const ctaS = cta ? cta.audio.durationMs / 1000 : 0
    const ctaAt = cta ? callToActionStart(total, NARRATION_DELAY + speechS, ctaS) : null
    let shown = 5
    const cues: Cue[] = narration ? subtitleCues(narration.text, NARRATION_DELAY, speechS) : []
    if (cta && ctaAt !== null) cues.push(...subtitleCues(cta.text, ctaAt, ctaS))
    const result = await renderReel({
      photos,
      home: content.home!,
      brand: content.brand,
      theme: content.theme,
      total,
      cues,
      audio: narration ? { bytes: narration.audio.bytes, ext: narration.audio.format } : null,
      audioDelay: NARRATION_DELAY,
      callToAction: cta && ctaAt !== null ? { bytes: cta.audio.bytes, ext: cta.audio.format, start: ctaAt } : null,
      music: musicTrackFor(row.id),
      onProgress: (fraction) => {
        const percent = Math.floor(fraction * 100)
        if (percent >= shown + 5) {
          shown = percent
          void setVideoProgress(deps.db, row.id, owner, percent).catch((error: unknown) =>
            deps.logger.warn('video progress not written', { videoId: row.id, error }),
          )
        }
      },
    })
    try {
      const folder = `${userUploadsPrefix(row.user_id)}videos/${row.id}-${Date.now().toString(36)}/`
      const bytes = await readFile(result.file)
      await deps.storage.put(`${folder}video.mp4`, bytes, 'video/mp4')
      await deps.storage.put(`${folder}capa.jpg`, result.cover, 'image/jpeg')
      const kept = await markVideoReady(deps.db, row.id, owner, {
        storageKey: `${folder}video.mp4`,
        coverKey: `${folder}capa.jpg`,
        durationMs: Math.round(result.facts.durationS * 1000),
        byteSize: bytes.byteLength,
        subtitles: cues,
        caption: narration ? `${narration.text}\n\n#imoveis #reels #${hashtagOf(home.city)}` : null,
      })
      if (!kept) {
        await Promise.all([deps.storage.delete(`${folder}video.mp4`), deps.storage.delete(`${folder}capa.jpg`)])
        deps.logger.warn('video render lost its lease', { videoId: row.id })
        return 'lost'
      }
    } finally {
      await result.dispose()
    }
    deps.logger.info('video ready', { videoId: row.id, seconds: total })
    return 'ready'
  } catch (error) {
    deps.logger.warn('video failed', { videoId: row.id, error })
    await markVideoFailed(deps.db, row.id, owner, failureMessage(error))
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

/**
 * The workers (as many as `renderConcurrency` gives for this machine's cores) and the start-up
 * recovery, on an instance that runs jobs. A job stands for one video asked for; the video it
 * renders is the next one round robin, which may be another account's.
 */
export async function startVideoJobs(jobs: Jobs, deps: VideoDeps, cores = os.availableParallelism()) {
  const concurrency = renderConcurrency(cores)
  await jobs.work<{ videoId: number }>(VIDEO_QUEUE, async () => void (await renderNextVideo(deps)), { concurrency })
  const ids = await recoverVideos(deps.db, VIDEO_MESSAGES.stopped)
  for (const id of ids) await enqueueVideo(jobs, id)
  deps.logger.info('video jobs ready', { recoveredVideos: ids.length, concurrency })
}
