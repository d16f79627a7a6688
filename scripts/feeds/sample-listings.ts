// Sample listings shaped like what Brazilian CRMs publish (ADR 124): cities, neighbourhoods,
// CEPs, prices in reais, condomínio, IPTU, features by the portals' names. Deterministic for a
// seed, so tests and the bench read the same feed every time.

export type SampleListing = {
  id: string
  title: string
  deal: 'sale' | 'rent'
  /** VRSync PropertyType and the Carga/Vista name. */
  kind: { vrsync: string; pt: string; commercial: boolean }
  description: string
  price: number | null
  rent: number | null
  condo: number | null
  iptu: number | null
  area: number
  bedrooms: number
  suites: number
  bathrooms: number
  parking: number
  features: string[]
  place: {
    city: string
    state: string
    neighborhood: string
    street: string
    number: string
    zipcode: string
    lat: number
    lng: number
  }
  photos: number
}

const PLACES = [
  {
    city: 'São Paulo',
    state: 'SP',
    neighborhood: 'Pinheiros',
    zip: '05422',
    lat: -23.5671,
    lng: -46.6932,
    streets: ['Rua dos Pinheiros', 'Rua Cardeal Arcoverde', 'Rua Teodoro Sampaio'],
  },
  {
    city: 'São Paulo',
    state: 'SP',
    neighborhood: 'Vila Mariana',
    zip: '04101',
    lat: -23.5892,
    lng: -46.6345,
    streets: ['Rua Domingos de Morais', 'Rua Joaquim Távora'],
  },
  {
    city: 'São Paulo',
    state: 'SP',
    neighborhood: 'Moema',
    zip: '04077',
    lat: -23.6009,
    lng: -46.6624,
    streets: ['Alameda dos Maracatins', 'Avenida Ibirapuera'],
  },
  {
    city: 'São Paulo',
    state: 'SP',
    neighborhood: 'Tatuapé',
    zip: '03310',
    lat: -23.5404,
    lng: -46.5768,
    streets: ['Rua Tuiuti', 'Rua Itapura'],
  },
  {
    city: 'Rio de Janeiro',
    state: 'RJ',
    neighborhood: 'Copacabana',
    zip: '22071',
    lat: -22.9711,
    lng: -43.1822,
    streets: ['Avenida Atlântica', 'Rua Barata Ribeiro'],
  },
  {
    city: 'Rio de Janeiro',
    state: 'RJ',
    neighborhood: 'Botafogo',
    zip: '22250',
    lat: -22.9519,
    lng: -43.1844,
    streets: ['Rua Voluntários da Pátria', 'Rua São Clemente'],
  },
  {
    city: 'Rio de Janeiro',
    state: 'RJ',
    neighborhood: 'Barra da Tijuca',
    zip: '22631',
    lat: -23.0004,
    lng: -43.3659,
    streets: ['Avenida Lúcio Costa', 'Avenida das Américas'],
  },
  {
    city: 'Belo Horizonte',
    state: 'MG',
    neighborhood: 'Savassi',
    zip: '30140',
    lat: -19.9385,
    lng: -43.9347,
    streets: ['Rua Pernambuco', 'Avenida Getúlio Vargas'],
  },
  {
    city: 'Curitiba',
    state: 'PR',
    neighborhood: 'Batel',
    zip: '80420',
    lat: -25.4423,
    lng: -49.2895,
    streets: ['Avenida do Batel', 'Rua Bispo Dom José'],
  },
  {
    city: 'Porto Alegre',
    state: 'RS',
    neighborhood: 'Moinhos de Vento',
    zip: '90570',
    lat: -30.0261,
    lng: -51.2024,
    streets: ['Rua Padre Chagas', 'Rua Dinarte Ribeiro'],
  },
  {
    city: 'Florianópolis',
    state: 'SC',
    neighborhood: 'Jurerê Internacional',
    zip: '88053',
    lat: -27.4395,
    lng: -48.4975,
    streets: ['Avenida dos Búzios', 'Rua das Algas'],
  },
  {
    city: 'Salvador',
    state: 'BA',
    neighborhood: 'Barra',
    zip: '40140',
    lat: -13.0096,
    lng: -38.5326,
    streets: ['Avenida Oceânica', 'Rua Marquês de Caravelas'],
  },
  {
    city: 'Recife',
    state: 'PE',
    neighborhood: 'Boa Viagem',
    zip: '51020',
    lat: -8.1196,
    lng: -34.9003,
    streets: ['Avenida Boa Viagem', 'Rua Setúbal'],
  },
]

const KINDS = [
  { vrsync: 'Residential / Apartment', pt: 'Apartamento', commercial: false, weight: 50, name: 'Apartamento' },
  { vrsync: 'Residential / Home', pt: 'Casa', commercial: false, weight: 14, name: 'Casa' },
  {
    vrsync: 'Residential / Condo',
    pt: 'Casa de Condomínio',
    commercial: false,
    weight: 10,
    name: 'Casa em condomínio',
  },
  { vrsync: 'Residential / Penthouse', pt: 'Cobertura', commercial: false, weight: 6, name: 'Cobertura' },
  { vrsync: 'Residential / Kitnet', pt: 'Kitnet', commercial: false, weight: 6, name: 'Studio' },
  { vrsync: 'Residential / Sobrado', pt: 'Sobrado', commercial: false, weight: 5, name: 'Sobrado' },
  { vrsync: 'Commercial / Office', pt: 'Sala Comercial', commercial: true, weight: 5, name: 'Sala comercial' },
  { vrsync: 'Residential / Land Lot', pt: 'Terreno', commercial: false, weight: 4, name: 'Terreno' },
]

