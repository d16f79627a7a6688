// One listing element of an XML feed (VRSync <Listing>, Carga <Imovel>) mapped to a FeedListing.
// The streaming reader (app/integrations/feeds/xml-stream.server.ts) hands over one element at a
// time as an XmlNode; this file is pure.
import { homeCategoryLabels, type HomeCategory, type HomeStatus } from './home'
import {
  areaOf,
  countOf,
  locationOf,
  plainTextOf,
  priceOf,
  reaisToCents,
  zipcodeOf,
  type FeedHomeFields,
  type FeedItem,
  type FeedListing,
  type FeedPhoto,
} from './feeds'
import { CARGA_FLAGS, categoryOf, isYes, mapAmenities } from './feed-vocabulary'

export type XmlNode = { name: string; attrs: Record<string, string>; text: string; children: XmlNode[] }

export const child = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name)
export const textOf = (node: XmlNode | undefined, name: string) => {
  const value = child(node, name)?.text.trim()
  return value ? value : null
}

const MAX_PHOTOS = 40

type Draft = {
  home: Partial<FeedHomeFields>
  photos: FeedPhoto[]
  raw: Record<string, string>
  unknown: FeedListing['unknown']
}

/** Checks what every home needs and finishes the listing, or says why not (pt-BR). */
export function finishListing(externalId: string | null, state: FeedListing['state'], draft: Draft): FeedItem {
  if (!externalId)
    return {
      ok: false,
      error: { externalId: null, reason: 'Anúncio sem código (ListingID/CodigoImovel): não importado.' },
    }
  const h = draft.home
  const missing = [!h.city && 'cidade', !h.state && 'UF', !h.neighborhood && 'bairro'].filter(Boolean)
  if (missing.length)
    return { ok: false, error: { externalId, reason: `Sem ${missing.join(', ')} no feed: não importado.` } }
  if (!h.status)
    return { ok: false, error: { externalId, reason: 'Sem preço de venda nem de aluguel: não importado.' } }
  const photos = draft.photos.slice(0, MAX_PHOTOS)
  if (photos.length && !photos.some((p) => p.featured)) photos[0] = { ...photos[0]!, featured: true }
  else if (photos.filter((p) => p.featured).length > 1) {
    const first = photos.findIndex((p) => p.featured)
    photos.forEach((p, i) => (p.featured = i === first))
  }
  const category: HomeCategory = h.category ?? (h.type === 'commercial' ? 'office' : 'apartment')
  const home: FeedHomeFields = {
    status: h.status,
    type: h.type ?? null,
    category,
    name: (h.name || `${homeCategoryLabels[category]} em ${h.neighborhood}`).slice(0, 160),
    description: h.description ?? null,
    price: h.price ?? null,
    rental_price: h.rental_price ?? null,
    condominium_price: h.condominium_price ?? null,
    iptu_price: h.iptu_price ?? null,
    area: h.area ?? null,
    bedrooms: h.bedrooms ?? null,
    suites: h.suites ?? null,
    bathrooms: h.bathrooms ?? null,
    parking_spaces: h.parking_spaces ?? null,
    features: h.features ?? [],
    amenities: h.amenities ?? [],
    zipcode: h.zipcode ?? '',
    street: h.street ?? null,
    street_number: h.street_number ?? null,
    complement: h.complement ?? null,
    neighborhood: h.neighborhood!.slice(0, 120),
    city: h.city!.slice(0, 120),
    state: h.state!.toUpperCase().slice(0, 2),
    location: h.location ?? null,
  }
  return {
    ok: true,
    listing: { externalId: externalId.slice(0, 80), state, home, photos, raw: draft.raw, unknown: draft.unknown },
  }
}

/**
 * 'sale' when there is a sale price, else 'rent' when there is a rent; with neither ("sob
 * consulta"), what the feed's transaction says; null when nothing tells.
 */
export function dealOf(price: number | null, rent: number | null, hint?: HomeStatus | null): HomeStatus | null {
  if (hint === 'rent' && rent) return 'rent'
  if (price) return 'sale'
  if (rent) return 'rent'
  return hint ?? null
}

/** VRSync's TransactionType: 'For Sale', 'For Rent' or 'Sale/Rent'. */
function transactionOf(transaction: string | null): HomeStatus | null {
  if (/rent/i.test(transaction ?? '') && !/sale/i.test(transaction ?? '')) return 'rent'
  return /sale/i.test(transaction ?? '') ? 'sale' : null
}

