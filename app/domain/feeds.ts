// Property feeds (ADR 120, 121): the vocabulary of a connection, of one listing as read from a feed,
// and of a sync's report. Pure: the readers (app/integrations/feeds) produce FeedListing, the
// workflow (app/workflows/feed-sync.server.ts) turns them into homes.
import type { HomeCategory, LatLng } from './home'
import type { HomeRecord } from './records'
import { parseDecimal } from './decimal'

/** How the listings arrive: an XML address, an uploaded XML file, or Vista CRM's REST API. */
export const feedKinds = ['url', 'upload', 'vista'] as const
export type FeedKind = (typeof feedKinds)[number]
export const feedKindLabels: Record<FeedKind, string> = {
  url: 'Feed XML por endereço',
  upload: 'Arquivo XML enviado',
  vista: 'Vista CRM',
}

/** The XML formats Brazilian CRMs publish for the portals. */
export type FeedFormat = 'vrsync' | 'carga'
export const feedFormatLabels: Record<FeedFormat, string> = {
  vrsync: 'VRSync (ZAP, Viva Real, OLX)',
  carga: 'Carga (ZAP, ImovelWeb)',
}

/** integrations.name and homes.integration_name of a feed connection. */
export const FEED_INTEGRATION_NAMES = { xml: 'feed-xml', vista: 'vista' } as const
export const integrationNameLabel = (name: string | null) =>
  name === FEED_INTEGRATION_NAMES.vista ? 'Vista CRM' : name === FEED_INTEGRATION_NAMES.xml ? 'Feed XML' : name

/** Events of a synced listing that may draft a post for the agent to approve. */
export const automationEvents = ['new', 'price_drop', 'sold'] as const
export type AutomationEvent = (typeof automationEvents)[number]
export const automationEventLabels: Record<AutomationEvent, string> = {
  new: 'Quando um imóvel novo chegar',
  price_drop: 'Quando o preço baixar',
  sold: 'Quando for vendido ou alugado',
}
/** Event → the library template's slug to draft from; absent = no draft. */
export type FeedAutomations = Partial<Record<AutomationEvent, string>>

/** The library templates each event may use ("Novo imóvel", "Baixou o preço!", "Vendido!"). */
export const automationTemplateChoices: Record<AutomationEvent, { slug: string; label: string }[]> = {
  new: [
    { slug: 'venda-post-feed', label: 'Post de venda para o feed (novo imóvel)' },
    { slug: 'venda-story', label: 'Story de imóvel à venda' },
    { slug: 'aluguel-post-feed', label: 'Post de aluguel para o feed' },
  ],
  price_drop: [{ slug: 'venda-baixou-o-preco', label: 'Baixou o preço!' }],
  sold: [{ slug: 'venda-vendido', label: 'Vendido! (e Alugado! para aluguel)' }],
}
/** A rented listing drafts "Alugado!" where the agent chose "Vendido!". */
export const RENTED_TEMPLATE = 'aluguel-alugado'

/** At most this many drafts per sync: a first big import never floods the history. */
export const MAX_DRAFTS_PER_SYNC = 10

export type FeedPhoto = { url: string; caption: string | null; featured: boolean }

/** The home columns a feed sets (everything else keeps its default): the record's own types,
 * with the category narrowed to the ones the mapping tables know. */
export type FeedHomeFields = Omit<
  Pick<
    HomeRecord,
    | 'status'
    | 'type'
    | 'category'
    | 'name'
    | 'description'
    | 'price'
    | 'rental_price'
    | 'condominium_price'
    | 'iptu_price'
    | 'area'
    | 'bedrooms'
    | 'suites'
    | 'bathrooms'
    | 'parking_spaces'
    | 'features'
    | 'amenities'
    | 'zipcode'
    | 'street'
    | 'street_number'
    | 'complement'
    | 'neighborhood'
    | 'city'
    | 'state'
    | 'location'
  >,
  'category'
> & { category: HomeCategory }

/** A listing as a feed describes it, mapped to our vocabulary. */
export type FeedListing = {
  externalId: string
  /** 'sold' and 'rented' archive the home (Vista's Status says so; XML feeds just drop it). */
  state: 'active' | 'sold' | 'rented'
  home: FeedHomeFields
  photos: FeedPhoto[]
  /** Values of ours that did not map (an unknown feature) and elements we do not keep. */
  raw: Record<string, string>
  unknown: { field: string; value: string }[]
}

