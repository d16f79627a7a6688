import { expect, test } from 'vitest'
import { MUSIC_SAMPLE_RATE, MUSIC_TRACKS, musicSamples, musicTrackFor, wavBytes } from './music-bed'

test('a track is chosen by the video, the same every time, and every track is used', () => {
  expect(musicTrackFor(7)).toBe(musicTrackFor(7))
  expect(new Set([0, 1, 2, 3, 4, 5].map((id) => musicTrackFor(id).id)).size).toBe(MUSIC_TRACKS.length)
})

test('the bed is sound, not clipped, fading in and out, as a 48 kHz stereo WAV', () => {
  const samples = musicSamples(MUSIC_TRACKS[1]!, 6)
  expect(samples.length).toBe(6 * MUSIC_SAMPLE_RATE * 2)
  const rms = (from: number, to: number) => {
    let sum = 0
    for (let i = from * MUSIC_SAMPLE_RATE * 2; i < to * MUSIC_SAMPLE_RATE * 2; i++) sum += samples[i]! ** 2
    return Math.sqrt(sum / ((to - from) * MUSIC_SAMPLE_RATE * 2))
  }
  expect(rms(2, 4)).toBeGreaterThan(0.03)
  expect(samples.reduce((max, x) => Math.max(max, Math.abs(x)), 0)).toBeLessThan(1)
  expect(Math.abs(samples[0]!)).toBeLessThan(0.001)
  expect(Math.abs(samples.at(-1)!)).toBeLessThan(0.001)
  const wav = wavBytes(samples)
  const view = new DataView(wav.buffer)
  expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe('RIFF')
  expect(view.getUint32(24, true)).toBe(48000)
  expect(view.getUint16(22, true)).toBe(2)
})
