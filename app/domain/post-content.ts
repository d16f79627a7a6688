// What a post's slides say about the property and the agent, formatted once in pt-BR for the
// slide layouts. Pure: the same content draws the HTML post view and the PNGs. Only what a
// public listing shows: no street number, no e-mail, nothing else of the owner's account.
import {
  homeAmenityLabel,
  homeCategoryLabel,
  homeFeatureLabel,
  homeStageLabel,
  stateName,
  type Theme,
} from './home'
import type { MediaItem } from './media'
import type { HomeFacts } from './home-facts'
import { formatBRL } from './money'
import { resolvePostTheme, type PostTheme } from './post-theme'
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
  /** 'R$ 1.250.000' (no ',00'), or null when the property has no price. */
  price: string | null
  /** '/mês' for rent. */
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
}

export type BrandContent = {
  /** The agent's (or agency's) name as the account has it. */
  name: string | null
  phone: string | null
  /** 'AS' for Ana Souza: drawn in a circle when there is no logo. */
  initials: string
  /** Stored logo URL, or null. */
  logo: string | null
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
  /** Stored main image URL (spec §7: used directly when no slide is asked for). */
  media: string | null
}

export type OwnerInput = { full_name: string | null; phone: string | null; theme: Theme | null }

/** 'R$ 1.250.000' for whole reais, 'R$ 1.250,50' otherwise; null stays null. */
export function postPrice(cents: number | null | undefined): string | null {
  if (cents == null || !Number.isFinite(cents) || cents <= 0) return null
  return formatBRL(cents).replace(/,00$/, '')
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

function formatArea(area: number): string {
  const rounded = Math.round(area * 100) / 100
  return `${String(rounded).replace('.', ',')} m²`
}

export function homeFacts(home: Partial<Pick<HomeRecord, 'area' | 'bedrooms' | 'suites' | 'bathrooms' | 'parking_spaces'>>): HomeFact[] {
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
    price: postPrice(rent ? (home.rental_price ?? home.price) : home.price),
    priceSuffix: rent ? '/mês' : null,
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
  }
}

export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter((w) => /\p{L}/u.test(w))
  if (words.length === 0) return ''
  const first = words[0]!
  const last = words.length > 1 ? words[words.length - 1]! : ''
  return (first[0]! + (last[0] ?? '')).toUpperCase()
}

export function buildPostContent(input: {
  post: Pick<PostRecord, 'id' | 'template' | 'format' | 'meta' | 'media'>
  home: HomeFacts | null
  owner: OwnerInput | null
}): PostContent {
  const { post, home, owner } = input
  const theme = resolvePostTheme(home?.theme, owner?.theme)
  return {
    postId: post.id,
    template: post.template,
    size: formatSize(post.format),
    theme,
    home: home ? homeContent(home) : null,
    brand: {
      name: owner?.full_name?.trim() || null,
      phone: owner?.phone?.trim() || null,
      initials: initialsOf(owner?.full_name),
      logo: theme.logo,
    },
    slides: Array.isArray(post.meta?.slides) ? post.meta.slides : [],
    media: post.media?.trim() || null,
  }
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
 * What a carousel download holds, in order (spec §9): the main image as slide-1.png, then each
 * visible slide as slide-N.png from 2. When the main image is drawn from the first visible slide
 * (no stored media), that slide is not repeated.
 */
export type CarouselEntry =
  | { name: string; kind: 'media'; url: string }
  | { name: string; kind: 'slide'; index: number; slide: Slide }

export function carouselEntries(content: Pick<PostContent, 'slides' | 'home' | 'media'>): CarouselEntry[] {
  const entries: CarouselEntry[] = []
  const name = () => `slide-${entries.length + 1}.png`
  const visible = content.slides.map((slide, index) => ({ slide, index })).filter(({ slide }) => !slide.hide)
  if (content.media) entries.push({ name: name(), kind: 'media', url: content.media })
  else if (visible.length === 0) entries.push({ name: name(), kind: 'slide', index: -1, slide: mainSlide(content) })
  for (const { slide, index } of visible) entries.push({ name: name(), kind: 'slide', index, slide })
  return entries
}

/** Spec §9: a single post downloads as post-{template}-{id}.png. */
export function postDownloadName(template: string | null | undefined, id: number, ext: 'png' | 'jpg' = 'png'): string {
  const slug = (template ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `post-${slug || 'post'}-${id}.${ext}`
}

export const CAROUSEL_ZIP_NAME = 'Carousel.zip'

/** The slide a layout draws (unknown types fall back to text). */
export { slideLayout }
