// The Reel's soundtrack, mixed by its own ffmpeg run before the video's (one audio file in, so the
// video's encode keeps its audio apart from the stills, ADR 221): the music bed (music-bed.ts),
// lowered by a sidechain compressor whenever the narration or the closing call to action speaks
// (ducking: it follows the voice, pauses included), the voices over it, a limiter, 48 kHz stereo
// of exactly the video's length. Pure: builds the argument list, runs nothing.
import { MUSIC_SAMPLE_RATE } from '~/domain/music-bed'

export const SOUNDTRACK_RATE = MUSIC_SAMPLE_RATE

export type Voice = { file: string; start: number }

export type SoundtrackInput = {
  /** The music bed's WAV (as long as the video). */
  music: string
  /** The narration and the spoken call to action, each from its start (seconds). */
  voices: Voice[]
  total: number
  output: string
}

const f = (value: number) => String(Math.round(value * 1000) / 1000)

/** The -filter_complex of the mix (exported for its unit test). */
export function soundtrackGraph(input: Pick<SoundtrackInput, 'voices' | 'total'>): string {
  // Padded to the whole length in samples (this ffmpeg's atrim asserts on amix's last frame).
  const pad = `apad=whole_len=${Math.round(input.total * SOUNDTRACK_RATE)}`
  const stereo = `aresample=${SOUNDTRACK_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`
  if (input.voices.length === 0) return `[0:a]${stereo},volume=0.9,${pad}[out]`
  const parts = input.voices.map((voice, i) => {
    const ms = Math.max(0, Math.round(voice.start * 1000))
    // Each padded to the end: amix scales by the inputs still playing, so one that ended early
    // would make the next one twice as loud.
    return `[${i + 1}:a]${stereo},adelay=${ms}|${ms},${pad}[v${i}]`
  })
  const labels = input.voices.map((_, i) => `[v${i}]`).join('')
  // amix divides by its inputs' count: the volume after it gives each voice its level back.
  parts.push(
    input.voices.length > 1
      ? `${labels}amix=inputs=${input.voices.length}:duration=longest:dropout_transition=0,volume=${input.voices.length},asplit=2[voice][key]`
      : `${labels}asplit=2[voice][key]`,
  )
  // About 15 dB under a voice at speech level, back up half a second after it stops.
  parts.push(
    `[0:a]${stereo},volume=0.9,${pad}[bed]`,
    `[bed][key]sidechaincompress=threshold=0.01:ratio=3:attack=20:release=500[ducked]`,
    `[voice][ducked]amix=inputs=2:duration=first:dropout_transition=0,volume=2,alimiter=limit=0.95:level=disabled[out]`,
  )
  return parts.join(';')
}

/** The whole argument list: the mix as 16-bit PCM WAV at 48 kHz. */
export function soundtrackArgs(input: SoundtrackInput): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input.music]
  for (const voice of input.voices) args.push('-i', voice.file)
  args.push('-filter_complex', soundtrackGraph(input), '-map', '[out]')
  args.push('-ar', String(SOUNDTRACK_RATE), '-ac', '2', '-c:a', 'pcm_s16le', '-t', f(input.total), input.output)
  return args
}
