// A media kit: one property's set of marketing pieces, chosen from presets, each with its slides
// (layouts, photos, words) and its text (caption, WhatsApp message, flyer body). Pure: the plan
// of a new kit, the names of its files, the words taken from a caption, the edit form's rules.
import { fileSlug } from './file-names'
import { coverPhoto, slideIds, type Random, type TemplateFormat } from './post-plan'
import type { MediaItem } from './media'
import { MAX_CAROUSEL_SLIDES, makeSlide, type Slide } from './slides'
import { z } from './validation'
import { clip } from './clip'

export const KIT_PIECE_KEYS = ['feed', 'story', 'carousel', 'flyer', 'whatsapp'] as const
export type KitPieceKey = (typeof KIT_PIECE_KEYS)[number]

/** Canvas of a piece: the post formats, or an A4 page (the flyer). */
export type KitFormat = 'feed' | 'portrait' | 'story' | 'a4'

export type KitPiece = {
  key: KitPieceKey
  format: KitFormat
  /** The carousel's slides; one slide for the others (the flyer: its cover, then its photo strip). */
  slides: Slide[]
  /** Caption (feed, story, carousel), message (WhatsApp) or body (flyer). */
  text: string | null
  /** Bumped on every change of the piece: its files' cache key. */
  version: number
}

export const KIT_PIECE_LABELS: Record<KitPieceKey, string> = {
  feed: 'Post para o feed',
  story: 'Story',
  carousel: 'Carrossel',
  flyer: 'Folheto A4 (PDF)',
  whatsapp: 'Imagem para WhatsApp',
}

export const KIT_FORMAT_LABELS: Record<KitFormat, string> = {
  feed: 'Quadrado 1:1 (1080×1080)',
  portrait: 'Retrato 4:5 (1080×1350)',
  story: 'Story 9:16 (1080×1920)',
  a4: 'A4 (210×297 mm)',
}

/** The copywriter's format for a piece (its words are written as for a post of that format). */
export function writerFormat(piece: Pick<KitPiece, 'key' | 'format'>): TemplateFormat {
  if (piece.key === 'carousel') return 'carousel'
  if (piece.format === 'story') return 'story'
  return piece.format === 'portrait' ? 'portrait' : 'feed'
}

type Photos = { gallery?: MediaItem[] | null; floor_plans?: MediaItem[] | null }

/** The property's photos, featured first (the defaults of a new kit). */
export function kitPhotos(home: Photos | null | undefined): string[] {
  const gallery = (home?.gallery ?? []).filter((item) => typeof item?.url === 'string' && item.url !== '')
  return [...gallery.filter((item) => item.featured), ...gallery.filter((item) => !item.featured)].map(
    (item) => item.url,
  )
}

/** The carousel: cover + photos + features + floor plan + contact (Instagram's limit of 10). */
function carouselSlides(home: Photos, nextId: () => string): Slide[] {
  const cover = coverPhoto(home)?.url ?? null
  const others = kitPhotos(home).filter((url) => url !== cover)
  const plan = (home.floor_plans ?? []).find((item) => item?.url)
  const tail = (plan ? 3 : 2) + 1
  const slides = [makeSlide(nextId(), 'cover', { image: cover })]
  for (const url of others.slice(0, MAX_CAROUSEL_SLIDES - tail))
    slides.push(makeSlide(nextId(), 'photo', { image: url }))
  slides.push(makeSlide(nextId(), 'features'))
  if (plan) slides.push(makeSlide(nextId(), 'floor-plan', { image: plan.url, caption: plan.caption ?? null }))
  slides.push(makeSlide(nextId(), 'closing', { showAvatar: true }))
  return slides
}

/** A new kit's pieces: featured photos, default layouts; words come from the copywriter after. */
export function planKit(home: Photos, random: Random): KitPiece[] {
  const photos = kitPhotos(home)
  const cover = coverPhoto(home)?.url ?? photos[0] ?? null
  const second = photos.find((url) => url !== cover) ?? cover
  const single = (id: string, image: string | null) => [makeSlide(id, 'cover', { image })]
  const piece = (key: KitPieceKey, format: KitFormat, slides: Slide[]): KitPiece => ({
    key,
    format,
    slides,
    text: null,
    version: 1,
  })
  const strip = photos.filter((url) => url !== cover).slice(0, 3)
  const nextId = slideIds(random)
  return [
    piece('feed', 'feed', single(nextId(), cover)),
    piece('story', 'story', single(nextId(), second)),
    piece('carousel', 'portrait', carouselSlides(home, nextId)),
    piece('flyer', 'a4', [
      ...single(nextId(), cover),
      ...strip.map((url) => makeSlide(nextId(), 'photo', { image: url })),
    ]),
    // WhatsApp forwards one image: a grid shows several rooms at once.
    piece('whatsapp', 'feed', [makeSlide(nextId(), 'photo-grid', { image: cover })]),
  ]
}

