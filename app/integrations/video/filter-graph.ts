// The ffmpeg command of a property video (ADR 220): each photo one input (a still, prepared by
// sharp 10 % larger than the frame), moved by zoompan (Ken Burns: zoom in or out, alternating,
// with a slow drift), its head faded in over the previous photo's tail (cross-fade: alpha fade +
// overlay of those frames only, on every ffmpeg; `xfade` draws the same for twice the filter
// time, ADR 282), then the overlay PNGs (cards
// and subtitles, rendered once by Takumi, one per segment of the timeline, read by the concat
// demuxer) over the whole, and the narration (or silence) as AAC. Pure: builds the argument
// list, runs nothing.
import { CROSSFADE_SECONDS, VIDEO_FPS, VIDEO_SIZE, type OverlaySegment, type PhotoClip } from '~/domain/video'

/** The stills' canvas: 10 % larger than the frame, room for the Ken Burns. */
export const STILL_SIZE = { width: 1188, height: 2112 } as const

export type GraphInput = {
  /** Raw yuv420p stills of STILL_SIZE (rawStillsArgs makes them from the JPEGs). */
  photos: string[]
  clips: PhotoClip[]
  /**
   * The concat demuxer list of the overlay PNGs, by a plain name relative to the folder ffmpeg
   * runs in. Read by the `movie` source inside the graph, so it is read as the graph needs it
   * (an input of its own would be read ahead by ffmpeg and hold hundreds of frames in memory).
   */
  overlayList: string
  /** The narration's file; null: a silent track. */
  audio: string | null
  /** Seconds of narration delay. */
  audioDelay?: number
  total: number
  output: string
  fps?: number
  fade?: number
  /** How photos cross-fade: alpha fade + overlay (the default), or ffmpeg's `xfade` (4.3 and later; the bench compares). */
  crossfade?: 'xfade' | 'overlay'
  /** libx264 preset and CRF (the bench compares). */
  preset?: string
  crf?: number
  threads?: number
}

const f = (value: number) => String(Math.round(value * 1000) / 1000)

/**
 * One clip's Ken Burns: even clips zoom in, odd ones zoom out, each drifting a little sideways.
 * One output frame per input frame (d=1): the still is read again for each frame (a raw file from
 * the page cache, no decoding), so ffmpeg reads an input only when the graph needs its frames
 * instead of zoompan making a whole clip ahead into memory.
 */
export function kenBurns(index: number, frames: number, fps: number): string {
  const { width, height } = VIDEO_SIZE
  const step = 0.1 / Math.max(1, frames)
  const zoom = index % 2 === 0 ? `1+${step.toFixed(6)}*on` : `1.1-${step.toFixed(6)}*on`
  const drift = index % 4 < 2 ? '(iw-iw/zoom)*on/' : '(iw-iw/zoom)*(1-on/'
  const x = index % 4 < 2 ? `${drift}${frames}` : `${drift}${frames})`
  return `zoompan=z='${zoom}':x='${x}':y='(ih-ih/zoom)/2':d=1:s=${width}x${height}:fps=${fps}`
}

/**
 * One photo's chain: Ken Burns, then cut in three by time: its head (faded in over the previous
 * photo's tail), its body (shown alone) and its tail (under the next photo's head). Only the
 * cross-fades are blended, never the whole clip.
 */
function clipChains(input: GraphInput, i: number, fps: number, fade: number): string[] {
  const clip = input.clips[i]!
  const last = input.clips.length - 1
  const frames = Math.max(1, Math.round(clip.duration * fps))
  const outs = [i > 0 ? `[h${i}]` : '', `[b${i}]`, i < last ? `[t${i}]` : ''].filter(Boolean)
  const chains = [`[${i}:v]${kenBurns(i, frames, fps)},format=yuv420p,split=${outs.length}${outs.join('')}`]
  const bodyStart = i > 0 ? fade : 0
  const bodyEnd = i < last ? clip.duration - fade : clip.duration
  chains.push(`[b${i}]trim=start=${f(bodyStart)}:end=${f(bodyEnd)},setpts=PTS-STARTPTS[body${i}]`)
  if (i > 0)
    chains.push(
      `[h${i}]trim=end=${f(fade)},setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:st=0:d=${f(fade)}:alpha=1[head${i}]`,
      `[tail${i - 1}][head${i}]overlay=eof_action=pass,format=yuv420p[x${i}]`,
    )
  if (i < last) chains.push(`[t${i}]trim=start=${f(clip.duration - fade)},setpts=PTS-STARTPTS[tail${i}]`)
  return chains
}

/** A clip's length as its input gives it: whole frames (`ffmpegArgs` cuts each input to them). */
const clipSeconds = (duration: number, fps: number) => Math.max(1, Math.round(duration * fps)) / fps

/**
 * The photos joined by `xfade`: each clip moved whole, then each one fades in over the previous
 * from `offset` (the clips so far, less one fade per join) for the fade's length.
 */
function xfadeChains(input: GraphInput, fps: number, fade: number): string[] {
  const chains = input.clips.map((clip, i) => {
    const frames = Math.max(1, Math.round(clip.duration * fps))
    return `[${i}:v]${kenBurns(i, frames, fps)},format=yuv420p,settb=1/${fps}[v${i}]`
  })
  if (input.clips.length === 1) return [...chains, '[v0]null[slides]']
  let elapsed = 0
  input.clips.slice(1).forEach((_, k) => {
    elapsed += clipSeconds(input.clips[k]!.duration, fps)
    const from = k === 0 ? '[v0]' : `[x${k}]`
    const to = k === input.clips.length - 2 ? '[slides]' : `[x${k + 1}]`
    chains.push(
      `${from}[v${k + 1}]xfade=transition=fade:duration=${f(fade)}:offset=${f(elapsed - (k + 1) * fade)}${to}`,
    )
  })
  return chains
}

