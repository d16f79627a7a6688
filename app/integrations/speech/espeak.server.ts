// Offline speech: eSpeak NG (Brazilian Portuguese voice) compiled to WebAssembly
// (@echogarden/espeak-ng-emscripten), encoded to MP3 (LAME) or Ogg Vorbis by
// wasm-media-encoders, with no native binary and no network. Synthesis is synchronous WASM that
// takes seconds, so it runs in one worker thread, one job at a time, off the request loop; the
// worker loads on first use and ends after a while idle. See ADR 091.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type { Speed, Voice } from '~/domain/narration'
import { AUDIO_CONTENT_TYPES } from '~/domain/narration'
import { speakableText } from '~/domain/spoken-text'
import { SPEECH_MESSAGES, SpeechError, type SpeechSynthesizer } from './types'

/** eSpeak voice (language + variant) of each offered voice. */
const ESPEAK_VOICES: Record<string, { voice: string; pitch: number }> = {
  feminina: { voice: 'pt-BR+f3', pitch: 55 },
  masculina: { voice: 'pt-BR', pitch: 50 },
  'masculina-grave': { voice: 'pt-BR+m3', pitch: 38 },
}
const RATES: Record<Speed, number> = { normal: 160, rapida: 190 }
export const ESPEAK_SAMPLE_RATE = 22050

// The worker's source: CommonJS (an eval worker), importing the two packages by absolute path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { pathToFileURL } = require('node:url')
let ready = null
async function load() {
  const { default: init } = await import(pathToFileURL(workerData.espeak).href)
  const imported = await import(pathToFileURL(workerData.encoders).href)
  const encoders = imported.createMp3Encoder ? imported : imported.default
  const module = await init()
  return { engine: new module.eSpeakNGWorker(), encoders }
}
parentPort.on('message', async (job) => {
  try {
    ready = ready || load()
    const { engine, encoders } = await ready
    engine.set_voice(job.voice)
    engine.set_rate(job.rate)
    engine.set_pitch(job.pitch)
    const chunks = []
    let total = 0
    engine.synthesize(job.text, (samples) => {
      if (samples && samples.length) { chunks.push(Float32Array.from(samples, (s) => s / 32768)); total += samples.length }
    })
    const pcm = new Float32Array(total)
    let offset = 0
    for (const chunk of chunks) { pcm.set(chunk, offset); offset += chunk.length }
    const encoder = job.format === 'mp3' ? await encoders.createMp3Encoder() : await encoders.createOggEncoder()
    encoder.configure(job.format === 'mp3'
      ? { sampleRate: ${ESPEAK_SAMPLE_RATE}, channels: 1, bitrate: 64 }
      : { sampleRate: ${ESPEAK_SAMPLE_RATE}, channels: 1, vbrQuality: 3 })
    const parts = []
    const step = ${ESPEAK_SAMPLE_RATE} * 5
    for (let start = 0; start < pcm.length; start += step) parts.push(encoder.encode([pcm.subarray(start, start + step)]).slice())
    parts.push(encoder.finalize().slice())
    const size = parts.reduce((sum, part) => sum + part.length, 0)
    const bytes = new Uint8Array(size)
    offset = 0
    for (const part of parts) { bytes.set(part, offset); offset += part.length }
    parentPort.postMessage({ id: job.id, bytes, samples: total }, [bytes.buffer])
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.stack) || error) })
  }
})
`

type Job = { id: number; text: string; voice: string; rate: number; pitch: number; format: 'mp3' | 'ogg' }
type Reply = { id: number; bytes?: Uint8Array; samples?: number; error?: string }

/** Package entry files, resolved from this module (node_modules beside the build). */
function packagePaths() {
  const require = createRequire(import.meta.url)
  return {
    espeak: require.resolve('@echogarden/espeak-ng-emscripten'),
    encoders: require.resolve('wasm-media-encoders'),
  }
}

/** eSpeak's text input is SSML-aware: keep markup characters out. */
function plain(text: string) {
  return text.replace(/[<>&]/g, ' ')
}

export function createEspeakSpeech(options: {
  voices: readonly Voice[]
  timeoutMs?: number
  idleMs?: number
}): SpeechSynthesizer {
  const timeoutMs = options.timeoutMs ?? 90_000
  const idleMs = options.idleMs ?? 120_000
  let worker: Worker | null = null
  let idleTimer: NodeJS.Timeout | null = null
  let sequence = 0
  const pending = new Map<number, { resolve: (reply: Reply) => void }>()
  // One job at a time: the worker is single-threaded anyway, and a queue keeps memory flat.
  let queue: Promise<unknown> = Promise.resolve()

  const stop = () => {
    const current = worker
    worker = null
    if (current) void current.terminate()
  }
  const ensureWorker = () => {
    if (worker) return worker
    const started = new Worker(WORKER_SOURCE, { eval: true, workerData: packagePaths() })
    started.unref()
    started.on('message', (reply: Reply) => {
      pending.get(reply.id)?.resolve(reply)
      pending.delete(reply.id)
    })
    const fail = (message: string) => {
      for (const [id, job] of pending) job.resolve({ id, error: message })
      pending.clear()
      if (worker === started) worker = null
    }
    started.on('error', (error) => fail(error.message))
    started.on('exit', (code) => fail(`eSpeak worker exited (${code})`))
    worker = started
    return started
  }

  const run = (job: Omit<Job, 'id'>, signal?: AbortSignal) =>
    new Promise<Reply>((resolve, reject) => {
      if (idleTimer) clearTimeout(idleTimer)
      const id = ++sequence
      const timer = setTimeout(() => {
        pending.delete(id)
        stop() // a stuck synthesis takes the worker with it; the next job starts a fresh one
        reject(new SpeechError(SPEECH_MESSAGES.timeout))
      }, timeoutMs)
      signal?.addEventListener('abort', () => {
        clearTimeout(timer)
        pending.delete(id)
        reject(new SpeechError(SPEECH_MESSAGES.timeout))
      })
      pending.set(id, {
        resolve: (reply) => {
          clearTimeout(timer)
          idleTimer = setTimeout(stop, idleMs)
          idleTimer.unref()
          resolve(reply)
        },
      })
      ensureWorker().postMessage({ ...job, id } satisfies Job)
    })

  return {
    name: 'offline',
    voices: options.voices,
    async synthesize(request, synthOptions) {
      const voice = ESPEAK_VOICES[request.voice] ?? ESPEAK_VOICES.feminina!
      const text = plain(speakableText(request.text))
      const job = { text, voice: voice.voice, pitch: voice.pitch, rate: RATES[request.speed], format: request.format }
      const next = queue.then(() => run(job, synthOptions?.signal))
      queue = next.catch(() => undefined)
      const reply = await next
      if (reply.error || !reply.bytes) throw new SpeechError(SPEECH_MESSAGES.unavailable, { cause: reply.error })
      if (!reply.samples) throw new SpeechError(SPEECH_MESSAGES.empty)
      return {
        bytes: reply.bytes,
        format: request.format,
        contentType: AUDIO_CONTENT_TYPES[request.format],
        durationMs: Math.round((reply.samples / ESPEAK_SAMPLE_RATE) * 1000),
      }
    },
  }
}
