// One property of Vista CRM's REST API (GET /imoveis/listar) mapped to a FeedListing. Pure.
import {
  areaOf,
  countOf,
  foldValue,
  locationOf,
  plainTextOf,
  reaisToCents,
  zipcodeOf,
  type FeedHomeFields,
  type FeedItem,
  type FeedListing,
} from './feeds'
import { categoryOf, isYes, mapAmenities } from './feed-vocabulary'
import { dealOf, finishListing, type FeedDraft } from './feed-formats'

/** The fields asked of /imoveis/listar (Vista answers only what is asked). */
export const VISTA_FIELDS: (string | Record<string, string[]>)[] = [
  'Codigo',
  'Categoria',
  'Status',
  'Finalidade',
  'TituloSite',
  'DescricaoWeb',
  'ValorVenda',
  'ValorLocacao',
  'ValorCondominio',
  'ValorIptu',
  'AreaPrivativa',
  'AreaTotal',
  'Dormitorios',
  'Suites',
  'BanheiroSocialQtd',
  'Vagas',
  'Endereco',
  'Numero',
  'Complemento',
  'Bairro',
  'Cidade',
  'UF',
  'CEP',
  'Latitude',
  'Longitude',
  'Caracteristicas',
  'InfraEstrutura',
  { Foto: ['Foto', 'Destaque', 'Ordem', 'Descricao'] },
]
const KNOWN = new Set(VISTA_FIELDS.filter((f): f is string => typeof f === 'string').concat(['Foto']))

const str = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  const text = String(value).trim()
  return text ? text : null
}

/** 'Vendido', 'Alugado', 'Vendido Terceiros' archive the home; anything else keeps it. */
export function vistaStateOf(status: string | null): FeedListing['state'] {
  const folded = foldValue(status ?? '')
  if (/vendid/.test(folded)) return 'sold'
  if (/alugad/.test(folded)) return 'rented'
  return 'active'
}

function vistaPhotos(value: unknown) {
  if (!value || typeof value !== 'object') return []
  return Object.values(value as Record<string, Record<string, unknown>>)
    .filter((photo) => photo && typeof photo === 'object' && str(photo.Foto))
    .sort((a, b) => Number(a.Ordem ?? 0) - Number(b.Ordem ?? 0))
    .map((photo) => ({ url: str(photo.Foto)!, caption: str(photo.Descricao), featured: isYes(str(photo.Destaque)) }))
}

function yesKeys(value: unknown): string[] {
  if (!value || typeof value !== 'object') return []
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => isYes(str(v)))
    .map(([k]) => k)
}

export function mapVistaRecord(record: Record<string, unknown>): FeedItem {
  const draft: FeedDraft = { home: {}, photos: vistaPhotos(record.Foto), raw: {}, unknown: [] }
  const get = (name: string) => str(record[name])
  const price = reaisToCents(get('ValorVenda'))
  const rent = reaisToCents(get('ValorLocacao'))
  const status = get('Status')
  const category = categoryOf(get('Categoria'))
  if (get('Categoria') && !category) {
    draft.unknown.push({ field: 'Categoria', value: get('Categoria')! })
    draft.raw.Categoria = get('Categoria')!
  }
  const mapped = mapAmenities([...yesKeys(record.Caracteristicas), ...yesKeys(record.InfraEstrutura)])
  for (const value of mapped.unknown) {
    draft.unknown.push({ field: 'Caracteristicas', value })
    draft.raw[`Caracteristicas/${value}`] = 'Sim'
  }
  const rentHint = /alug|loca/.test(foldValue(status ?? '')) && !/venda/.test(foldValue(status ?? '')) ? 'rent' : null
  Object.assign(draft.home, {
    type: /comercial/i.test(`${get('Finalidade')} ${get('Categoria')}`) ? 'commercial' : 'residential',
    category: category ?? undefined,
    name: get('TituloSite') ?? undefined,
    description: plainTextOf(get('DescricaoWeb')),
    price,
    rental_price: rent,
    status: dealOf(price, rent, rentHint) ?? undefined,
    condominium_price: reaisToCents(get('ValorCondominio')),
    iptu_price: reaisToCents(get('ValorIptu')),
    area: areaOf(get('AreaPrivativa')) ?? areaOf(get('AreaTotal')),
    bedrooms: countOf(get('Dormitorios')),
    suites: countOf(get('Suites')),
    bathrooms: countOf(get('BanheiroSocialQtd')),
    parking_spaces: countOf(get('Vagas')),
    features: mapped.features,
    amenities: mapped.amenities,
    street: get('Endereco'),
    street_number: get('Numero'),
    complement: get('Complemento'),
    neighborhood: get('Bairro') ?? undefined,
    city: get('Cidade') ?? undefined,
    state: get('UF') ?? undefined,
    zipcode: zipcodeOf(get('CEP')),
    location: locationOf(get('Latitude'), get('Longitude')),
  } satisfies Partial<FeedHomeFields>)
  for (const [key, value] of Object.entries(record))
    if (!KNOWN.has(key) && str(value) && typeof value !== 'object') draft.raw[key] = str(value)!.slice(0, 500)
  return finishListing(get('Codigo'), vistaStateOf(status), draft)
}