export function kitPiece(pieces: readonly KitPiece[] | null | undefined, key: string): KitPiece | null {
  return (pieces ?? []).find((piece) => piece.key === key) ?? null
}

// ------------------------------------------------------------------ words from a caption

const EMOJI = /\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\u{20E3}/gu

/** Paragraphs of prose: no hashtags, no bullet lists (lines that start with an emoji or a sign). */
function proseParagraphs(caption: string): string[] {
  return caption
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p && !p.startsWith('#'))
    .filter((p) => !p.split('\n').every((line) => /^[^\p{L}\p{N}"“]/u.test(line.trim())))
}

/** The flyer's body: the caption's prose without emojis, hashtags and bullet lists. */
export function flyerBody(caption: string | null | undefined): string {
  const paragraphs = proseParagraphs(caption ?? '')
    .map((p) =>
      p
        .replace(EMOJI, '')
        .replace(/[ \t]+/g, ' ')
        .trim(),
    )
    // Prices are on the flyer's price band already.
    .filter((p) => p.length > 40 && !p.includes('R$'))
  return clip(paragraphs.slice(0, 2).join('\n\n'), 700)
}

/** A WhatsApp message: the caption without hashtags and bullet lists, at most ~500 characters. */
export function whatsappMessage(caption: string | null | undefined): string {
  const paragraphs = proseParagraphs(caption ?? '')
  const out: string[] = []
  for (const p of paragraphs) {
    if (out.join('\n\n').length + p.length > 500) break
    out.push(p)
  }
  return out.join('\n\n')
}

// ------------------------------------------------------------------ files

/** The kit's zip, named after the property. */
export function kitZipName(homeName: string | null | undefined): string {
  return `media-kit-${fileSlug(homeName) || 'imovel'}.zip`
}

export type KitFile = {
  name: string
  piece: KitPieceKey
  slide: number | null
  type: 'png' | 'jpeg' | 'pdf' | 'text' | 'svg'
}

/** The QR code of the listing page, in the kit when the agent has a public page. */
export const KIT_QR_FILE = 'qrcode.svg'

/** Every file of a kit, in zip order: feed, story, the carousel's slides, flyer, WhatsApp, texts,
 * and the listing page's QR code when there is a page (`qr`). */
export function kitFiles(pieces: readonly KitPiece[], options: { qr?: boolean } = {}): KitFile[] {
  const files: KitFile[] = []
  const has = (key: KitPieceKey) => kitPiece(pieces, key)
  if (has('feed')) files.push({ name: 'feed.png', piece: 'feed', slide: null, type: 'png' })
  if (has('story')) files.push({ name: 'story.png', piece: 'story', slide: null, type: 'png' })
  const carousel = has('carousel')
  carousel?.slides
    .filter((slide) => !slide.hide)
    .forEach((_, i) => files.push({ name: `carrossel/slide-${i + 1}.png`, piece: 'carousel', slide: i, type: 'png' }))
  if (has('flyer')) files.push({ name: 'flyer.pdf', piece: 'flyer', slide: null, type: 'pdf' })
  if (has('whatsapp')) files.push({ name: 'whatsapp.jpg', piece: 'whatsapp', slide: null, type: 'jpeg' })
  files.push({ name: 'textos.txt', piece: 'feed', slide: null, type: 'text' })
  if (options.qr) files.push({ name: KIT_QR_FILE, piece: 'flyer', slide: null, type: 'svg' })
  return files
}

/** A file of the kit by its public name ('carrossel-3.png' is the zip's carrossel/slide-3.png). */
export function kitFileByName(
  pieces: readonly KitPiece[],
  name: string,
  options: { qr?: boolean } = {},
): KitFile | null {
  const wanted = name.replace(/^carrossel-(\d+)\.png$/, 'carrossel/slide-$1.png')
  return kitFiles(pieces, options).find((file) => file.name === wanted) ?? null
}

/** The public name of a file (no folder: one URL segment). */
export const publicFileName = (file: Pick<KitFile, 'name'>) => file.name.replace(/^carrossel\/slide-/, 'carrossel-')

/** textos.txt: every piece's words, to paste into Instagram and WhatsApp. */
export function kitTexts(homeName: string, pieces: readonly KitPiece[]): string {
  const parts = [`Media kit: ${homeName}`]
  for (const piece of pieces) {
    if (piece.key === 'flyer' || !piece.text) continue
    parts.push(`== ${KIT_PIECE_LABELS[piece.key]} ==\n${piece.text}`)
  }
  return `${parts.join('\n\n')}\n`
}

// ------------------------------------------------------------------ ids and the edit form

/** The public id: 128 random bits as base64url (22 characters, no padding). */
export const PUBLIC_ID = /^[A-Za-z0-9_-]{22}$/

export const kitPieceEditSchema = z.object({
  piece: z.enum(KIT_PIECE_KEYS),
  title: z.string().trim().max(120, 'Use no máximo 120 caracteres.').optional(),
  description: z.string().trim().max(600, 'Use no máximo 600 caracteres.').optional(),
  text: z.string().trim().max(2200, 'Use no máximo 2.200 caracteres.').optional(),
  photo: z.string().trim().optional(),
})
export type KitPieceEdit = z.infer<typeof kitPieceEditSchema>

/** The piece with the agent's words and photo on its first slide; a new version. */
export function editPiece(piece: KitPiece, edit: KitPieceEdit): KitPiece {
  const [first, ...rest] = piece.slides
  if (!first) return piece
  const keep = (value: string | undefined, old: string | null | undefined) =>
    value === undefined ? (old ?? null) : value || null
  const changed: Slide = {
    ...first,
    title: keep(edit.title, first.title),
    description: keep(edit.description, first.description),
    image: edit.photo || first.image,
  }
  return {
    ...piece,
    slides: [changed, ...rest],
    text: keep(edit.text, piece.text),
    version: piece.version + 1,
  }
}

// ------------------------------------------------------------------ what the copywriter is told

const PIECE_BRIEFS: Record<KitPieceKey, string> = {
  feed: 'Peça do media kit: post quadrado para o feed do Instagram. Título curto e chamativo na capa.',
  story: 'Peça do media kit: story vertical (9:16). Título muito curto; a legenda convida a responder o story.',
  carousel: 'Peça do media kit: carrossel com capa, fotos, características, planta e contato.',
  flyer:
    'Peça do media kit: folheto A4 impresso, entregue em visitas e plantões. Escreva na legenda dois parágrafos em prosa sobre o imóvel e a região, sem emojis; o título da capa é o destaque do folheto.',
  whatsapp:
    'Peça do media kit: imagem quadrada e mensagem curta para enviar pelo WhatsApp. A legenda é a mensagem: no máximo 3 frases, tom pessoal, sem hashtags.',
}

/** The prompt that tells the writer which piece it is writing for. */
export function pieceBrief(key: KitPieceKey): { role: 'user'; content: string } {
  return { role: 'user', content: PIECE_BRIEFS[key] }
}

// ------------------------------------------------------------------ the phone, when not shown

/** The phone as written anywhere (any separators, with or without +55): its digits in order. */
function phonePattern(phone: string): RegExp | null {
  const digits = phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '')
  if (digits.length < 8) return null
  const body = [...digits].join('[\\s().-]*')
  return new RegExp(`\\s*[·|–-]?\\s*(?:\\+?55[\\s().-]*)?\\(?${body}`, 'g')
}

/** A text without the phone (and the separator before it). */
export function withoutPhone(text: string | null | undefined, phone: string | null | undefined): string | null {
  if (text == null) return null
  const pattern = phone ? phonePattern(phone) : null
  if (!pattern) return text
  return text
    .replace(pattern, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,!?])/g, '$1')
}

/** The pieces with the phone taken out of every text: the agent chose not to show it. */
export function piecesWithoutPhone(pieces: readonly KitPiece[], phone: string | null | undefined): KitPiece[] {
  const strip = (value: string | null | undefined) => withoutPhone(value, phone)
  return pieces.map((piece) => ({
    ...piece,
    text: strip(piece.text),
    slides: piece.slides.map((slide) => ({
      ...slide,
      title: strip(slide.title),
      description: strip(slide.description),
      caption: strip(slide.caption),
      button: strip(slide.button),
    })),
  }))
}
