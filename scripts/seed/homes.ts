// Demo properties for one account, with photos and floor plans drawn in code (room-photos.ts)
// and stored through the same image pipeline as an upload. Idempotent: a property whose name the
// account already has is left alone.
import { ITAIM_APARTMENT, ITAIM_PHOTOS } from '../../app/workflows/trial.server'
import type { HomeInput } from '../../app/domain/home-schema'
import type { MediaItem } from '../../app/domain/media'
import type { Database } from '../../app/utils/db.server'
import { createHome, findHomesByName, type Home } from '../../app/models/homes.server'
import { insertAuthorization, saveIncorporation } from '../../app/models/home-authorizations.server'
import { isLaunch } from '../../app/domain/compliance'
import { zonedDate } from '../../app/domain/dates'
import { addDays } from '../../app/domain/scheduling'
import { storeHomeImage } from '../../app/integrations/images/images.server'
import type { Storage } from '../../app/integrations/storage/storage.server'
import { floorPlan, roomPhoto, type Scene } from '../../app/integrations/images/sample-photos.server'

type DemoHome = Omit<HomeInput, 'gallery' | 'floor_plans'> & {
  photos: { scene: Scene; caption: string; featured?: boolean }[]
  plans: number
}

const base = {
  description: null,
  social_housing_program: false,
  rental_price: null,
  complement: null,
  place_id: null,
  nearby_places: [],
  theme: null,
  suites: null,
  stage: 'ready',
  segment: 'standard',
  type: 'residential',
} satisfies Partial<DemoHome>

export const DEMO_HOMES: DemoHome[] = [
  { ...base, ...ITAIM_APARTMENT, photos: ITAIM_PHOTOS, plans: 1 },
  {
    ...base,
    name: 'Casa térrea com quintal no Campeche',
    description: 'Casa térrea a 600 m da praia, com quintal gramado, churrasqueira e vaga para dois carros.',
    status: 'sale',
    category: 'house',
    price: 89000000,
    condominium_price: 0,
    iptu_price: 21000,
    area: 160,
    bedrooms: 3,
    suites: 1,
    bathrooms: 2,
    parking_spaces: 2,
    features: ['barbecue_grill', 'accepts_pets', 'american_kitchen'],
    amenities: [],
    zipcode: '88063-300',
    street: 'Rua do Gramal',
    street_number: '1200',
    neighborhood: 'Campeche',
    city: 'Florianópolis',
    state: 'SC',
    location: { latitude: -27.6786, longitude: -48.4869 },
    photos: [
      { scene: 'facade', caption: 'Fachada', featured: true },
      { scene: 'living', caption: 'Sala' },
      { scene: 'kitchen', caption: 'Cozinha americana' },
      { scene: 'bedroom', caption: 'Suíte' },
    ],
    plans: 1,
  },
  {
    ...base,
    name: 'Studio mobiliado perto do metrô Vila Madalena',
    status: 'rent',
    category: 'studio',
    price: null,
    rental_price: 290000,
    condominium_price: 65000,
    iptu_price: 9000,
    area: 32,
    bedrooms: 1,
    bathrooms: 1,
    parking_spaces: 0,
    features: ['furnished', 'air_conditioning', 'american_kitchen'],
    amenities: ['coworking', 'laundry', 'rooftop', 'bike_rack', 'concierge_24h'],
    zipcode: '05433-000',
    street: 'Rua Harmonia',
    street_number: '740',
    neighborhood: 'Vila Madalena',
    city: 'São Paulo',
    state: 'SP',
    location: { latitude: -23.5546, longitude: -46.6894 },
    photos: [
      { scene: 'living', caption: 'Ambiente integrado', featured: true },
      { scene: 'bathroom', caption: 'Banheiro' },
      { scene: 'balcony', caption: 'Rooftop do prédio' },
    ],
    plans: 0,
  },
  {
    ...base,
    name: 'Cobertura duplex frente mar em Copacabana',
    status: 'sale',
    category: 'penthouse',
    segment: 'luxury',
    price: 420000000,
    condominium_price: 350000,
    iptu_price: 120000,
    area: 280,
    bedrooms: 4,
    suites: 2,
    bathrooms: 5,
    parking_spaces: 2,
    features: ['balcony', 'elevator', 'office', 'air_conditioning', 'half_bath'],
    amenities: ['pool', 'sauna', 'concierge_24h'],
    zipcode: '22071-000',
    street: 'Avenida Atlântica',
    street_number: '1782',
    neighborhood: 'Copacabana',
    city: 'Rio de Janeiro',
    state: 'RJ',
    location: { latitude: -22.9697, longitude: -43.1856 },
    photos: [
      { scene: 'balcony', caption: 'Terraço com vista para o mar', featured: true },
      { scene: 'living', caption: 'Living' },
      { scene: 'pool', caption: 'Piscina privativa' },
      { scene: 'bedroom', caption: 'Suíte master' },
    ],
    plans: 2,
  },
  {
    ...base,
    name: 'Sala comercial 45 m² na Savassi',
    status: 'rent',
    type: 'commercial',
    category: 'office',
    price: null,
    rental_price: 350000,
    condominium_price: 80000,
    iptu_price: 15000,
    area: 45,
    bedrooms: null,
    bathrooms: 1,
    parking_spaces: 1,
    features: ['air_conditioning', 'elevator'],
    amenities: ['concierge_24h', 'bike_rack'],
    zipcode: '30140-071',
    street: 'Rua Pernambuco',
    street_number: '1000',
    complement: 'Sala 804',
    neighborhood: 'Savassi',
    city: 'Belo Horizonte',
    state: 'MG',
    location: null,
    photos: [
      { scene: 'facade', caption: 'Edifício', featured: true },
      { scene: 'living', caption: 'Sala' },
    ],
    plans: 0,
  },
  {
    ...base,
    name: 'Lançamento: 2 quartos no Parque das Araucárias',
    description: 'Apartamentos de 2 quartos com entrada facilitada pelo programa Minha Casa, Minha Vida.',
    status: 'sale',
    category: 'apartment',
    stage: 'launch',
    segment: 'affordable',
    social_housing_program: true,
    price: 28900000,
    condominium_price: 32000,
    iptu_price: 0,
    area: 48,
    bedrooms: 2,
    bathrooms: 1,
    parking_spaces: 1,
    features: ['american_kitchen'],
    amenities: ['playground', 'party_room', 'barbecue_area', 'sports_court', 'pet_place'],
    zipcode: '81460-000',
    street: 'Rua Eduardo Sprada',
    street_number: '5000',
    neighborhood: 'Cidade Industrial',
    city: 'Curitiba',
    state: 'PR',
    location: { latitude: -25.4804, longitude: -49.3452 },
    photos: [
      { scene: 'facade', caption: 'Perspectiva da fachada', featured: true },
      { scene: 'kitchen', caption: 'Cozinha do decorado' },
    ],
    plans: 1,
  },
]

