// "Sequência de Stories" (issue 63), as an agent meets it: a property's sequence is 3–6 images of
// 1080×1920 whose every word (read by Tesseract) sits out of the top 250 px and the bottom 340 px
// that Instagram covers; scheduled from its page, it reaches the local outbox once, each frame a
// Story, in order. The frames are kept as PNGs in the test's output folder to look at. @nojs-only:
// the page is plain forms, and drawing and reading six frames is worth doing once per run.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { expect, subscribe, test } from './fixtures'
import { createHome, ITAIM_APARTMENT } from './support/homes'
import { saoPauloIn } from './support/sao-paulo'

type Word = { text: string; top: number; bottom: number }

/** The words Tesseract reads on a PNG (Portuguese) with their boxes, the confident ones. */
function ocrWords(file: string): Word[] {
  const tsv = execFileSync('tesseract', [file, '-', '-l', 'por', 'tsv'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return tsv
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols.length >= 12 && cols[0] === '5' && Number(cols[10]) >= 60)
    .map((cols) => ({ text: cols[11]!.trim(), top: Number(cols[7]), bottom: Number(cols[7]) + Number(cols[9]) }))
    .filter((word) => /[\p{L}\p{N}]{2,}/u.test(word.text))
}

/** A frame reduced to 9×16 grey levels: enough to tell the frames apart and match them. */
async function thumb(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).resize(9, 16, { fit: 'fill' }).greyscale().raw().toBuffer()
}
const distance = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length

async function frameSources(page: Page): Promise<string[]> {
  const frames = page.getByRole('list', { name: 'Quadros da sequência' }).getByRole('img')
  const sources: string[] = []
  for (const frame of await frames.all()) sources.push((await frame.getAttribute('src'))!)
  return sources
}

test('a property’s Sequência de Stories keeps its text in the safe zones and goes out once, in order, as Stories @nojs-only', async ({
  signedInPage: page,
}, info) => {
  test.setTimeout(420_000)
  await subscribe(page.request)
  const homeId = await createHome(page.request, ITAIM_APARTMENT, { photos: 4 })

  await page.goto(`/imoveis/${homeId}/stories`)
  await expect(page.getByRole('heading', { level: 1, name: 'Sequência de Stories' })).toBeVisible()
  await page.getByRole('button', { name: 'Montar sequência' }).click()
  await expect(page.getByRole('heading', { name: /^\d quadros$/ })).toBeVisible({ timeout: 60_000 })
  const sources = await frameSources(page)
  expect(sources.length).toBeGreaterThanOrEqual(3)
  expect(sources.length).toBeLessThanOrEqual(6)

  const read: string[] = []
  const thumbs: Buffer[] = []
  for (const [i, src] of sources.entries()) {
    const response = await page.request.get(src)
    expect(response.status()).toBe(200)
    const bytes = await response.body()
    const meta = await sharp(bytes).metadata()
    expect([meta.width, meta.height], `quadro ${i + 1}`).toEqual([1080, 1920])
    const png = info.outputPath(`story-${i + 1}.png`)
    fs.writeFileSync(png, await sharp(bytes).png().toBuffer())
    const words = ocrWords(png)
    // Every frame says something, and nothing of it in the top 250 px or the bottom 340 px.
    expect(words.length, `quadro ${i + 1}`).toBeGreaterThan(0)
    for (const word of words) {
      expect(word.top, `quadro ${i + 1}: "${word.text}"`).toBeGreaterThanOrEqual(250)
      expect(word.bottom, `quadro ${i + 1}: "${word.text}"`).toBeLessThanOrEqual(1920 - 340)
    }
    read.push(words.map((word) => word.text).join(' '))
    thumbs.push(await thumb(bytes))
  }
  // The cover names the property; the last frames say the price and how to reach the agent.
  expect(read.join(' ')).toMatch(/Itaim/i)
  expect(read.at(-2)).toMatch(/R[$S] ?\d{1,3}(\.\d{3})+/)
  expect(read.at(-1)).toMatch(/WhatsApp/i)

  // Scheduled from the sequence's page, a few minutes ahead, to the local outbox.
  await page.getByRole('link', { name: 'Agendar como Stories' }).click()
  await expect(page.getByText('Vai como Stories: cada imagem é um story, publicado nesta ordem.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Imagens que serão publicadas' }).getByRole('img')).toHaveCount(
    sources.length,
  )
  await expect(page.getByRole('checkbox', { name: 'Caixa de saída local' })).toBeChecked()
  const at = saoPauloIn(2)
  await page.getByLabel('Data').fill(at.date)
  await page.getByLabel('Horário (Brasília)').fill(at.time)
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText('Publicação agendada')).toBeVisible()

  // At its time the sequence reaches the outbox once: every frame a Story, in order.
  const entry = page.getByRole('listitem').filter({ hasText: /^Enviado à caixa de saída em .* como \d Stories/ })
  await expect(async () => {
    await page.goto('/integracoes/saida')
    await expect(entry).toHaveCount(1)
  }).toPass({ timeout: 300_000, intervals: [5_000] })
  await expect(entry.getByRole('heading')).toContainText(`como ${sources.length} Stories`)
  const stories = entry.getByRole('list', { name: 'Stories, na ordem publicada' }).getByRole('img')
  await expect(stories).toHaveCount(sources.length)
  for (const [i, story] of (await stories.all()).entries()) {
    await expect(story).toHaveAccessibleName(`Story ${i + 1} de ${sources.length}`)
    const bytes = await (await page.request.get((await story.getAttribute('src'))!)).body()
    const meta = await sharp(bytes).metadata()
    expect([meta.width, meta.height]).toEqual([1080, 1920])
    // The i-th Story is the i-th frame: nearer to it than to any other.
    const own = await thumb(bytes)
    const nearest = thumbs
      .map((frame) => distance(own, frame))
      .reduce((best, d, j, all) => (d < all[best]! ? j : best), 0)
    expect(nearest, `Story ${i + 1}`).toBe(i)
  }
  await page.goto('/agendar-posts')
  const sent = page.getByRole('region', { name: 'Na caixa de saída (1)' }).getByRole('listitem')
  await expect(sent).toHaveCount(1)
  await expect(sent).toContainText(`Caixa de saída local · ${sources.length} Stories`)
  // Once: a later look finds the same single entry.
  await page.goto('/integracoes/saida')
  await expect(page.getByRole('heading', { name: /^Enviado à caixa de saída em/ })).toHaveCount(1)
})
