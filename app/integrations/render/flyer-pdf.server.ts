// The printable A4 flyer of a media kit, written by pdf-lib without a browser: vector text in
// the post fonts (the shipped @fontsource WOFF files, subset and embedded through fontkit; WOFF2
// crashes fontkit's subsetter), photos as JPEG at up to 300 dpi for the box they fill, the
// theme's colours. See ADR 110 (pdf-lib against @react-pdf/renderer, measured).
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib'
import sharp from 'sharp'
import type { HomeContent } from '~/domain/post-content'
import { hexToRgb, type PostTheme } from '~/domain/post-theme'
import { A4 } from '~/domain/slides'
import { loadFonts } from './render.server'
import { qrMatrix, type QrMatrix } from './qr.server'
import { currentLogger } from '~/utils/logger.server'

const M = 36
const PRINT_DPI = 300

export type FlyerInput = {
  theme: PostTheme
  home: HomeContent
  title: string
  body: string
  contact: { name: string | null; phone: string | null; creci: string | null; initials: string }
  /** The agent's logo (stored bytes), drawn instead of the initials. */
  logo?: Uint8Array | null
  /** Stored photos' bytes: the large one, then up to three for the strip. */
  hero: Uint8Array | null
  strip: Uint8Array[]
  /** The listing page's address: a QR code to it in the footer, the address written beside it. */
  link?: string | null
  /** The first floor plan (stored bytes) and its caption: a second page, the plan large. */
  floorPlan?: { bytes: Uint8Array; caption: string | null } | null
}

type Fonts = { body: PDFFont; medium: PDFFont; bold: PDFFont; heading: PDFFont }
type Ctx = { doc: PDFDocument; page: PDFPage; fonts: Fonts; theme: PostTheme }

const colour = (hex: string) => {
  const [r, g, b] = hexToRgb(hex)
  return rgb(r / 255, g / 255, b / 255)
}

async function embedFonts(doc: PDFDocument, headingFont: string): Promise<Fonts> {
  doc.registerFontkit(fontkit)
  const files = await loadFonts()
  const file = (name: string, weight: number) =>
    files.find((f) => f.name === name && f.weight === weight) ??
    files.find((f) => f.name === 'Inter' && f.weight === weight)!
  // No contextual alternates: Inter draws the 'x' of '3x9' as '×', and a short address must read as typed.
  const embed = (name: string, weight: number) =>
    doc.embedFont(file(name, weight).data, { subset: true, features: { calt: false } })
  const [body, medium, bold, heading] = await Promise.all([
    embed('Inter', 400),
    embed('Inter', 600),
    embed('Inter', 700),
    embed(headingFont, headingFont === 'Inter' ? 800 : 700),
  ])
  return { body, medium, bold, heading }
}

/** The text with only characters the font draws (emojis and other scripts are dropped). */
function drawable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet())
  return [...text.normalize('NFC')]
    .filter((ch) => ch === '\n' || set.has(ch.codePointAt(0)!))
    .join('')
    .replace(/[ \t]+/g, ' ')
}

/** Greedy word wrap to `width`; at most `max` lines, the last one ended with '…' when cut. */
export function wrapText(font: PDFFont, text: string, size: number, width: number, max = Infinity): string[] {
  const lines: string[] = []
  for (const paragraph of drawable(font, text).split('\n')) {
    let line = ''
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const next = line ? `${line} ${word}` : word
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line)
        line = word
      } else line = next
    }
    lines.push(line)
  }
  if (lines.length <= max) return lines
  // A cut at a paragraph's end would leave '…' alone on a line: the ellipsis ends the last words.
  const kept = lines.slice(0, max)
  while (kept.length > 1 && !kept[kept.length - 1]!.trim()) kept.pop()
  let last = kept[kept.length - 1]!
  while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.replace(/\s*\S+$/, '')
  if (!last.trim()) kept.pop()
  else kept[kept.length - 1] = `${last}…`
  return kept
}

/** A photo cut to the box's proportions, at most 300 dpi for the box, as JPEG. */
export async function printPhoto(bytes: Uint8Array, box: { width: number; height: number }): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: 100_000_000 }).rotate()
  const { width = 1, height = 1, orientation = 1 } = await image.metadata()
  const [w, h] = orientation >= 5 ? [height, width] : [width, height]
  const want = { width: (box.width / 72) * PRINT_DPI, height: (box.height / 72) * PRINT_DPI }
  // Never enlarge: below 300 dpi the photo keeps its own pixels, cut to the box's shape.
  const k = Math.max(1, Math.max(want.width / w, want.height / h))
  const size = { width: Math.max(1, Math.round(want.width / k)), height: Math.max(1, Math.round(want.height / k)) }
  return image
    .resize({ ...size, fit: 'cover', position: 'centre' })
    .jpeg({ quality: 84, chromaSubsampling: '4:2:0' })
    .toBuffer()
}