/** VRSync <Feature> names; Carga and Vista use the Portuguese ones beside them. */
export const SAMPLE_FEATURES: { vrsync: string; carga: string; vista: string }[] = [
  { vrsync: 'Pool', carga: 'Piscina', vista: 'Piscina' },
  { vrsync: 'Gym', carga: 'Academia', vista: 'Academia' },
  { vrsync: 'Playground', carga: 'Playground', vista: 'Playground' },
  { vrsync: 'Party Room', carga: 'SalaoFestas', vista: 'Salão de Festas' },
  { vrsync: 'Barbecue Grill', carga: 'Churrasqueira', vista: 'Churrasqueira' },
  { vrsync: 'Balcony', carga: 'Varanda', vista: 'Varanda' },
  { vrsync: 'Gourmet Balcony', carga: 'VarandaGourmet', vista: 'Varanda Gourmet' },
  { vrsync: 'Air Conditioning', carga: 'ArCondicionado', vista: 'Ar Condicionado' },
  { vrsync: 'Elevator', carga: 'Elevador', vista: 'Elevador' },
  { vrsync: '24 Hour Security', carga: 'Portaria24Horas', vista: 'Portaria 24h' },
  { vrsync: 'Pets Allowed', carga: 'AceitaAnimais', vista: 'Aceita Pet' },
  { vrsync: 'Heliport', carga: 'Heliponto', vista: 'Heliponto' },
]

/** A small seeded generator (mulberry32). */
export function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pickWeighted<T extends { weight: number }>(random: () => number, items: T[]): T {
  let roll = random() * items.reduce((sum, item) => sum + item.weight, 0)
  for (const item of items) if ((roll -= item.weight) < 0) return item
  return items[0]!
}

const round = (value: number, step: number) => Math.round(value / step) * step

export function sampleListing(index: number, random: () => number, photos: number): SampleListing {
  const kind = pickWeighted(random, KINDS)
  const place = PLACES[Math.floor(random() * PLACES.length)]!
  const deal = random() < 0.7 ? 'sale' : 'rent'
  const land = kind.pt === 'Terreno'
  const area = land ? round(200 + random() * 800, 10) : round(28 + random() * 220, 1)
  const bedrooms = land || kind.commercial ? 0 : Math.max(1, Math.min(5, Math.round(area / 45)))
  const perMeter = place.state === 'SP' || place.state === 'RJ' ? 11_000 : 8_000
  const price = deal === 'sale' ? round(area * perMeter * (0.7 + random() * 0.8), 5_000) : null
  const rent = deal === 'rent' ? round(area * 55 * (0.7 + random() * 0.6), 50) : null
  const features = SAMPLE_FEATURES.filter((f) => (f.vrsync === 'Heliport' ? random() < 0.03 : random() < 0.35))
  const street = place.streets[Math.floor(random() * place.streets.length)]!
  const title = `${kind.name}${bedrooms ? ` com ${bedrooms} ${bedrooms === 1 ? 'quarto' : 'quartos'}` : ''} em ${place.neighborhood}`
  return {
    id: `VT${String(index + 1).padStart(5, '0')}`,
    title,
    deal,
    kind,
    description: `${title}, ${area} m², ${deal === 'sale' ? 'à venda' : 'para alugar'} na ${street}. Perto de comércio, escolas e transporte. Agende sua visita!`,
    price,
    rent,
    condo: land ? null : round(area * 9 * (0.6 + random() * 0.8), 10),
    iptu: round(area * 25 * (0.6 + random() * 0.8), 10),
    area,
    bedrooms,
    suites: bedrooms > 1 ? Math.floor(bedrooms / 2) : 0,
    bathrooms: land ? 0 : Math.max(1, bedrooms),
    parking: land ? 0 : Math.min(4, Math.max(0, bedrooms - 1 + (random() < 0.3 ? 1 : 0))),
    features: features.map((f) => f.vrsync),
    place: {
      city: place.city,
      state: place.state,
      neighborhood: place.neighborhood,
      street,
      number: String(10 + Math.floor(random() * 2_000)),
      zipcode: `${place.zip}-${String(Math.floor(random() * 999)).padStart(3, '0')}`,
      lat: Number((place.lat + (random() - 0.5) * 0.02).toFixed(6)),
      lng: Number((place.lng + (random() - 0.5) * 0.02).toFixed(6)),
    },
    photos: land ? Math.min(1, photos) : photos,
  }
}

/** `count` listings; the same seed always gives the same ones. */
export function sampleListings(count: number, options: { seed?: number; photos?: number } = {}): SampleListing[] {
  const random = seeded(options.seed ?? 18)
  return Array.from({ length: count }, (_, index) => sampleListing(index, random, options.photos ?? 3))
}