/** The -filter_complex text: photos (Ken Burns, cross-fades) → the overlays → yuv420p. */
export function filterGraph(input: GraphInput): string {
  const fps = input.fps ?? VIDEO_FPS
  const fade = input.fade ?? CROSSFADE_SECONDS
  const parts: string[] = []
  if (input.crossfade === 'xfade') parts.push(...xfadeChains(input, fps, fade))
  else {
    const sequence: string[] = []
    input.clips.forEach((_, i) => {
      parts.push(...clipChains(input, i, fps, fade))
      if (i > 0) sequence.push(`[x${i}]`)
      sequence.push(`[body${i}]`)
    })
    parts.push(`${sequence.join('')}concat=n=${sequence.length}:v=1:a=0[slides]`)
  }
  if (!/^[\w.-]+$/.test(input.overlayList)) throw new Error('overlay list: a plain file name')
  parts.push(`movie=${input.overlayList}:f=concat,format=yuva420p,setpts=PTS-STARTPTS[ov]`)
  parts.push(`[slides][ov]overlay=eof_action=repeat,format=yuv420p,trim=duration=${f(input.total)}[vout]`)
  return parts.join(';')
}

/**
 * The audio's own filter (-af, outside the video's graph: in one graph with the video, ffmpeg
 * reads the stills ahead of the slow video chain and holds gigabytes of frames): the narration
 * delayed and padded to the end, or nothing for the silent track.
 */
export function audioFilter(input: GraphInput): string | null {
  if (!input.audio) return null
  const delayMs = Math.round((input.audioDelay ?? 0) * 1000)
  return `aresample=48000,adelay=${delayMs}|${delayMs},apad`
}

/** The whole argument list of the encode (progress on stdout, key=value lines). */
export function ffmpegArgs(input: GraphInput): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1']
  const fps = String(input.fps ?? VIDEO_FPS)
  const still = `${STILL_SIZE.width}x${STILL_SIZE.height}`
  input.photos.forEach((photo, i) => {
    const seconds = f(Math.round(input.clips[i]!.duration * Number(fps)) / Number(fps))
    args.push('-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-video_size', still, '-framerate', fps)
    args.push('-stream_loop', '-1', '-t', seconds, '-i', photo)
  })
  if (input.audio) args.push('-i', input.audio)
  else args.push('-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000')
  args.push('-filter_complex', filterGraph(input))
  args.push('-map', '[vout]', '-map', `${input.photos.length}:a`)
  const audio = audioFilter(input)
  if (audio) args.push('-af', audio)
  args.push('-c:v', 'libx264', '-preset', input.preset ?? 'superfast', '-crf', String(input.crf ?? 23))
  // Capped so a 60 s Reel stays under 20 MB even from grainy photos (2.4 Mbit/s + 128 kbit/s).
  args.push('-maxrate', '2400k', '-bufsize', '4800k')
  args.push('-pix_fmt', 'yuv420p', '-profile:v', 'high', '-r', String(input.fps ?? VIDEO_FPS))
  if (input.threads) args.push('-threads', String(input.threads))
  args.push('-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2')
  args.push('-t', f(input.total), '-movflags', '+faststart', input.output)
  return args
}

/** One run that turns the prepared JPEG stills into raw yuv420p files (read once per frame). */
export function rawStillsArgs(jpegs: string[], raws: string[]): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error']
  for (const jpeg of jpegs) args.push('-i', jpeg)
  jpegs.forEach((_, i) => {
    const scale = `scale=${STILL_SIZE.width}:${STILL_SIZE.height},format=yuv420p`
    args.push('-map', `${i}:v`, '-vf', scale, '-frames:v', '1', '-f', 'rawvideo', raws[i]!)
  })
  return args
}

/** The concat demuxer list of the overlay PNGs (plain names beside it): each for its segment's duration. */
export function overlayConcatList(files: string[], segments: OverlaySegment[]): string {
  const quote = (file: string) => `'${file.replace(/'/g, "'\\''")}'`
  const lines = ['ffconcat version 1.0']
  segments.forEach((segment, i) => {
    lines.push(`file ${quote(files[i]!)}`, `duration ${f(segment.end - segment.start)}`)
  })
  // The demuxer drops the last file's duration unless the file is named once more.
  if (files.length) lines.push(`file ${quote(files[files.length - 1]!)}`)
  return lines.join('\n') + '\n'
}

/** The bare slideshow (the bench's floor): the same stills, plain cuts, no overlays, no audio. */
export function slideshowArgs(photos: string[], seconds: number, output: string): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error']
  for (const photo of photos) args.push('-loop', '1', '-framerate', String(VIDEO_FPS), '-t', f(seconds), '-i', photo)
  const { width, height } = VIDEO_SIZE
  const scaled = photos.map((_, i) => `[${i}:v]scale=${width}:${height},setsar=1[c${i}]`)
  const concat = `${photos.map((_, i) => `[c${i}]`).join('')}concat=n=${photos.length}:v=1:a=0,format=yuv420p[v]`
  args.push('-filter_complex', [...scaled, concat].join(';'), '-map', '[v]')
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-r', String(VIDEO_FPS), output)
  return args
}