async function embedPhoto(
  doc: PDFDocument,
  bytes: Uint8Array | null | undefined,
  box: { width: number; height: number },
): Promise<PDFImage | null> {
  if (!bytes) return null
  const jpeg = await printPhoto(bytes, box).catch((error: unknown) => {
    currentLogger().warn('flyer photo unreadable; printed without it', { error })
    return null
  })
  return jpeg ? doc.embedJpg(jpeg) : null
}

/** The hero photo with the deal tag; returns the y where the text starts. */
function drawHero(ctx: Ctx, hero: PDFImage | null, tag: string): number {
  const { page, theme, fonts } = ctx
  const height = HERO
  const y = A4.height - height
  if (hero) page.drawImage(hero, { x: 0, y, width: A4.width, height })
  else page.drawRectangle({ x: 0, y, width: A4.width, height, color: colour(theme.primary) })
  const text = drawable(fonts.bold, tag.toUpperCase())
  const size = 10
  const w = fonts.bold.widthOfTextAtSize(text, size) + 24
  page.drawRectangle({ x: M, y: A4.height - M - 26, width: w, height: 26, color: colour(theme.secondary) })
  page.drawText(text, { x: M + 12, y: A4.height - M - 17, size, font: fonts.bold, color: colour(theme.onSecondary) })
  return y
}

/** Title, location, then the price band; returns the y below them. */
function drawTitle(ctx: Ctx, top: number, title: string, home: HomeContent): number {
  const { page, theme, fonts } = ctx
  let y = top - 22
  for (const line of wrapText(fonts.heading, title, 24, A4.width - 2 * M, 2)) {
    y -= 26
    page.drawText(line, { x: M, y, size: 24, font: fonts.heading, color: colour(theme.primary) })
  }
  if (home.location) {
    y -= 20
    page.drawText(drawable(fonts.body, home.location), {
      x: M,
      y,
      size: 12,
      font: fonts.body,
      color: colour('#4B5563'),
    })
  }
  y -= 16
  const band = 52
  page.drawRectangle({ x: M, y: y - band, width: A4.width - 2 * M, height: band, color: colour(theme.primary) })
  const on = colour(theme.onPrimary)
  page.drawText(drawable(fonts.medium, home.priceLabel.toUpperCase()), {
    x: M + 16,
    y: y - 18,
    size: 8.5,
    font: fonts.medium,
    color: on,
  })
  const price = home.price ? `${home.price}${home.priceSuffix ?? ''}` : 'Consulte'
  page.drawText(drawable(fonts.heading, price), { x: M + 16, y: y - 42, size: 20, font: fonts.heading, color: on })
  const others = home.otherPrices.join('  ·  ')
  if (others) {
    const width = fonts.body.widthOfTextAtSize(drawable(fonts.body, others), 10)
    page.drawText(drawable(fonts.body, others), {
      x: A4.width - M - 16 - width,
      y: y - 32,
      size: 10,
      font: fonts.body,
      color: on,
    })
  }
  return y - band
}

/** The facts (area, rooms, parking) in columns; returns the y below them. */
function drawFacts(ctx: Ctx, top: number, home: HomeContent): number {
  const { page, theme, fonts } = ctx
  const facts = home.facts.slice(0, 5)
  if (facts.length === 0) return top
  const column = (A4.width - 2 * M) / facts.length
  facts.forEach((fact, i) => {
    const x = M + i * column
    page.drawText(drawable(fonts.heading, fact.value), {
      x,
      y: top - 34,
      size: 17,
      font: fonts.heading,
      color: colour(theme.primary),
    })
    page.drawText(drawable(fonts.body, fact.label), {
      x,
      y: top - 50,
      size: 9.5,
      font: fonts.body,
      color: colour('#4B5563'),
    })
  })
  page.drawLine({
    start: { x: M, y: top - 64 },
    end: { x: A4.width - M, y: top - 64 },
    thickness: 0.6,
    color: colour('#D1D5DB'),
  })
  return top - 64
}

