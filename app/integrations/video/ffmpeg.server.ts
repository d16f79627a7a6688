// ffmpeg and ffprobe: the machine's own when FFMPEG_PATH / FFPROBE_PATH name them (the Docker
// image installs Debian's), else as the npm packages carry them (@ffmpeg-installer,
// @ffprobe-installer: static Linux builds inside the registry's tarballs, ADR 220). `npm ci
// --ignore-scripts` skips their chmod, so a binary that is not executable is copied into a folder
// of this process's own (mkdtemp) and checked against the package's bytes: never a file at a
// predictable path in the shared temporary folder, which anyone could have planted (ADR 288).
// Production takes only the machine's ffmpeg (FFMPEG_PATH, else the one on PATH): the 2018 npm
// build is for laptops and tests.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export class EncoderError extends Error {}

const require = createRequire(import.meta.url)
const resolved = new Map<string, string>()

const digest = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex')

/** `file` itself when it may run, else a checked copy in a fresh private folder. */
export function executable(file: string): string {
  try {
    fs.accessSync(file, fs.constants.X_OK)
    return file
  } catch {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bin-'))
    const copy = path.join(folder, path.basename(file))
    fs.copyFileSync(file, copy, fs.constants.COPYFILE_EXCL)
    fs.chmodSync(copy, 0o700)
    if (fs.statSync(copy).size !== fs.statSync(file).size || digest(copy) !== digest(file)) {
      fs.rmSync(folder, { recursive: true, force: true })
      throw new Error(`A cópia de ${file} não confere com o pacote: defina FFMPEG_PATH e FFPROBE_PATH.`)
    }
    return copy
  }
}

/** The machine's own program of that name, as the shell would find it. */
function onPath(name: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(folder, name)
    try {
      fs.accessSync(file, fs.constants.X_OK)
      if (fs.statSync(file).isFile()) return file
    } catch {
      // not in this folder
    }
  }
  return undefined
}

function binary(name: 'ffmpeg' | 'ffprobe'): string {
  const cached = resolved.get(name)
  if (cached) return cached
  const variable = name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'
  const production = process.env.NODE_ENV === 'production'
  const configured = process.env[variable] || (production ? onPath(name) : undefined)
  if (!configured && production) {
    throw new Error(
      `${variable} não definido e nenhum ${name} no PATH: em produção o ${name} é o do sistema (ex.: ${variable}=/usr/bin/${name}).`,
    )
  }
  const pkg = name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe'
  const found = configured || executable((require(pkg) as { path: string }).path)
  resolved.set(name, found)
  return found
}

/** At start-up: a production server without the machine's ffmpeg stops here, not at its first video. */
export function checkEncoders(): void {
  if (process.env.NODE_ENV === 'production') {
    binary('ffmpeg')
    binary('ffprobe')
  }
}

export const ffmpegPath = () => binary('ffmpeg')
export const ffprobePath = () => binary('ffprobe')

export type RunOptions = {
  /** Seconds of output encoded so far (from `-progress pipe:1`). */
  onProgress?: (seconds: number) => void
  signal?: AbortSignal
  /** The folder ffmpeg runs in (relative names in the graph). */
  cwd?: string
}

/** The encoder's peak resident memory (VmHWM of /proc, sampled while it runs; 0 off Linux). */
export type RunStats = { peakRssKb: number }

function peakOf(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  } catch {
    return 0
  }
}

/** Runs ffmpeg with these arguments; rejects with the end of its error output. */
export function runFfmpeg(args: string[], options: RunOptions = {}): Promise<RunStats> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: options.signal,
      cwd: options.cwd,
    })
    let errors = ''
    let pending = ''
    let peakRssKb = 0
    const sampler = setInterval(() => (peakRssKb = Math.max(peakRssKb, peakOf(child.pid))), 200)
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const match = /^out_time_(?:ms|us)=(\d+)/.exec(line)
        if (match) options.onProgress?.(Number(match[1]) / 1e6)
        if (line.startsWith('progress=end')) peakRssKb = Math.max(peakRssKb, peakOf(child.pid))
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)))
    child.on('error', (error) => {
      clearInterval(sampler)
      reject(new EncoderError(`ffmpeg: ${error.message}`))
    })
    child.on('close', (code) => {
      clearInterval(sampler)
      if (code !== 0) return reject(new EncoderError(`ffmpeg saiu com ${code}: ${errors.trim().slice(-800)}`))
      resolve({ peakRssKb })
    })
  })
}

export type ProbeResult = {
  durationS: number
  sizeBytes: number
  video: { codec: string; width: number; height: number; fps: number } | null
  audio: { codec: string; sampleRate: number; channels: number } | null
}

/** ffprobe's facts of a media file. */
export async function probe(file: string): Promise<ProbeResult> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(ffprobePath(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new EncoderError(`ffprobe saiu com ${code}`))))
  })
  const json = JSON.parse(out) as {
    format: { duration?: string; size?: string }
    streams: {
      codec_type: string
      codec_name: string
      width?: number
      height?: number
      avg_frame_rate?: string
      sample_rate?: string
      channels?: number
    }[]
  }
  const video = json.streams.find((s) => s.codec_type === 'video')
  const audio = json.streams.find((s) => s.codec_type === 'audio')
  const [num, den] = (video?.avg_frame_rate ?? '0/1').split('/').map(Number)
  return {
    durationS: Number(json.format.duration ?? 0),
    sizeBytes: Number(json.format.size ?? 0),
    video: video
      ? { codec: video.codec_name, width: video.width ?? 0, height: video.height ?? 0, fps: den ? num! / den : 0 }
      : null,
    audio: audio
      ? { codec: audio.codec_name, sampleRate: Number(audio.sample_rate ?? 0), channels: audio.channels ?? 0 }
      : null,
  }
}

/** One frame of a video at `seconds`, as PNG bytes (the poster, the tests' frame checks). */
export function extractFrame(file: string, seconds: number, format: 'png' | 'mjpeg' = 'mjpeg'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', String(seconds), '-i', file]
    args.push('-frames:v', '1', '-f', 'image2pipe', '-c:v', format, ...(format === 'mjpeg' ? ['-q:v', '3'] : []), '-')
    const child = spawn(ffmpegPath(), args)
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new EncoderError(`ffmpeg (quadro) saiu com ${code}`)),
    )
  })
}

/**
 * The mean and peak level (dBFS, ffmpeg's volumedetect) of a file's audio from `start` for
 * `duration` seconds, after an optional filter (e.g. 'lowpass=f=1000' to hear only a band).
 * −91 is digital silence.
 */
export function audioLevel(
  file: string,
  start: number,
  duration: number,
  filter?: string,
): Promise<{ meanDb: number; maxDb: number }> {
  return new Promise((resolve, reject) => {
    const af = [filter, 'volumedetect'].filter(Boolean).join(',')
    const args = ['-hide_banner', '-nostdin', '-ss', String(start), '-t', String(duration), '-i', file]
    args.push('-vn', '-af', af, '-f', 'null', '-')
    const child = spawn(ffmpegPath(), args)
    let text = ''
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const mean = /mean_volume: (-?[\d.]+|-inf) dB/.exec(text)?.[1]
      const max = /max_volume: (-?[\d.]+|-inf) dB/.exec(text)?.[1]
      const db = (value: string | undefined) => (value === undefined || value === '-inf' ? -91 : Number(value))
      if (code !== 0) reject(new EncoderError(`ffmpeg (volume) saiu com ${code}`))
      else resolve({ meanDb: db(mean), maxDb: db(max) })
    })
  })
}
