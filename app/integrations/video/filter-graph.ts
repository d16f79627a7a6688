// The ffmpeg command of a property video (ADR 220): each photo one input (a still, prepared by
// sharp 10 % larger than the frame), moved by zoompan (Ken Burns: zoom in or out, alternating,
// with a slow drift), faded in over the one before (cross-fade: alpha fade + overlay on a black
// bed, as this ffmpeg predates `xfade`), then the overlay PNGs (cards and subtitles, rendered
// once by Takumi, one per segment of the timeline, read by the concat demuxer) over the whole,
// and the narration (or silence) as AAC. Pure: builds the argument list, runs nothing.
import { CROSSFADE_SECONDS, VIDEO_FPS, VIDEO_SIZE, type OverlaySegment, type PhotoClip } from '~/domain/video'

export type GraphInput = {
  photos: string[]
  clips: PhotoClip[]
  /** The concat demuxer list of the overlay PNGs. */
  overlayList: string
  /** The narration's file; null: a silent track. */
  audio: string | null
  /** Seconds of narration delay. */
  audioDelay?: number
  total: number
  output: string
  fps?: number
  fade?: number
  /** libx264 preset and CRF (the bench compares). */
  preset?: string
  crf?: number
  threads?: number
}

const f = (value: number) => String(Math.round(value * 1000) / 1000)

/** One clip's Ken Burns: even clips zoom in, odd ones zoom out, each drifting a little sideways. */
export function kenBurns(index: number, frames: number, fps: number): string {
  const { width, height } = VIDEO_SIZE
  const step = 0.1 / Math.max(1, frames)
  const zoom = index % 2 === 0 ? `1+${step.toFixed(6)}*on` : `1.1-${step.toFixed(6)}*on`
  const drift = index % 4 < 2 ? '(iw-iw/zoom)*on/' : '(iw-iw/zoom)*(1-on/'
  const x = index % 4 < 2 ? `${drift}${frames}` : `${drift}${frames})`
  return `zoompan=z='${zoom}':x='${x}':y='(ih-ih/zoom)/2':d=${frames}:s=${width}x${height}:fps=${fps}`
}

/** The -filter_complex text: photos → cross-fades on a black bed → overlays → yuv420p. */
export function filterGraph(input: GraphInput): string {
  const fps = input.fps ?? VIDEO_FPS
  const fade = input.fade ?? CROSSFADE_SECONDS
  const { width, height } = VIDEO_SIZE
  const parts: string[] = [`color=c=black:s=${width}x${height}:r=${fps}:d=${f(input.total)}[bed]`]
  let last = 'bed'
  input.clips.forEach((clip, i) => {
    const frames = Math.max(1, Math.round(clip.duration * fps))
    const chain = [`[${i}:v]${kenBurns(i, frames, fps)}`, 'format=yuva420p']
    if (i > 0) chain.push(`fade=t=in:st=0:d=${f(fade)}:alpha=1`)
    chain.push(`setpts=PTS-STARTPTS+${f(clip.start)}/TB[p${i}]`)
    parts.push(chain.join(','))
    parts.push(`[${last}][p${i}]overlay=eof_action=pass:shortest=0[s${i}]`)
    last = `s${i}`
  })
  const overlay = input.photos.length
  parts.push(`[${overlay}:v]format=rgba,setpts=PTS-STARTPTS[ov]`)
  parts.push(`[${last}][ov]overlay=eof_action=repeat:format=auto,format=yuv420p,trim=duration=${f(input.total)}[vout]`)
  return parts.join(';')
}

/** The audio: the narration delayed and padded to the video's length, or silence. */
export function audioFilter(input: GraphInput): string {
  const audioIndex = input.photos.length + 1
  const delayMs = Math.round((input.audioDelay ?? 0) * 1000)
  if (!input.audio) return `[${audioIndex}:a]atrim=duration=${f(input.total)}[aout]`
  return `[${audioIndex}:a]aresample=44100,adelay=${delayMs}|${delayMs},apad,atrim=duration=${f(input.total)}[aout]`
}

/** The whole argument list of the encode (progress on stdout, key=value lines). */
export function ffmpegArgs(input: GraphInput): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1']
  for (const photo of input.photos) args.push('-i', photo)
  args.push('-f', 'concat', '-safe', '0', '-i', input.overlayList)
  if (input.audio) args.push('-i', input.audio)
  else args.push('-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=44100')
  args.push('-filter_complex', `${filterGraph(input)};${audioFilter(input)}`)
  args.push('-map', '[vout]', '-map', '[aout]')
  args.push('-c:v', 'libx264', '-preset', input.preset ?? 'veryfast', '-crf', String(input.crf ?? 23))
  args.push('-pix_fmt', 'yuv420p', '-profile:v', 'high', '-r', String(input.fps ?? VIDEO_FPS))
  if (input.threads) args.push('-threads', String(input.threads))
  args.push('-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '2')
  args.push('-t', f(input.total), '-movflags', '+faststart', input.output)
  return args
}

/** The concat demuxer list of the overlay PNGs: each file for its segment's duration. */
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
