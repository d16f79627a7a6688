// Offline speech (eSpeak NG in a worker thread + WASM encoders), checked from the outside: the
// OGG is decoded by an independent Vorbis decoder and must sound like speech (loud enough, with
// the syllable-rate rise and fall of a voice, and pauses), last over 5 s, and match the duration
// the engine reports; the MP3's frames must add up to the same.
import { OggVorbisDecoder } from '@wasm-audio-decoders/ogg-vorbis'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { mp3DurationMs } from '../../app/domain/audio-duration'
import { createEspeakSpeech } from '../../app/integrations/speech/espeak.server'
import { OFFLINE_VOICES } from '../../app/domain/narration'

const speech = createEspeakSpeech({ voices: OFFLINE_VOICES, idleMs: 1000 })
const text =
  'Procurando um apartamento no Itaim Bibi? São 142 m² com 3 suítes e 2 vagas de garagem. No condomínio, piscina e academia. Tudo isso por R$ 2.450.000,00. Agende a sua visita.'

let decoder: OggVorbisDecoder
beforeAll(async () => {
  decoder = new OggVorbisDecoder()
  await decoder.ready
})
afterAll(() => decoder.free())

/** Energy in 20 ms frames: speech rises and falls several times a second and has pauses. */
function speechShape(samples: Float32Array, sampleRate: number) {
  const frame = Math.round(sampleRate * 0.02)
  const energies: number[] = []
  for (let start = 0; start + frame <= samples.length; start += frame) {
    let sum = 0
    for (let i = start; i < start + frame; i++) sum += samples[i]! * samples[i]!
    energies.push(Math.sqrt(sum / frame))
  }
  const peak = Math.max(...energies)
  const loud = energies.map((energy) => energy > peak * 0.15)
  let onsets = 0
  for (let i = 1; i < loud.length; i++) if (loud[i] && !loud[i - 1]) onsets++
  let total = 0
  for (const sample of samples) total += sample * sample
  return {
    rms: Math.sqrt(total / samples.length),
    voicedShare: loud.filter(Boolean).length / loud.length,
    onsetsPerSecond: onsets / (samples.length / sampleRate),
  }
}

test('the OGG is Brazilian Portuguese speech longer than 5 s, as long as reported', async () => {
  const started = Date.now()
  const result = await speech.synthesize({ text, voice: 'feminina', speed: 'normal', format: 'ogg' })
  const elapsed = Date.now() - started
  expect(result.contentType).toBe('audio/ogg')
  const decoded = await decoder.decodeFile(result.bytes)
  const seconds = decoded.samplesDecoded / decoded.sampleRate
  expect(seconds).toBeGreaterThan(5)
  expect(Math.abs(seconds * 1000 - result.durationMs)).toBeLessThan(100)
  const shape = speechShape(decoded.channelData[0]!, decoded.sampleRate)
  expect(shape.rms).toBeGreaterThan(0.03)
  expect(shape.voicedShare).toBeGreaterThan(0.3)
  expect(shape.voicedShare).toBeLessThan(0.97)
  expect(shape.onsetsPerSecond).toBeGreaterThan(1)
  console.info(
    `offline speech: ${(result.durationMs / 1000).toFixed(1)} s of audio in ${elapsed} ms (first call loads eSpeak)`,
  )
}, 90_000)

test('MP3 frames add up to the reported duration; voices and speeds differ', async () => {
  const normal = await speech.synthesize({ text, voice: 'masculina', speed: 'normal', format: 'mp3' })
  const fast = await speech.synthesize({ text, voice: 'masculina', speed: 'rapida', format: 'mp3' })
  const female = await speech.synthesize({ text, voice: 'feminina', speed: 'normal', format: 'mp3' })
  expect(normal.bytes.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xf3]))
  expect(Math.abs(mp3DurationMs(normal.bytes) - normal.durationMs)).toBeLessThan(200)
  expect(normal.durationMs).toBeGreaterThan(5000)
  expect(fast.durationMs).toBeLessThan(normal.durationMs * 0.92)
  expect(Buffer.compare(Buffer.from(normal.bytes), Buffer.from(female.bytes))).not.toBe(0)
}, 90_000)

test('jobs sent at once are queued, not mixed', async () => {
  const [a, b] = await Promise.all([
    speech.synthesize({
      text: 'Primeira frase, curta e clara, para o teste de fila.',
      voice: 'feminina',
      speed: 'normal',
      format: 'ogg',
    }),
    speech.synthesize({ text: `${text} ${text}`, voice: 'feminina', speed: 'normal', format: 'ogg' }),
  ])
  expect(b.durationMs).toBeGreaterThan(a.durationMs * 3)
}, 90_000)
