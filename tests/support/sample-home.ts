// The Jardins apartment the rendering tests draw (post images, media kits): a sale with price,
// condominium, rooms, features and address filled in, owned by `ownerId`. Each test adds its own
// photos, plans and whatever it checks on top.
import type { homes } from '../../db/schema'

export function jardinsApartment(ownerId: string, extra: Partial<typeof homes.$inferInsert> = {}): typeof homes.$inferInsert {
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
