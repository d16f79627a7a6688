// The property video end to end (ADR 220, 221): a property with 6 photos, JavaScript off:
// "Vídeo do imóvel" → the page refreshes itself until the video is ready → the MP4 downloads as video-reel-{id}.mp4, and
// ffprobe finds H.264 + AAC, 1080×1920, 15–60 s, ≥ 24 fps, ≤ 20 MB; frames at 10 %, 50 % and
// 90 % differ (it moves). Tesseract (Debian's, Portuguese) reads the price on the frame at 1 s and
// a subtitle's words on the frame while it is spoken. Beside the OCR, the pixels are checked by
// rendering: the title's overlay drawn with and without the price gives the price's own pixels,
// which must be the card's white text on the frame; the subtitles likewise, each cue of the
// captions track rendered alone and found on the frame at its time.
// Then scheduled as a Reel to the local outbox: published once, the outbox keeps MP4 and cover.
// One video per run (the no-JavaScript project only), 15 s of 800×600 photos: the e2e budget.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { DEFAULT_POST_THEME } from '../../app/domain/post-theme'
import { homeContent, type HomeContent } from '../../app/domain/post-content'
import { VIDEO_SIZE } from '../../app/domain/video'
import { audioLevel, extractFrame, probe } from '../../app/integrations/video/ffmpeg.server'
import { renderOverlay } from '../../app/integrations/video/reel.server'
import type { Page } from '@playwright/test'
import { expect, subscribe, test } from './fixtures'
import { createHome, ITAIM_APARTMENT } from './support/homes'

const BRAND = { name: 'Ana Corretora', phone: null, initials: 'AC', logo: null }
const SEGMENT = { start: 0, end: 1, card: null, cue: null }

/** Grey pixels of a frame or an overlay (RGBA composited on black), 1080×1920. */
async function grey(png: Uint8Array): Promise<Buffer> {
  return sharp(png)
    .flatten({ background: '#000000' })
    .resize(VIDEO_SIZE.width, VIDEO_SIZE.height)
    .greyscale()
    .raw()
    .toBuffer()
}

/** Where two overlays differ: the pixels of what one draws and the other does not. */
async function inkOf(withIt: Uint8Array, without: Uint8Array): Promise<number[]> {
  const [a, b] = await Promise.all([grey(withIt), grey(without)])
  const ink: number[] = []
  for (let i = 0; i < a.length; i++) if (a[i]! - b[i]! > 150) ink.push(i)
  return ink
}

/** E2E_SCREENSHOTS=dir: the pages at 390 px wide, to look at (not a check). */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS
  if (!dir) return
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })
  if (size) await page.setViewportSize(size)
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0

async function frameAt(file: string, seconds: number) {
  return grey(await extractFrame(file, seconds, 'png'))
}