/** The body text, then the highlights in two columns; stops above `floor`. */
function drawBody(ctx: Ctx, top: number, floor: number, body: string, highlights: string[]): void {
  const { page, theme, fonts } = ctx
  const text = colour(theme.text)
  let y = top - 8
  const reserved = highlights.length ? 32 + Math.min(3, Math.ceil(highlights.length / 2)) * 15 : 0
  const room = Math.max(0, Math.floor((y - floor - reserved) / 14.5))
  for (const line of wrapText(fonts.body, body, 10.5, A4.width - 2 * M, Math.min(9, room))) {
    y -= 14.5
    if (line) page.drawText(line, { x: M, y, size: 10.5, font: fonts.body, color: text })
  }
  if (highlights.length === 0) return
  y -= 24
  page.drawText('Destaques', { x: M, y, size: 12, font: fonts.bold, color: colour(theme.primary) })
  const half = (A4.width - 2 * M) / 2
  const rows = Math.max(0, Math.min(3, Math.floor((y - 8 - floor) / 15)))
  highlights.slice(0, rows * 2).forEach((item, i) => {
    const x = M + (i % 2) * half
    const row = y - 17 - Math.floor(i / 2) * 15
    page.drawCircle({ x: x + 3, y: row + 3.5, size: 2.4, color: colour(theme.secondary) })
    const [line] = wrapText(fonts.body, item, 10, half - 20, 1)
    page.drawText(line ?? '', { x: x + 12, y: row, size: 10, font: fonts.body, color: text })
  })
}

const STRIP = { height: 104, gap: 10, bottom: 94 }
const HERO = 300

function drawStrip(ctx: Ctx, photos: PDFImage[]): void {
  const width = (A4.width - 2 * M - 2 * STRIP.gap) / 3
  photos.slice(0, 3).forEach((photo, i) => {
    ctx.page.drawImage(photo, { x: M + i * (width + STRIP.gap), y: STRIP.bottom, width, height: STRIP.height })
  })
}

/** A logo on a white rounded tile, as PNG (it may be transparent), or null when unreadable. */
async function embedLogo(doc: PDFDocument, bytes: Uint8Array | null | undefined): Promise<PDFImage | null> {
  if (!bytes) return null
  try {
    const png = await sharp(bytes).resize(176, 176, { fit: 'inside', withoutEnlargement: true }).png().toBuffer()
    return await doc.embedPng(png)
  } catch (error) {
    currentLogger().warn('flyer logo unreadable; printed without it', { error })
    return null
  }
}

/** A QR code as vector squares (one rectangle per run of dark modules) on a white tile. */
function drawQr(page: PDFPage, qr: QrMatrix, x: number, y: number, size: number): void {
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) })
  // Two modules of quiet zone inside the tile, enough on a white tile on any background.
  const module = size / (qr.size + 4)
  const dark = rgb(0, 0, 0)
  for (let row = 0; row < qr.size; row++) {
    let col = 0
    while (col < qr.size) {
      if (!qr.dark(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < qr.size && qr.dark(row, col)) col++
      page.drawRectangle({
        x: x + (start + 2) * module,
        y: y + size - (row + 3) * module,
        width: (col - start) * module + 0.05,
        height: module + 0.05,
        color: dark,
      })
    }
  }
}

