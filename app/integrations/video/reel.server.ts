// A property video from its parts (ADR 220, 221): the photos made ready by sharp (cover-cropped
// 10 % larger than the frame, for the Ken Burns) then turned into raw stills, one overlay PNG per segment of the timeline drawn by
// the post renderer (Takumi, never a browser), the soundtrack (the music bed made in code, ducked
// under the narration and the spoken call to action, soundtrack.ts); then one ffmpeg run, and the
// cover (poster) taken from the MP4 while the opening title shows. Works in a temporary folder
// the caller removes with `dispose`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createElement } from 'react'
import sharp from 'sharp'
import { ReelOverlay, featureLines } from '~/components/video/reel-overlay'
import type { BrandContent, HomeContent } from '~/domain/post-content'
import type { PostTheme } from '~/domain/post-theme'
import { VIDEO_SIZE, overlayCards, overlaySegments, photoClips, type Cue, type OverlaySegment } from '~/domain/video'
import { renderElement } from '~/integrations/render/render.server'
import { extractFrame, probe, runFfmpeg, type ProbeResult, type RunStats } from './ffmpeg.server'
import { STILL_SIZE, ffmpegArgs, overlayConcatList, rawStillsArgs } from './filter-graph'
import { soundtrackArgs, type Voice } from './soundtrack'
import { MUSIC_TRACKS, musicSamples, wavBytes, type MusicTrack } from '~/domain/music-bed'

export type ReelInput = {
  photos: Uint8Array[]
  home: HomeContent
  brand: BrandContent
  theme: PostTheme
  total: number
  cues: Cue[]
  /** The narration's bytes and extension; null: the music alone. */
  audio: { bytes: Uint8Array; ext: string } | null
  audioDelay?: number
  /** The call to action spoken over the closing card, from `start` seconds. */
  callToAction?: { bytes: Uint8Array; ext: string; start: number } | null
  /** The music bed under the voice (music-bed.ts); the first track when not given. */
  music?: MusicTrack
  onProgress?: (fraction: number) => void
  preset?: string
  /** The bench's comparison (ADR 282): the cross-fade by `xfade` instead of alpha fade + overlay. */
  crossfade?: 'xfade' | 'overlay'
}

export type ReelResult = {
  file: string
  cover: Buffer
  facts: ProbeResult
  stats: RunStats & { overlays: number }
  dispose: () => Promise<void>
}

const PREP = STILL_SIZE

/** A photo cover-cropped to the Ken Burns canvas (JPEG, never upscaled past what it needs). */
export function preparePhoto(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes, { failOn: 'none' })
    .rotate()
    .resize(PREP.width, PREP.height, { fit: 'cover', position: 'attention' })
    .jpeg({ quality: 88 })
    .toBuffer()
}

/** One overlay frame as PNG (transparent where nothing is drawn). */
export function renderOverlay(input: Pick<ReelInput, 'home' | 'brand' | 'theme'>, segment: OverlaySegment) {
  return renderElement(
    {
      element: createElement(ReelOverlay, {
        card: segment.card,
        cue: segment.cue?.text ?? null,
        home: input.home,
        brand: input.brand,
        theme: input.theme,
      }),
      size: VIDEO_SIZE,
    },
    { format: 'png' },
  )
}

/** The timeline's overlay segments for this property and narration. */
export function reelSegments(input: Pick<ReelInput, 'home' | 'total' | 'cues'>): OverlaySegment[] {
  const features = Math.max(3, Math.min(5, featureLines(input.home).length))
  return overlaySegments(
    overlayCards(input.total, featureLines(input.home).length ? features : 0),
    input.cues,
    input.total,
  )
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))))
  return out
}

/** The soundtrack as one 48 kHz WAV: the music bed, ducked under the narration and the call to action. */
async function mixSoundtrack(dir: string, input: ReelInput): Promise<string> {
  const music = path.join(dir, 'musica.wav')
  await writeFile(music, wavBytes(musicSamples(input.music ?? MUSIC_TRACKS[0]!, input.total)))
  const voices: Voice[] = []
  if (input.audio) {
    const file = path.join(dir, `narracao.${input.audio.ext}`)
    await writeFile(file, input.audio.bytes)
    voices.push({ file, start: input.audioDelay ?? 0 })
  }
  if (input.callToAction) {
    const file = path.join(dir, `chamada.${input.callToAction.ext}`)
    await writeFile(file, input.callToAction.bytes)
    voices.push({ file, start: input.callToAction.start })
  }
  const output = path.join(dir, 'trilha.wav')
  await runFfmpeg(soundtrackArgs({ music, voices, total: input.total, output }))
  return output
}

export async function renderReel(input: ReelInput): Promise<ReelResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-reel-'))
  const dispose = () => rm(dir, { recursive: true, force: true })
  try {
    const jpegs = await inBatches(input.photos, 2, async (bytes, i) => {
      const file = path.join(dir, `foto-${i}.jpg`)
      await writeFile(file, await preparePhoto(bytes))
      return file
    })
    const photos = jpegs.map((_, i) => path.join(dir, `foto-${i}.yuv`))
    await runFfmpeg(rawStillsArgs(jpegs, photos))
    input.onProgress?.(0.1)
    const segments = reelSegments(input)
    const overlays = await inBatches(segments, 4, async (segment, i) => {
      const name = `camada-${String(i).padStart(3, '0')}.png`
      await writeFile(path.join(dir, name), await renderOverlay(input, segment))
      return name
    })
    const overlayList = 'camadas.txt'
    await writeFile(path.join(dir, overlayList), overlayConcatList(overlays, segments))
    const audio = await mixSoundtrack(dir, input)
    input.onProgress?.(0.2)
    const output = path.join(dir, 'video.mp4')
    const args = ffmpegArgs({
      photos,
      clips: photoClips(photos.length, input.total),
      overlayList,
      audio,
      audioDelay: 0,
      total: input.total,
      output,
      preset: input.preset,
      crossfade: input.crossfade,
    })
    const stats = await runFfmpeg(args, {
      cwd: dir,
      onProgress: (seconds) => input.onProgress?.(0.2 + 0.75 * Math.min(1, seconds / input.total)),
    })
    const cover = await extractFrame(output, Math.min(1.5, input.total / 4))
    return { file: output, cover, facts: await probe(output), stats: { ...stats, overlays: segments.length }, dispose }
  } catch (error) {
    await dispose()
    throw error
  }
}