/** The words Tesseract reads on the frame at `seconds` (Portuguese), on one line. */
async function ocrAt(file: string, seconds: number): Promise<string> {
  const png = path.join(os.tmpdir(), `vitrine-ocr-${process.pid}-${seconds}.png`)
  fs.writeFileSync(png, await extractFrame(file, seconds, 'png'))
  try {
    return execFileSync('tesseract', [png, '-', '-l', 'por'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .replace(/\s+/g, ' ')
      .trim()
  } finally {
    fs.rmSync(png, { force: true })
  }
}

function difference(a: Buffer, b: Buffer): number {
  let sum = 0
  for (let i = 0; i < a.length; i += 16) sum += Math.abs(a[i]! - b[i]!)
  return sum / (a.length / 16)
}

test('a property video from 6 photos, without JavaScript: progress, download, probe, frames, Reel to the outbox @nojs @nojs-only', async ({
  signedInPage: page,
  user,
}) => {
  test.setTimeout(240_000)
  await subscribe(page.request)
  const homeId = await createHome(page.request, ITAIM_APARTMENT)
  await page.goto(`/imoveis/${homeId}`)
  await page.getByRole('link', { name: 'Vídeo do imóvel' }).click()
  await expect(page.getByRole('heading', { name: 'Vídeo do imóvel' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: /^Foto / })).toHaveCount(6)
  await shoot(page, 'video-form')
  await page.getByLabel('Duração').selectOption('15')
  await expect(page.getByRole('checkbox', { name: 'Com narração e legendas' })).toBeChecked()
  await page.getByRole('button', { name: 'Gerar vídeo' }).click()

  // The page says how far it is and asks again by itself (meta refresh) until the video is ready.
  await expect(page).toHaveURL(/\/videos\/\d+$/)
  const videoId = Number(/\/videos\/(\d+)$/.exec(page.url())![1])
  await expect(page.getByRole('status').filter({ hasText: /Montando o vídeo… \d+ %/ })).toBeVisible()
  await shoot(page, 'video-progress')
  await expect(page.getByRole('link', { name: 'Baixar vídeo' })).toBeVisible({ timeout: 200_000 })
  await shoot(page, 'video-ready')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar vídeo' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`video-reel-${videoId}.mp4`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-video-e2e-'))
  const file = path.join(dir, download.suggestedFilename())
  await download.saveAs(file)

  const facts = await probe(file)
  expect(facts.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920 })
  expect(facts.video!.fps).toBeGreaterThanOrEqual(24)
  expect(facts.audio).toMatchObject({ codec: 'aac', sampleRate: 48000 })
  // Sound over the closing card (the spoken call to action over the music), not silence.
  expect((await audioLevel(file, facts.durationS - 3, 2.5)).meanDb).toBeGreaterThan(-40)
  expect(facts.durationS).toBeGreaterThanOrEqual(15)
  expect(facts.durationS).toBeLessThanOrEqual(60)
  expect(facts.sizeBytes).toBeLessThanOrEqual(20 * 1024 * 1024)

  // It moves: the frames at 10 %, 50 % and 90 % are not alike.
  const [early, middle, late] = await Promise.all(
    [0.1, 0.5, 0.9].map((share) => frameAt(file, facts.durationS * share)),
  )
  expect(difference(early!, middle!)).toBeGreaterThan(8)
  expect(difference(middle!, late!)).toBeGreaterThan(8)

  // The price: the title overlay's price pixels are white text on the card of the frame at 1 s.
  const home: HomeContent = homeContent({ ...ITAIM_APARTMENT, gallery: [], floor_plans: [] } as never)
  const input = { home, brand: BRAND, theme: DEFAULT_POST_THEME }
  const title = { ...SEGMENT, card: { kind: 'title' as const, start: 0, end: 3, index: 0 } }
  const priceInk = await inkOf(
    await renderOverlay(input, title),
    await renderOverlay({ ...input, home: { ...home, price: '', priceSuffix: null } }, title),
  )
  expect(priceInk.length, 'the price is drawn on the title').toBeGreaterThan(2000)
  // What a person reads on the frame: the price, by OCR ('R$' may come out as 'RS').
  expect(await ocrAt(file, 1)).toContain(home.price.replace(/^R\$\s*/, ''))
  const opening = await frameAt(file, 1)
  expect(median(priceInk.map((i) => opening[i]!)), 'the price is on the frame').toBeGreaterThan(170)

  // The subtitles: each cue (the captions track) is on the frame in the middle of its time.
  const captions = await page.request.get(`/videos/${videoId}/legendas.vtt`)
  expect(captions.headers()['content-type']).toContain('text/vtt')
  const vtt = await captions.text()
  const cues = [...vtt.matchAll(/(\d\d):(\d\d):([\d.]+) --> (\d\d):(\d\d):([\d.]+)\n(.+)/g)].map((m) => ({
    start: Number(m[2]) * 60 + Number(m[3]),
    end: Number(m[5]) * 60 + Number(m[6]),
    text: m[7]!,
  }))
  expect(cues.length, vtt.slice(0, 400)).toBeGreaterThan(2)
  // The captions end with the call to action spoken over the closing card.
  expect(
    cues
      .slice(-2)
      .map((cue) => cue.text)
      .join(' '),
  ).toMatch(/Agende sua visita/)
  expect(cues.at(-1)!.end).toBeGreaterThan(facts.durationS - 4.5)
  for (const cue of [cues[1]!, cues.at(-2)!]) {
    const ink = await inkOf(
      await renderOverlay(input, { ...SEGMENT, cue: { ...cue } }),
      await renderOverlay(input, SEGMENT),
    )
    expect(ink.length, `“${cue.text}” is drawn`).toBeGreaterThan(500)
    // The longest word of the cue is read on the frame while it is spoken.
    const word = cue.text
      .split(/\s+/)
      .reduce((a, b) => (b.length > a.length ? b : a), '')
      .replace(/[.,!?;:]$/, '')
    expect(await ocrAt(file, (cue.start + cue.end) / 2), `“${cue.text}” read on the frame`).toContain(word)
    const frame = await frameAt(file, (cue.start + cue.end) / 2)
    expect(median(ink.map((i) => frame[i]!)), `“${cue.text}” is on the frame`).toBeGreaterThan(150)
  }

  // The player may ask for byte ranges (Safari does before it plays).
  const part = await page.request.get(`/videos/${videoId}/video.mp4`, { headers: { Range: 'bytes=0-99' } })
  expect(part.status()).toBe(206)
  expect((await part.body()).length).toBe(100)
  // A range past the end cannot be served: 416 with the size, not the whole file.
  const size = fs.statSync(file).size
  const past = await page.request.get(`/videos/${videoId}/video.mp4`, { headers: { Range: `bytes=${size}-` } })
  expect(past.status()).toBe(416)
  expect(past.headers()['content-range']).toBe(`bytes */${size}`)

  // The poster and the captions come with the player.
  await expect(page.locator('video')).toHaveAttribute('poster', `/videos/${videoId}/capa.jpg`)

  // "Agendar" as a Reel, now, to the local outbox (no Instagram account connected).
  await expect(page.getByText('Pronto para Reels: vertical 9:16, de 3 a 90 segundos.')).toBeVisible()
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText('Reel agendado', { exact: true })).toBeVisible()
  await expect(async () => {
    await page.reload()
    await expect(page.getByText('Reel publicado.')).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 60_000 })
  const folder = path.join(
    process.env.E2E_DATA_DIR ?? `.e2e-data/${process.env.E2E_PORT}`,
    // The storage service's disk default (S3 unset): the outbox is kept there, like the uploads.
    'uploads',
    'outbox',
    user.id!,
    `reel-${videoId}`,
  )
  expect(fs.readdirSync(folder).sort()).toEqual(['capa.jpg', 'legenda.txt', 'publicacao.json', 'video.mp4'])
  expect(fs.statSync(path.join(folder, 'video.mp4')).size).toBe(fs.statSync(file).size)
  await page.goto('/integracoes/saida')
  const kept = page.locator(`#reel-${videoId}`)
  await expect(kept.getByRole('img', { name: 'Capa do Reel' })).toBeVisible()
  await expect(kept.getByRole('link', { name: 'Ver vídeo' })).toHaveAttribute('href', `/videos/${videoId}`)
  fs.rmSync(dir, { recursive: true, force: true })
})