function keepUnknown(draft: Draft, field: string, value: string) {
  draft.unknown.push({ field, value })
  const key = draft.raw[field] ? `${field} (${Object.keys(draft.raw).length})` : field
  draft.raw[key] = value.slice(0, 500)
}

const VRSYNC_KNOWN_LISTING = new Set([
  'ListingID',
  'Title',
  'TransactionType',
  'Media',
  'Details',
  'Location',
  'PublicationType',
  'DetailViewUrl',
  'ContactInfo',
  'Featured',
  'ListDate',
  'LastUpdateDate',
])
const VRSYNC_KNOWN_DETAILS = new Set([
  'UsageType',
  'PropertyType',
  'Description',
  'ListPrice',
  'RentalPrice',
  'PropertyAdministrationFee',
  'YearlyTax',
  'MonthlyTax',
  'LivingArea',
  'LotArea',
  'Bedrooms',
  'Bathrooms',
  'Suites',
  'Garage',
  'Features',
  'YearBuilt',
  'UnitFloor',
  'Floors',
  'Warranties',
])
const VRSYNC_KNOWN_LOCATION = new Set([
  'Country',
  'State',
  'City',
  'Zone',
  'Neighborhood',
  'Address',
  'StreetNumber',
  'Complement',
  'PostalCode',
  'Latitude',
  'Longitude',
])

function unknownChildren(draft: Draft, node: XmlNode | undefined, known: Set<string>, prefix: string) {
  for (const c of node?.children ?? [])
    if (!known.has(c.name) && c.text.trim()) keepUnknown(draft, `${prefix}${c.name}`, c.text.trim())
}

function vrsyncDetails(draft: Draft, details: XmlNode | undefined, transaction: string | null) {
  const usage = textOf(details, 'UsageType')
  const propertyType = textOf(details, 'PropertyType')
  const price = priceOf(textOf(details, 'ListPrice'))
  const rent = priceOf(textOf(details, 'RentalPrice'))
  const category = categoryOf(propertyType)
  if (propertyType && !category) keepUnknown(draft, 'PropertyType', propertyType)
  const yearly = reaisToCents(textOf(details, 'YearlyTax'))
  const monthly = reaisToCents(textOf(details, 'MonthlyTax'))
  const mapped = mapAmenities((child(details, 'Features')?.children ?? []).map((f) => f.text))
  for (const value of mapped.unknown) keepUnknown(draft, 'Feature', value)
  Object.assign(draft.home, {
    type: /commercial/i.test(usage ?? propertyType ?? '') ? 'commercial' : 'residential',
    category: category ?? undefined,
    description: plainTextOf(textOf(details, 'Description')),
    price,
    rental_price: rent,
    status: dealOf(price, rent, transactionOf(transaction)) ?? undefined,
    condominium_price: reaisToCents(textOf(details, 'PropertyAdministrationFee')),
    iptu_price: yearly ?? (monthly === null ? null : monthly * 12),
    area: areaOf(textOf(details, 'LivingArea')) ?? areaOf(textOf(details, 'LotArea')),
    bedrooms: countOf(textOf(details, 'Bedrooms')),
    bathrooms: countOf(textOf(details, 'Bathrooms')),
    suites: countOf(textOf(details, 'Suites')),
    parking_spaces: countOf(textOf(details, 'Garage')),
    features: mapped.features,
    amenities: mapped.amenities,
  } satisfies Partial<FeedHomeFields>)
  unknownChildren(draft, details, VRSYNC_KNOWN_DETAILS, 'Details/')
}

/** A VRSync <Listing> (ZAP, Viva Real, OLX). */
export function mapVrsyncListing(node: XmlNode): FeedItem {
  const draft: Draft = { home: {}, photos: [], raw: {}, unknown: [] }
  const location = child(node, 'Location')
  vrsyncDetails(draft, child(node, 'Details'), textOf(node, 'TransactionType'))
  Object.assign(draft.home, {
    name: textOf(node, 'Title') ?? undefined,
    state: child(location, 'State')?.attrs.abbreviation ?? textOf(location, 'State') ?? undefined,
    city: textOf(location, 'City') ?? undefined,
    neighborhood: textOf(location, 'Neighborhood') ?? undefined,
    street: textOf(location, 'Address'),
    street_number: textOf(location, 'StreetNumber'),
    complement: textOf(location, 'Complement'),
    zipcode: zipcodeOf(textOf(location, 'PostalCode')),
    location: locationOf(textOf(location, 'Latitude'), textOf(location, 'Longitude')),
  } satisfies Partial<FeedHomeFields>)
  for (const item of child(node, 'Media')?.children ?? []) {
    if (item.name !== 'Item' || (item.attrs.medium && item.attrs.medium !== 'image') || !item.text.trim()) continue
    draft.photos.push({
      url: item.text.trim(),
      caption: item.attrs.caption || null,
      featured: item.attrs.primary === 'true',
    })
  }
  unknownChildren(draft, node, VRSYNC_KNOWN_LISTING, '')
  unknownChildren(draft, location, VRSYNC_KNOWN_LOCATION, 'Location/')
  return finishListing(textOf(node, 'ListingID'), 'active', draft)
}

