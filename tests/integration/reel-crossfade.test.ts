// A Reel's photos cross-fade with either ffmpeg: the 2018 build from npm (the default) and
// Debian's (the Docker image's), by alpha fade + overlay, and the same picture by `xfade`, which
// only Debian's has (ADR 282: not taken, twice the filter time). Two stills, red then blue, 3 s:
// red before the fade, a blend of both halfway through it, blue after, and the length kept.
// Debian's ffmpeg is at /usr/bin/ffmpeg on CI (.ci/run installs it).
import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { photoClips, VIDEO_SIZE } from '~/domain/video'
import { ffmpegArgs, overlayConcatList, rawStillsArgs, STILL_SIZE } from '~/integrations/video/filter-graph'
import { ffmpegPath } from '~/integrations/video/ffmpeg.server'

const run = promisify(execFile)
const DEBIAN_FFMPEG = '/usr/bin/ffmpeg'
const hasDebianFfmpeg = await fs.access(DEBIAN_FFMPEG).then(
  () => true,
  () => false,
)
if (!hasDebianFfmpeg && process.env.CI) throw new Error(`${DEBIAN_FFMPEG} is required in CI`)

const TOTAL = 3
const FADE = 0.6
let dir: string

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-crossfade-'))
  const still = (r: number, g: number, b: number) =>
    sharp({ create: { ...STILL_SIZE, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer()
  await fs.writeFile(path.join(dir, 'a.jpg'), await still(220, 20, 20))
  await fs.writeFile(path.join(dir, 'b.jpg'), await still(20, 20, 220))
  const clear = sharp({ create: { ...VIDEO_SIZE, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
  await fs.writeFile(path.join(dir, 'camada.png'), await clear.png().toBuffer())
  await fs.writeFile(
    path.join(dir, 'camadas.txt'),
    overlayConcatList(['camada.png'], [{ start: 0, end: TOTAL, card: null, cue: null }]),
  )
}, 30_000)

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true })
})

/** The Reel of the two stills by this ffmpeg and way of fading. */
async function encode(ffmpeg: string, crossfade: 'xfade' | 'overlay') {
  const tag = `${crossfade}-${ffmpeg === DEBIAN_FFMPEG ? 'debian' : 'npm'}`
  const photos = ['a', 'b'].map((name) => path.join(dir, `${name}-${tag}.yuv`))
  await run(ffmpeg, rawStillsArgs([path.join(dir, 'a.jpg'), path.join(dir, 'b.jpg')], photos))
  const output = path.join(dir, `reel-${tag}.mp4`)
  const args = ffmpegArgs({
    photos,
    clips: photoClips(2, TOTAL, FADE),
    overlayList: 'camadas.txt',
    audio: null,
    total: TOTAL,
    output,
    fade: FADE,
    crossfade,
  })
  await run(
    ffmpeg,
    args.filter((arg) => arg !== 'pipe:1' && arg !== '-progress'),
    { cwd: dir },
  )
  return output
}

/** The centre pixel of the frame at `seconds`, as RGB. */
async function pixelAt(ffmpeg: string, file: string, seconds: number) {
  const { width, height } = VIDEO_SIZE
  const { stdout } = await run(
    ffmpeg,
    ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: width * height * 3 + 1024 },
  )
  const at = ((height / 2) * width + width / 2) * 3
  return [stdout[at]!, stdout[at + 1]!, stdout[at + 2]!]
}

/** Seconds of the video, by ffmpeg's own reading of the file. */
async function lengthOf(ffmpeg: string, file: string) {
  const { stderr } = await run(ffmpeg, ['-hide_banner', '-i', file]).catch((error: { stderr: string }) => error)
  const [, h, m, s] = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr)!
  return Number(h) * 3600 + Number(m) * 60 + Number(s)
}

describe('photos cross-fade', () => {
  const cases = [
    {
      name: 'by alpha fade + overlay, on the npm build',
      ffmpeg: ffmpegPath(),
      crossfade: 'overlay' as const,
      skip: false,
    },
    {
      name: "by alpha fade + overlay, on Debian's ffmpeg",
      ffmpeg: DEBIAN_FFMPEG,
      crossfade: 'overlay' as const,
      skip: !hasDebianFfmpeg,
    },
    {
      name: "by xfade, on Debian's ffmpeg",
      ffmpeg: DEBIAN_FFMPEG,
      crossfade: 'xfade' as const,
      skip: !hasDebianFfmpeg,
    },
  ]
  for (const { name, ffmpeg, crossfade, skip } of cases)
    test.skipIf(skip)(
      name,
      async () => {
        const file = await encode(ffmpeg, crossfade)
        // The first clip is (3 + 0.6) / 2 = 1.8 s: the fade runs from 1.2 s to 1.8 s.
        const [before, halfway, after] = (await Promise.all([0.6, 1.5, 2.4].map((s) => pixelAt(ffmpeg, file, s)))) as [
          number[],
          number[],
          number[],
        ]
        expect(before[0]).toBeGreaterThan(180)
        expect(before[2]).toBeLessThan(60)
        expect(halfway[0]).toBeGreaterThan(70)
        expect(halfway[0]).toBeLessThan(170)
        expect(halfway[2]).toBeGreaterThan(70)
        expect(halfway[2]).toBeLessThan(170)
        expect(after[2]).toBeGreaterThan(180)
        expect(after[0]).toBeLessThan(60)
        expect(await lengthOf(ffmpeg, file)).toBeCloseTo(TOTAL, 1)
      },
      60_000,
    )
})
