// The Jardins apartment the rendering tests draw (post images, media kits): a sale with price,
// condominium, rooms, features and address filled in, owned by `ownerId`. Each test adds its own
// photos, plans and whatever it checks on top. `homeInput` is what the property form gives the
// models for an apartment on Avenida Paulista.
import type { homes } from '../../db/schema'
import type { HomeInput } from '../../app/domain/home-schema'
import { zonedDate } from '../../app/domain/dates'
import { addDays } from '../../app/domain/scheduling'
import { insertAuthorization } from '../../app/models/home-authorizations.server'
import type { Database } from '../../app/utils/db.server'

export function jardinsApartment(
  ownerId: string,
  extra: Partial<typeof homes.$inferInsert> = {},
): typeof homes.$inferInsert {
  return {
    user_id: ownerId,
    status: 'sale',
    category: 'apartment',
    name: 'Apartamento com varanda gourmet nos Jardins',
    price: 189000000,
    condominium_price: 150000,
    area: 120,
    bedrooms: 3,
    suites: 1,
    bathrooms: 2,
    parking_spaces: 2,
    features: ['gourmet_balcony', 'air_conditioning'],
    amenities: ['pool', 'gym'],
    zipcode: '01426-001',
    street: 'Rua Oscar Freire',
    street_number: '100',
    neighborhood: 'Jardins',
    city: 'São Paulo',
    state: 'SP',
    ...extra,
  }
}

/** The property form's answer for an apartment on Avenida Paulista, as the models take it. */
export const homeInput = (overrides: Partial<HomeInput> = {}): HomeInput => ({
  status: 'sale',
  type: 'residential',
  category: 'apartment',
  stage: 'ready',
  segment: 'standard',
  name: 'Apartamento com varanda',
  description: null,
  social_housing_program: false,
  price: 85000000,
  rental_price: 0,
  condominium_price: 120000,
  iptu_price: 30000,
  area: 72,
  bedrooms: 2,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 1,
  features: ['balcony'],
  amenities: ['pool'],
  zipcode: '01310-100',
  street: 'Avenida Paulista',
  street_number: '1000',
  complement: null,
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  place_id: null,
  location: null,
  nearby_places: [],
  gallery: [],
  floor_plans: [],
  theme: null,
  ...overrides,
})

/** Records an owner's authorisation of the property for a year around today (issue 65: its pieces may go out). */
export async function authorizeHome(db: Database, accountId: string, homeId: number, days = { from: -30, to: 365 }) {
  const today = zonedDate(new Date())
  await insertAuthorization(db, accountId, {
    home_id: homeId,
    owner_name: 'Maria Proprietária da Silva',
    starts_on: addDays(today, days.from),
    ends_on: addDays(today, days.to),
    exclusive: false,
  })
}
