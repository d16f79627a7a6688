// Instagram's Story safe zones (ADR 300): on a 1080×1920 cover, the top 250 px (profile bar) and the
// bottom 340 px (reply box) show nothing but photo. Each composition's cover is drawn by Takumi on
// the words of its own message; the renderer's layout measurement places every text run, and
// tesseract reads the two zones of the PNG: neither may hold a word of the slide.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fromJsx } from '@takumi-rs/helpers/jsx'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { COMPOSITION_IDS, COMPOSITIONS, type CompositionId } from '~/domain/compositions'
import { buildPostContent } from '~/domain/post-content'
import { makeSlide } from '~/domain/slides'
import { roomPhoto } from '~/integrations/images/sample-photos.server'
import { STORY_SAFE } from '~/components/post/format'
import { slideInput, slideRenderer, type ImageLoader } from './render.server'

type Measured = {
  transform: number[]
  children: Measured[]
  runs: Array<{ text: string; x: number; y: number; width: number; height: number }>
}

const home = {
  id: 1,
  name: 'Apartamento com varanda gourmet no Itaim Bibi',
  status: 'sale' as const,
  category: 'apartment',
  neighborhood: 'Itaim Bibi',
  city: 'São Paulo',
  state: 'SP',
  price: 245000000,
  area: 142,
  bedrooms: 3,
  bathrooms: 2,
  parking_spaces: 2,
  gallery: [0, 1, 2, 3].map((n) => ({ name: `p${n}`, url: `/uploads/room/${n}.jpg`, featured: n === 0 })),
}
const owner = { full_name: 'Marina Costa', phone: '(11) 98765-4321', theme: { creci: 'CRECI-SP 123456-F' } }

const load: ImageLoader = async (ref) => {
  const n = Number(/(\d+)\.jpg$/.exec(ref)?.[1] ?? 0)
  return roomPhoto((['living', 'kitchen', 'bedroom', 'facade'] as const)[n % 4] as never, n + 3, {
    width: 960,
    height: 720,
  })
}

function words(composition: CompositionId): Record<string, string> {
  const only = COMPOSITIONS[composition].only?.[0]
  if (only === 'sold')
    return { caption: 'Vendido!', title: 'Apartamento no Itaim Bibi', description: 'Mais um sonho realizado' }
  if (only === 'open-house')
    return { caption: 'Visita aberta', title: 'Sábado, 5 de dezembro', description: 'Das 10h às 14h' }
  return { caption: 'À venda', title: 'Apartamento com varanda gourmet', description: 'Pronto para morar' }
}

function cover(composition: CompositionId) {
  const slide = makeSlide('s1', 'cover', { image: home.gallery[0]!.url, ...words(composition) })
  const post = {
    id: 1,
    template: 'venda-story',
    format: 'story',
    meta: { slides: [slide], fields: { composition } },
    media: null,
  }
  return { content: buildPostContent({ post, home: home as never, owner: owner as never }), slide }
}

function runs(node: Measured, out: Array<{ text: string; top: number; bottom: number }> = []) {
  const ty = node.transform[5]!
  for (const run of node.runs)
    if (run.text.trim()) out.push({ text: run.text.trim(), top: ty + run.y, bottom: ty + run.y + run.height })
  for (const child of node.children) runs(child, out)
  return out
}

function ocr(png: Buffer): string {
  const file = path.join(os.tmpdir(), `story-zone-${process.pid}-${Math.random().toString(36).slice(2)}.png`)
  fs.writeFileSync(file, png)
  try {
    return execFileSync('tesseract', [file, '-', '-l', 'por', '--psm', '11'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } finally {
    fs.rmSync(file, { force: true })
  }
}

const letters = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^\p{L}\d]/gu, '')
    .toLowerCase()

describe("a Story cover keeps its words out of Instagram's top 250 px and bottom 340 px", () => {
  for (const composition of COMPOSITION_IDS)
    test(composition, { timeout: 30_000 }, async () => {
      const { content, slide } = cover(composition)
      expect(content.size).toEqual({ width: 1080, height: 1920 })
      const input = await slideInput(content, slide, load)
      const { node } = await fromJsx(input.element)
      const options = { width: 1080, height: 1920, images: input.images ?? [], css: ['* { box-sizing: content-box }'] }
      const renderer = await slideRenderer()
      const measured = (await renderer.measure(node, options)) as Measured
      const placed = runs(measured)
      expect(placed.length).toBeGreaterThan(0)
      if (process.env.STORY_ZONES_OUT)
        console.log(
          composition,
          placed.map((r) => `${r.text} ${Math.round(r.top)}–${Math.round(r.bottom)}`),
        )
      const outside = placed.filter((r) => r.top < STORY_SAFE.top || r.bottom > 1920 - STORY_SAFE.bottom)
      expect(outside.map((r) => `${r.text} ${Math.round(r.top)}–${Math.round(r.bottom)}`)).toEqual([])

      const png = Buffer.from(await renderer.render(node, { ...options, format: 'png' }))
      if (process.env.STORY_ZONES_OUT)
        fs.writeFileSync(path.join(process.env.STORY_ZONES_OUT, `${composition}.png`), png)
      const zones = [
        await sharp(png).extract({ left: 0, top: 0, width: 1080, height: STORY_SAFE.top }).png().toBuffer(),
        await sharp(png)
          .extract({ left: 0, top: 1920 - STORY_SAFE.bottom, width: 1080, height: STORY_SAFE.bottom })
          .png()
          .toBuffer(),
      ]
      const read = zones.map(ocr).join(' ')
      const own = new Set(
        placed
          .flatMap((r) => r.text.split(/\s+/))
          .map(letters)
          .filter((w) => w.length >= 4),
      )
      const found = read
        .split(/\s+/)
        .map(letters)
        .filter((w) => own.has(w))
      expect(found, `OCR of the zones: ${read.replace(/\s+/g, ' ')}`).toEqual([])
    })
})
