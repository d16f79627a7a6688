// The property of the public demo of /assistente (no account): the facts of the seeded
// apartment in Itaim Bibi, so a visitor sees the assistant work on a realistic listing.
import type { HomeInput } from './home-schema'
import type { HomeFacts } from './prompts'

/** The seeded apartment's facts (scripts/seed/homes.ts adds its name, photos and floor plan). */
export const ITAIM_APARTMENT_FACTS = {
  description:
    'Apartamento amplo e iluminado, com varanda gourmet integrada à sala, três suítes e lazer completo. A duas quadras do Parque do Povo.',
  status: 'sale',
  category: 'apartment',
  segment: 'luxury',
  type: 'residential',
  stage: 'ready',
  price: 245000000,
  condominium_price: 280000,
  iptu_price: 75000,
  area: 142,
  bedrooms: 3,
  suites: 3,
  bathrooms: 4,
  parking_spaces: 2,
  features: ['balcony', 'gourmet_balcony', 'air_conditioning', 'built_in_cabinets', 'elevator', 'half_bath'],
  amenities: ['gym', 'pool', 'playground', 'sauna', 'party_room', 'gourmet_space', 'toy_library', 'concierge_24h'],
  zipcode: '04534-011',
  street: 'Rua Joaquim Floriano',
  street_number: '466',
  neighborhood: 'Itaim Bibi',
  city: 'São Paulo',
  state: 'SP',
} satisfies Partial<HomeInput>

export const DEMO_HOME: HomeFacts = {
  id: 0,
  name: 'Apartamento 3 suítes com varanda gourmet no Itaim Bibi (exemplo)',
  ...ITAIM_APARTMENT_FACTS,
}
