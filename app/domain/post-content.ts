// What a post's slides say about the property and the agent, formatted once in pt-BR for the
// slide layouts. Pure: the same content draws the HTML post view and the PNGs. Only what a
// public listing shows: no street number, no e-mail, nothing else of the owner's account.
import { fileSlug } from './file-names'
import { homeAmenityLabel, homeCategoryLabel, homeFeatureLabel, homeStageLabel, stateName } from './home'
import type { MediaItem } from './media'
import type { HomeFacts } from './home-facts'
import { formatImageMoney, NULL_PRICE_TEXT, PER_MONTH } from './money'
import { brandContacts, brandPostTheme, type AccountBrand } from './brand'
import { normalizeHex, readableOn, tint, type PostTheme } from './post-theme'
import { postComposition } from './compositions'
import { postStyle } from './post-style'
import { postArt, type SlideArt } from './occasion-art'
import type { HomeRecord, PostRecord } from './records'
import { formatSize, makeSlide, slideLayout, visibleSlides, type FormatSize, type Slide } from './slides'

export type FactIcon = 'area' | 'bed' | 'suite' | 'bath' | 'car'

export type HomeFact = { icon: FactIcon; value: string; label: string }

export type HomeContent = {
  name: string
  /** 'À venda' / 'Para alugar'. */
  deal: string
  /** 'Apartamento', 'Casa', … */
  category: string
  /** 'Valor de venda' / 'Aluguel'. */
  priceLabel: string
  /** 'R$ 1.250.000' by the image rule (ADR 151); 'R$ -,--' when the price was never given. */
  price: string
  /** '/mês' for rent (not after 'R$ -,--'). */
  priceSuffix: string | null
  /** 'Condomínio R$ 900', 'IPTU R$ 180'. */
  otherPrices: string[]
  /** 'Jardins, São Paulo - SP'. */
  location: string
  facts: HomeFact[]
  /** Feature and amenity labels. */
  highlights: string[]
  /** Stored photo URLs, featured first. */
  photos: string[]
  floorPlans: string[]
  stage: string | null
  /** "Baixou o preço!": the old price (struck through on the image) and the saving. */
  drop?: { was: string; saving: string } | null
  /** 'Itaim Bibi' (or the city when no neighbourhood is given). */
  neighborhood?: string
  /** A visit or launch date the post announces (the form's 'event_date' and 'event_time'). */
  event?: PostEvent | null
}

/** A date on a cover: '21', 'NOV', 'sábado', '10h'. */
export type PostEvent = { day: string; month: string; weekday: string; time: string | null }

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez']
const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']

/** The event of a post's answers ('2026-11-21', '10:00'), or null without a valid date. */
export function postEvent(date: unknown, time: unknown): PostEvent | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typeof date === 'string' ? date.trim() : '')
  if (!m) return null
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  if (Number.isNaN(at.getTime()) || at.getUTCDate() !== Number(m[3])) return null
  const t = /^(\d{1,2}):(\d{2})/.exec(typeof time === 'string' ? time.trim() : '')
  return {
    day: String(at.getUTCDate()),
    month: MONTHS[at.getUTCMonth()]!,
    weekday: WEEKDAYS[at.getUTCDay()]!,
    time: t ? `${Number(t[1])}h${t[2] === '00' ? '' : t[2]}` : null,
  }
}

export type BrandContent = {
  /** The agent's (or agency's) name as the account has it. */
  name: string | null
  phone: string | null
  /** 'AS' for Ana Souza: drawn in a circle when there is no logo. */
  initials: string
  /** Stored logo URL, or null. */
  logo: string | null
  /** From the account's brand (/minha-conta/marca): 'CRECI 12345-F', '@handle', '(11) 98765-4321'. */
  creci?: string | null
  instagram?: string | null
  whatsapp?: string | null
}

export type PostContent = {
  postId: number
  template: string | null
  size: FormatSize
  theme: PostTheme
  home: HomeContent | null
  brand: BrandContent
  /** The post's own slides (hidden ones included: a slide index points into this list). */
  slides: Slide[]
  /** Stored main image URL (used directly when no slide is asked for, as the screenshot service did). */
  media: string | null
  /** The art behind its text slides (occasion-art.ts); null on a property's post. */
  art?: SlideArt | null
}