/** A listing the reader could not map: reported, never imported half. */
export type FeedListingError = { externalId: string | null; reason: string }
export type FeedItem = { ok: true; listing: FeedListing } | { ok: false; error: FeedListingError }

export type FeedReportError = { listingId: string | null; reason: string }
export type FeedUnknownValue = { field: string; value: string; count: number }

/** The whole feed could not be read (malformed XML, unknown format, host down, bad key). */
export class FeedReadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FeedReadError'
  }
}

/** 'R$ 850.000,00', '850000', '850000.00', '1.200' (thousands) → cents; null when not a price. */
export function reaisToCents(text: string | null | undefined): number | null {
  if (!text) return null
  let value = text.replace(/[R$\s]/g, '')
  if (!value) return null
  if (/,\d{1,2}$/.test(value)) value = value.replace(/\./g, '').replace(',', '.')
  else if (/^\d{1,3}(\.\d{3})+$/.test(value)) value = value.replace(/\./g, '')
  else value = value.replace(/,/g, '')
  if (!/^\d+(\.\d+)?$/.test(value)) return null
  const cents = Math.round(Number(value) * 100)
  return Number.isSafeInteger(cents) ? cents : null
}

/** A price as portals send it: 0 or absent means "sob consulta", kept as no price ('R$ -,--'). */
export const priceOf = (text: string | null | undefined): number | null => reaisToCents(text) || null

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ordm: 'º',
  ordf: 'ª',
  deg: '°',
  sup2: '²',
  sup3: '³',
  middot: '·',
  bull: '•',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  ccedil: 'ç',
  Ccedil: 'Ç',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
}
// The accented letters: &aacute; &Atilde; &ecirc; … are the letter and a combining mark.
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  tilde: '\u0303',
  uml: '\u0308',
}

function entity(name: string): string | null {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null
  }
  if (NAMED_ENTITIES[name]) return NAMED_ENTITIES[name]
  const accented = /^([aeiouyAEIOUY])(acute|grave|circ|tilde|uml)$/.exec(name)
  return accented ? (accented[1]! + ACCENTS[accented[2]!]!).normalize('NFC') : null
}

/**
 * A feed's description as plain text: portals send HTML (in CDATA, or escaped) with <br>, <p>,
 * <b>, lists and entities. Breaks and paragraphs become line breaks, list items lines of their
 * own, every other tag goes, entities become their characters. Text without HTML is unchanged.
 */
export function plainTextOf(text: string | null | undefined): string | null {
  if (!text) return null
  const plain = text
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|ul|ol|tr)\s*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]{2,8}\d?);/gi, (whole, name: string) => entity(name) ?? whole)
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n[ \t\u00a0]+/g, '\n')
    .replace(/[ \t\u00a0]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return plain || null
}

/** A count (bedrooms, parking): a whole number ≥ 0, else null. */
export function countOf(text: string | null | undefined): number | null {
  if (!text) return null
  const n = parseDecimal(text)
  return n !== null && n >= 0 ? Math.floor(n) : null
}

/** An area in m² ('72', '72,5', '72.50'), else null. */
export function areaOf(text: string | null | undefined): number | null {
  if (!text) return null
  const n = parseDecimal(text)
  return n !== null && n >= 0 ? n : null
}

export function locationOf(lat: string | null | undefined, lng: string | null | undefined): LatLng | null {
  const latitude = parseDecimal(lat, { grouping: false })
  const longitude = parseDecimal(lng, { grouping: false })
  if (latitude === null || longitude === null) return null
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return null
  return { latitude, longitude }
}

/** '01310100' → '01310-100'; anything not 8 digits is kept as sent. */
export function zipcodeOf(text: string | null | undefined): string {
  const digits = (text ?? '').replace(/\D/g, '')
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : (text ?? '').trim()
}

/** Lowercase, no accents, single spaces: how feed values are compared with the tables. */
export const foldValue = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9/]+/g, ' ')
    .trim()

/** Aggregates the unknown values of a sync: the 30 most frequent. */
export function summariseUnknown(counts: Map<string, number>): FeedUnknownValue[] {
  return [...counts.entries()]
    .map(([key, count]) => {
      const [field = '', value = ''] = key.split('\u0000')
      return { field, value, count }
    })
    .sort((a, b) => b.count - a.count || a.field.localeCompare(b.field))
    .slice(0, 30)
}