const CARGA_KNOWN = new Set([
  'CodigoImovel',
  'TipoImovel',
  'SubTipoImovel',
  'CategoriaImovel',
  'TituloImovel',
  'Cidade',
  'Bairro',
  'Endereco',
  'Numero',
  'Complemento',
  'CEP',
  'UF',
  'Estado',
  'PrecoVenda',
  'PrecoLocacao',
  'PrecoCondominio',
  'ValorIPTU',
  'AreaUtil',
  'AreaTotal',
  'AreaPrivativa',
  'QtdDormitorios',
  'QtdSuites',
  'QtdBanheiros',
  'QtdVagas',
  'Observacao',
  'Fotos',
  'Latitude',
  'Longitude',
  'UnidadeMetrica',
  'Modelo',
  'DivulgarEndereco',
  'VisualizarMapa',
])

/** A Carga <Imovel> (the older ZAP / ImovelWeb layout). */
export function mapCargaListing(node: XmlNode): FeedItem {
  const draft: Draft = { home: {}, photos: [], raw: {}, unknown: [] }
  const price = priceOf(textOf(node, 'PrecoVenda'))
  const rent = priceOf(textOf(node, 'PrecoLocacao'))
  const kind = textOf(node, 'SubTipoImovel') ?? textOf(node, 'TipoImovel')
  const category = categoryOf(kind) ?? categoryOf(textOf(node, 'TipoImovel'))
  if (kind && !category) keepUnknown(draft, 'TipoImovel', kind)
  const flags = node.children.filter((c) => CARGA_FLAGS.has(c.name.toLowerCase()))
  const mapped = mapAmenities(flags.filter((c) => isYes(c.text)).map((c) => c.name.toLowerCase()))
  Object.assign(draft.home, {
    type: /comercial/i.test(`${textOf(node, 'TipoImovel')} ${textOf(node, 'CategoriaImovel')}`)
      ? 'commercial'
      : 'residential',
    category: category ?? undefined,
    name: textOf(node, 'TituloImovel') ?? undefined,
    description: plainTextOf(textOf(node, 'Observacao')),
    price,
    rental_price: rent,
    status: dealOf(price, rent) ?? undefined,
    condominium_price: reaisToCents(textOf(node, 'PrecoCondominio')),
    iptu_price: reaisToCents(textOf(node, 'ValorIPTU')),
    area:
      areaOf(textOf(node, 'AreaUtil')) ?? areaOf(textOf(node, 'AreaPrivativa')) ?? areaOf(textOf(node, 'AreaTotal')),
    bedrooms: countOf(textOf(node, 'QtdDormitorios')),
    suites: countOf(textOf(node, 'QtdSuites')),
    bathrooms: countOf(textOf(node, 'QtdBanheiros')),
    parking_spaces: countOf(textOf(node, 'QtdVagas')),
    features: mapped.features,
    amenities: mapped.amenities,
    state: textOf(node, 'UF') ?? textOf(node, 'Estado') ?? undefined,
    city: textOf(node, 'Cidade') ?? undefined,
    neighborhood: textOf(node, 'Bairro') ?? undefined,
    street: textOf(node, 'Endereco'),
    street_number: textOf(node, 'Numero'),
    complement: textOf(node, 'Complemento'),
    zipcode: zipcodeOf(textOf(node, 'CEP')),
    location: locationOf(textOf(node, 'Latitude'), textOf(node, 'Longitude')),
  } satisfies Partial<FeedHomeFields>)
  for (const foto of child(node, 'Fotos')?.children ?? []) {
    const url = textOf(foto, 'URLArquivo')
    if (url)
      draft.photos.push({ url, caption: textOf(foto, 'NomeArquivo'), featured: isYes(textOf(foto, 'Principal')) })
  }
  const knownOrFlag = new Set([...CARGA_KNOWN, ...flags.map((f) => f.name)])
  unknownChildren(draft, node, knownOrFlag, '')
  return finishListing(textOf(node, 'CodigoImovel'), 'active', draft)
}

export type { Draft as FeedDraft }