/** A slide's place in its carousel, drawn as "2/7". */
export type SlidePosition = { number: number; total: number }

export type OwnerInput = { full_name: string | null; phone: string | null; theme: AccountBrand | null }

/** An amount on a post image (ADR 151: no centavos from R$ 10.000); none or zero → null. */
export function postPrice(cents: number | null | undefined): string | null {
  if (cents == null || !Number.isFinite(cents) || cents <= 0) return null
  return formatImageMoney(cents)
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

function formatArea(area: number): string {
  const rounded = Math.round(area * 100) / 100
  return `${String(rounded).replace('.', ',')} m²`
}

export function homeFacts(
  home: Partial<Pick<HomeRecord, 'area' | 'bedrooms' | 'suites' | 'bathrooms' | 'parking_spaces'>>,
): HomeFact[] {
  const facts: HomeFact[] = []
  if (home.area && home.area > 0) facts.push({ icon: 'area', value: formatArea(home.area), label: 'Área' })
  const count = (n: number | null | undefined, icon: FactIcon, one: string, many: string) => {
    if (n && n > 0) facts.push({ icon, value: String(n), label: plural(n, one, many) })
  }
  count(home.bedrooms, 'bed', 'Quarto', 'Quartos')
  count(home.suites, 'suite', 'Suíte', 'Suítes')
  count(home.bathrooms, 'bath', 'Banheiro', 'Banheiros')
  count(home.parking_spaces, 'car', 'Vaga', 'Vagas')
  return facts
}

const urls = (items: MediaItem[] | null | undefined) =>
  (items ?? []).filter((item) => typeof item?.url === 'string' && item.url !== '')

export function homeContent(home: HomeFacts): HomeContent {
  const rent = home.status === 'rent'
  const priceCents = rent ? (home.rental_price ?? home.price) : home.price
  const gallery = urls(home.gallery)
  const featured = gallery.filter((item) => item.featured)
  const photos = [...featured, ...gallery.filter((item) => !item.featured)].map((item) => item.url)
  const otherPrices: string[] = []
  const condo = postPrice(home.condominium_price)
  const iptu = postPrice(home.iptu_price)
  if (condo) otherPrices.push(`Condomínio ${condo}`)
  if (iptu) otherPrices.push(`IPTU ${iptu}`)
  const state = home.state?.trim() ?? ''
  return {
    name: home.name,
    deal: rent ? 'Para alugar' : 'À venda',
    category: homeCategoryLabel(home.category) || 'Imóvel',
    priceLabel: rent ? 'Aluguel' : 'Valor de venda',
    price: priceCents == null ? NULL_PRICE_TEXT : formatImageMoney(priceCents),
    priceSuffix: rent && priceCents != null ? PER_MONTH : null,
    otherPrices,
    location: [
      [home.neighborhood, home.city].filter(Boolean).join(', '),
      state.length === 2 ? state.toUpperCase() : stateName(state),
    ]
      .filter(Boolean)
      .join(' - '),
    facts: homeFacts(home),
    highlights: [
      ...(home.features ?? []).map(homeFeatureLabel),
      ...(home.amenities ?? []).map(homeAmenityLabel),
    ].filter(Boolean),
    photos,
    floorPlans: urls(home.floor_plans).map((item) => item.url),
    stage: home.stage ? homeStageLabel(home.stage) : null,
    neighborhood: home.neighborhood?.trim() || home.city?.trim() || '',
  }
}

export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w))
  if (words.length === 0) return ''
  const first = words[0]!
  const last = words.length > 1 ? words[words.length - 1]! : ''
  return (first[0]! + (last[0] ?? '')).toUpperCase()
}

/** A colour the agent chose in the post's own form ("Cor do post") paints its large areas. */
function withPostColour(theme: PostTheme, chosen: unknown): PostTheme {
  const primary = typeof chosen === 'string' ? normalizeHex(chosen) : null
  if (!primary) return theme
  return { ...theme, primary, onPrimary: readableOn(primary), surface: tint(primary, 0.94) }
}