/**
 * The demo's owner authorisation (a year from the seed, no document: the owner is made up) and
 * the launch's registration, so the demo's pieces can be scheduled (issue 65).
 */
async function seedDocumentation(db: Database, userId: string, home: Home) {
  const today = zonedDate(new Date())
  await insertAuthorization(db, userId, {
    home_id: home.id,
    owner_name: 'Proprietário de demonstração',
    starts_on: addDays(today, -30),
    ends_on: addDays(today, 365),
    exclusive: true,
  })
  if (isLaunch(home.stage))
    await saveIncorporation(db, userId, home.id, {
      incorporation_registry: 'R.4 da matrícula 98.765 do 6º Registro de Imóveis de Curitiba',
      developer_name: 'Araucária Incorporadora',
    })
}

/**
 * Adds the demo properties this user does not have yet (by name) and returns every demo
 * property of the user. Safe to run on every start of `npm run seed`.
 */
export async function seedHomes(db: Database, storage: Storage, userId: string): Promise<Home[]> {
  const names = DEMO_HOMES.map((home) => home.name)
  const existing = await findHomesByName(db, userId, names)
  const have = new Set(existing.map((row) => row.name))

  // Oldest first, so the list (newest first) opens with the Itaim apartment.
  for (const [index, demo] of [...DEMO_HOMES.entries()].reverse()) {
    if (have.has(demo.name)) continue
    const { photos, plans, ...fields } = demo
    // A property's pictures drawn and stored side by side (sharp works off the main thread).
    const gallery: MediaItem[] = await Promise.all(
      photos.map(async (photo, n) =>
        storeHomeImage(
          storage,
          userId,
          { name: `${photo.scene}-${n + 1}.jpg`, bytes: await roomPhoto(photo.scene, index * 10 + n) },
          { caption: photo.caption, featured: photo.featured ?? false },
        ),
      ),
    )
    const floor_plans: MediaItem[] = await Promise.all(
      Array.from({ length: plans }, async (_, n) =>
        storeHomeImage(
          storage,
          userId,
          { name: `planta-${n + 1}.png`, bytes: await floorPlan(index * 10 + n) },
          { caption: plans > 1 ? `Pavimento ${n + 1}` : 'Planta', folder: 'plans' },
        ),
      ),
    )
    const home = await createHome(db, storage, userId, { ...fields, gallery, floor_plans })
    await seedDocumentation(db, userId, home)
  }

  return findHomesByName(db, userId, names)
}