/** The listing page's address as people read it: no scheme. */
const shownLink = (link: string) => link.replace(/^https?:\/\//, '').replace(/\/$/, '')

const FOOTER = 76

/** The agent's contact on a band of the primary colour: their logo, else their initials; the QR. */
function drawFooter(ctx: Ctx, contact: FlyerInput['contact'], logo: PDFImage | null, link: string | null): void {
  const { page, theme, fonts } = ctx
  const height = FOOTER
  page.drawRectangle({ x: 0, y: 0, width: A4.width, height, color: colour(theme.primary) })
  const on = colour(theme.onPrimary)
  if (logo) {
    page.drawRectangle({ x: M, y: height / 2 - 24, width: 48, height: 48, color: rgb(1, 1, 1) })
    const scale = Math.min(40 / logo.width, 40 / logo.height)
    const w = logo.width * scale
    const h = logo.height * scale
    page.drawImage(logo, { x: M + 24 - w / 2, y: height / 2 - h / 2, width: w, height: h })
  } else {
    page.drawCircle({ x: M + 22, y: height / 2, size: 22, color: colour(theme.secondary) })
    const initials = drawable(fonts.bold, contact.initials || '•')
    const iw = fonts.bold.widthOfTextAtSize(initials, 14)
    page.drawText(initials, {
      x: M + 22 - iw / 2,
      y: height / 2 - 5,
      size: 14,
      font: fonts.bold,
      color: colour(theme.onSecondary),
    })
  }
  const x = M + 58
  page.drawText(drawable(fonts.heading, contact.name ?? 'Fale com o corretor'), {
    x,
    y: 44,
    size: 15,
    font: fonts.heading,
    color: on,
  })
  const line = [contact.phone, contact.creci].filter(Boolean).join('  ·  ')
  if (line) page.drawText(drawable(fonts.body, line), { x, y: 25, size: 11, font: fonts.body, color: on })
  const qr = link ? qrMatrix(link) : null
  if (!link || !qr) {
    const call = 'Agende sua visita'
    const cw = fonts.bold.widthOfTextAtSize(call, 12)
    page.drawText(call, { x: A4.width - M - cw, y: 33, size: 12, font: fonts.bold, color: colour(theme.secondary) })
    return
  }
  // 64 pt (≈ 23 mm): a short address's code reads from a phone at arm's length.
  const size = 64
  const qx = A4.width - M - size
  const qy = (height - size) / 2
  drawQr(page, qr, qx, qy, size)
  const right = qx - 12
  const call = 'Fotos, detalhes e contato'
  const cw = fonts.bold.widthOfTextAtSize(call, 11)
  page.drawText(call, { x: right - cw, y: 44, size: 11, font: fonts.bold, color: colour(theme.secondary) })
  const address = drawable(fonts.body, shownLink(link))
  const aw = fonts.body.widthOfTextAtSize(address, 9)
  page.drawText(address, { x: right - aw, y: 28, size: 9, font: fonts.body, color: on })
}

/** A floor plan whole (never cut), on white, as JPEG at up to 300 dpi for the box. */
async function embedPlan(
  doc: PDFDocument,
  bytes: Uint8Array,
  box: { width: number; height: number },
): Promise<PDFImage | null> {
  try {
    const jpeg = await sharp(bytes, { limitInputPixels: 100_000_000 })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({
        width: Math.round((box.width / 72) * PRINT_DPI),
        height: Math.round((box.height / 72) * PRINT_DPI),
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 90 })
      .toBuffer()
    return await doc.embedJpg(jpeg)
  } catch (error) {
    currentLogger().warn('flyer image unreadable; printed without it', { error })
    return null
  }
}

/** The second page: the floor plan large under its title, the area, the same footer. */
function drawPlanPage(ctx: Ctx, plan: PDFImage, caption: string | null, home: HomeContent): void {
  const { page, theme, fonts } = ctx
  page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: colour(theme.primary) })
  let y = A4.height - M - 26
  page.drawText('Planta', { x: M, y, size: 26, font: fonts.heading, color: colour(theme.primary) })
  const area = home.facts.find((fact) => fact.value.includes('m²'))
  const sub = [caption?.trim(), area ? `${area.label}: ${area.value}` : null, home.name].filter(Boolean).join('  ·  ')
  if (sub) {
    y -= 22
    const [line] = wrapText(fonts.body, sub, 12, A4.width - 2 * M, 1)
    page.drawText(line ?? '', { x: M, y, size: 12, font: fonts.body, color: colour('#4B5563') })
  }
  const top = y - 24
  const bottom = FOOTER + 24
  const box = { width: A4.width - 2 * M, height: top - bottom }
  const scale = Math.min(box.width / plan.width, box.height / plan.height)
  const w = plan.width * scale
  const h = plan.height * scale
  page.drawImage(plan, { x: M + (box.width - w) / 2, y: bottom + (box.height - h) / 2, width: w, height: h })
}

/** The flyer as PDF bytes: one A4 page, and a second with the floor plan when there is one. */
export async function flyerPdf(input: FlyerInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  doc.setTitle(input.home.name)
  doc.setSubject(`${input.home.deal}: ${input.home.category}`)
  doc.setCreator('Vitrine')
  doc.setProducer('Vitrine (pdf-lib)')
  doc.setLanguage('pt-BR')
  const fonts = await embedFonts(doc, input.theme.font)
  const page = doc.addPage([A4.width, A4.height])
  const ctx: Ctx = { doc, page, fonts, theme: input.theme }
  const stripWidth = (A4.width - 2 * M - 2 * STRIP.gap) / 3
  const planBox = { width: A4.width - 2 * M, height: A4.height - 2 * M - 200 }
  const [logo, plan, hero, ...strip] = await Promise.all([
    embedLogo(doc, input.logo),
    input.floorPlan ? embedPlan(doc, input.floorPlan.bytes, planBox) : Promise.resolve(null),
    embedPhoto(doc, input.hero, { width: A4.width, height: HERO }),
    ...input.strip.slice(0, 3).map((bytes) => embedPhoto(doc, bytes, { width: stripWidth, height: STRIP.height })),
  ])
  const photos = strip.filter((p): p is PDFImage => p !== null)
  const link = input.link ?? null
  const top = drawHero(ctx, hero ?? null, `${input.home.deal} · ${input.home.category}`)
  const below = drawFacts(ctx, drawTitle(ctx, top, input.title, input.home), input.home)
  drawBody(ctx, below, photos.length ? STRIP.bottom + STRIP.height + 8 : 90, input.body, input.home.highlights)
  drawStrip(ctx, photos)
  drawFooter(ctx, input.contact, logo, link)
  if (plan) {
    const second: Ctx = { ...ctx, page: doc.addPage([A4.width, A4.height]) }
    drawPlanPage(second, plan, input.floorPlan?.caption ?? null, input.home)
    drawFooter(second, input.contact, logo, link)
  }
  return doc.save()
}