export function buildPostContent(input: {
  post: Pick<PostRecord, 'id' | 'template' | 'format' | 'meta' | 'media'>
  home: HomeFacts | null
  owner: OwnerInput | null
}): PostContent {
  const { post, home, owner } = input
  const fields = post.meta?.fields
  const theme = {
    ...withPostColour(brandPostTheme(owner?.theme, home?.theme), fields?.brand_color),
    style: postStyle(fields?.style).id,
    cover: postComposition(fields),
  }
  return {
    postId: post.id,
    template: post.template,
    size: formatSize(post.format),
    theme,
    home: home
      ? {
          ...homeContent(home),
          drop: priceDrop(home, fields?.old_price),
          event: postEvent(fields?.event_date, fields?.event_time),
        }
      : null,
    brand: {
      name: owner?.full_name?.trim() || null,
      phone: owner?.phone?.trim() || null,
      initials: initialsOf(owner?.full_name),
      logo: theme.logo,
      ...brandContacts(owner?.theme),
    },
    slides: Array.isArray(post.meta?.slides) ? post.meta.slides : [],
    media: post.media?.trim() || null,
    art: postArt({ id: post.id, hasHome: Boolean(home), fields }),
  }
}

/** The old price and the saving, when the post says the price came down from `oldCents`. */
export function priceDrop(home: HomeFacts, oldCents: unknown): HomeContent['drop'] {
  const current = home.status === 'rent' ? (home.rental_price ?? home.price) : home.price
  if (typeof oldCents !== 'number' || !current || current <= 0 || oldCents <= current) return null
  return { was: formatImageMoney(oldCents), saving: formatImageMoney(oldCents - current) }
}

/**
 * The post's main image when it has no stored media: its first visible slide, or, for a post
 * without slides, a cover of its property (or a text slide when it has none).
 */
export function mainSlide(content: Pick<PostContent, 'slides' | 'home'>): Slide {
  const first = visibleSlides(content.slides)[0]
  if (first) return first
  return makeSlide('main', content.home ? 'cover' : 'text')
}

/**
 * What a carousel download holds, in order (ADR 044): the main image as slide-1.png, then each
 * visible slide as slide-N.png from 2. When the main image is drawn from the first visible slide
 * (no stored media), that slide is not repeated.
 */
export type CarouselEntry =
  { name: string; kind: 'media'; url: string } | { name: string; kind: 'slide'; index: number; slide: Slide }

export function carouselEntries(content: Pick<PostContent, 'slides' | 'home' | 'media'>): CarouselEntry[] {
  const entries: CarouselEntry[] = []
  const name = () => `slide-${entries.length + 1}.png`
  const visible = content.slides.map((slide, index) => ({ slide, index })).filter(({ slide }) => !slide.hide)
  if (content.media) entries.push({ name: name(), kind: 'media', url: content.media })
  else if (visible.length === 0) entries.push({ name: name(), kind: 'slide', index: -1, slide: mainSlide(content) })
  for (const { slide, index } of visible) entries.push({ name: name(), kind: 'slide', index, slide })
  return entries
}

/**
 * Where a slide sits among the carousel's images (the download's numbering), or null when the
 * post is a single image or the slide is not one of them.
 */
export function slidePosition(
  content: Pick<PostContent, 'slides' | 'home' | 'media'>,
  slide: Pick<Slide, 'id'>,
): SlidePosition | null {
  const entries = carouselEntries(content)
  if (entries.length < 2) return null
  const at = entries.findIndex((entry) => entry.kind === 'slide' && entry.slide.id === slide.id)
  return at < 0 ? null : { number: at + 1, total: entries.length }
}

/** A single post downloads as post-{template}-{id}.png (ADR 044). */
export function postDownloadName(template: string | null | undefined, id: number, ext: 'png' | 'jpg' = 'png'): string {
  const slug = fileSlug(template, Infinity)
  return `post-${slug || 'post'}-${id}.${ext}`
}

export const CAROUSEL_ZIP_NAME = 'Carousel.zip'

/** The slide a layout draws (unknown types fall back to text). */
export { slideLayout }
