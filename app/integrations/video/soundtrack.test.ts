// The Reel's soundtrack through the real ffmpeg (the npm binary): the music bed made in code, a
// "voice" (a 6 kHz tone at about speech level, -17 dB RMS, far above every note of the bed) from 2 s to 6 s and a call to action from
// 9 s to 11 s. What a listener notices: the music is lower while someone speaks and back after,
// the end is not silent, and the file is 48 kHz stereo of the video's length.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MUSIC_TRACKS, musicSamples, wavBytes } from '~/domain/music-bed'
import { audioLevel, probe, runFfmpeg } from './ffmpeg.server'
import { soundtrackArgs } from './soundtrack'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-soundtrack-'))
})
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function tone(name: string, seconds: number): Promise<string> {
  const file = path.join(dir, name)
  await runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=6000:sample_rate=22050:duration=${seconds}`,
    '-af',
    'volume=1.6',
    file,
  ])
  return file
}

// The bed alone: everything below 1.2 kHz (its notes; the voice tone is 6 kHz).
const bedBand = Array(4).fill('lowpass=f=1000').join(',')

test('the music bed is lowered while a voice speaks, comes back after, and plays to the end at 48 kHz', async () => {
  const music = path.join(dir, 'musica.wav')
  await writeFile(music, wavBytes(musicSamples(MUSIC_TRACKS[0]!, 14)))
  const output = path.join(dir, 'trilha.wav')
  const voices = [
    { file: await tone('narracao.wav', 4), start: 2 },
    { file: await tone('cta.wav', 2), start: 9 },
  ]
  await runFfmpeg(soundtrackArgs({ music, voices, total: 14, output }))
  const facts = await probe(output)
  expect(facts.audio).toMatchObject({ sampleRate: 48000, channels: 2 })
  expect(facts.durationS).toBeCloseTo(14, 1)

  const underVoice = await audioLevel(output, 3, 2.5, bedBand)
  const alone = await audioLevel(output, 6.8, 1.8, bedBand)
  // Ducked: at least 8 dB lower under the voice than between the voices.
  expect(alone.meanDb - underVoice.meanDb).toBeGreaterThan(8)
  // The voice itself stays loud, and the call to action as loud as the narration (not doubled).
  const narration = await audioLevel(output, 3, 2.5, 'highpass=f=4000')
  const callToAction = await audioLevel(output, 9.2, 1.6, 'highpass=f=4000')
  expect(narration.meanDb).toBeGreaterThan(-24)
  expect(Math.abs(callToAction.meanDb - narration.meanDb)).toBeLessThan(2)
  // The call to action and the music over the end: never silence.
  expect((await audioLevel(output, 9.2, 1.6)).meanDb).toBeGreaterThan(-30)
  expect((await audioLevel(output, 11.5, 1.5)).meanDb).toBeGreaterThan(-45)
}, 60_000)

test('without a voice the bed plays alone, at its own level', async () => {
  const music = path.join(dir, 'so-musica.wav')
  await writeFile(music, wavBytes(musicSamples(MUSIC_TRACKS[2]!, 8)))
  const output = path.join(dir, 'so-trilha.wav')
  await runFfmpeg(soundtrackArgs({ music, voices: [], total: 8, output }))
  const level = await audioLevel(output, 1, 5)
  expect(level.meanDb).toBeGreaterThan(-35)
  expect(level.maxDb).toBeLessThan(0)
})
