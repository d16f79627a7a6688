// The mapping tables from the portals' vocabulary (VRSync in English, Carga and Vista in
// Portuguese) to ours (app/domain/home.ts). Keys are folded (foldValue): no accents, lowercase.
import type { HomeAmenity, HomeCategory, HomeFeature } from './home'
import { foldValue } from './feeds'

/** VRSync PropertyType ('Residential / Apartment'), Carga TipoImovel and Vista Categoria. */
const CATEGORY_TABLE: Record<string, HomeCategory> = {
  'residential / apartment': 'apartment',
  'residential / home': 'house',
  'residential / condo': 'condo',
  'residential / village house': 'condo',
  'residential / sobrado': 'townhouse',
  'residential / penthouse': 'penthouse',
  'residential / flat': 'flat',
  'residential / kitnet': 'studio',
  'residential / studio': 'studio',
  'residential / loft': 'loft',
  'residential / land lot': 'land',
  'residential / farm ranch': 'farm',
  'residential / agricultural': 'farm',
  'commercial / land lot': 'land',
  'commercial / office': 'office',
  'commercial / consultorio': 'office',
  'commercial / business': 'office',
  apartamento: 'apartment',
  'apartamento padrao': 'apartment',
  'apartamento duplex': 'apartment',
  casa: 'house',
  'casa padrao': 'house',
  'casa de condominio': 'condo',
  'casa em condominio': 'condo',
  'casa condominio': 'condo',
  sobrado: 'townhouse',
  cobertura: 'penthouse',
  flat: 'flat',
  kitnet: 'studio',
  kitinete: 'studio',
  studio: 'studio',
  loft: 'loft',
  terreno: 'land',
  lote: 'land',
  'lote terreno': 'land',
  'terreno padrao': 'land',
  sala: 'office',
  'sala comercial': 'office',
  'conjunto comercial': 'office',
  'conjunto comercial sala': 'office',
  fazenda: 'farm',
  sitio: 'farm',
  chacara: 'farm',
  'chacara sitio fazenda': 'farm',
}

export function categoryOf(text: string | null | undefined): HomeCategory | null {
  if (!text) return null
  const key = foldValue(text)
  return CATEGORY_TABLE[key] ?? CATEGORY_TABLE[key.replace(/ \/ /g, ' ').trim()] ?? null
}

type Mapped = { feature?: HomeFeature; amenity?: HomeAmenity }

/** Features and amenities by the names the three vocabularies use. */
const AMENITY_TABLE: Record<string, Mapped> = {
  // VRSync <Feature>
  pool: { amenity: 'pool' },
  gym: { amenity: 'gym' },
  playground: { amenity: 'playground' },
  sauna: { amenity: 'sauna' },
  spa: { amenity: 'spa' },
  cinema: { amenity: 'cinema' },
  'party room': { amenity: 'party_room' },
  'party hall': { amenity: 'party_room' },
  'gourmet space': { amenity: 'gourmet_space' },
  'toy room': { amenity: 'toy_library' },
  'sports court': { amenity: 'sports_court' },
  '24 hour security': { amenity: 'concierge_24h' },
  concierge: { amenity: 'concierge_24h' },
  'bicycles place': { amenity: 'bike_rack' },
  'barbecue area': { amenity: 'barbecue_area' },
  'game room': { amenity: 'game_room' },
  coworking: { amenity: 'coworking' },
  'pet space': { amenity: 'pet_place' },
  laundry: { amenity: 'laundry' },
  'tennis court': { amenity: 'tennis_court' },
  'green space / park': { amenity: 'green_area' },
  rooftop: { amenity: 'rooftop' },
  'pets allowed': { feature: 'accepts_pets' },
  'air conditioning': { feature: 'air_conditioning' },
  'builtin wardrobe': { feature: 'built_in_cabinets' },
  'barbecue grill': { feature: 'barbecue_grill' },
  'american kitchen': { feature: 'american_kitchen' },
  elevator: { feature: 'elevator' },
  'home office': { feature: 'office' },
  lavabo: { feature: 'half_bath' },
  furnished: { feature: 'furnished' },
  balcony: { feature: 'balcony' },
  'gourmet balcony': { feature: 'gourmet_balcony' },
  // Carga flags and Vista Caracteristicas / InfraEstrutura (folded)
  piscina: { amenity: 'pool' },
  academia: { amenity: 'gym' },
  salaofestas: { amenity: 'party_room' },
  'salao de festas': { amenity: 'party_room' },
  espacogourmet: { amenity: 'gourmet_space' },
  'espaco gourmet': { amenity: 'gourmet_space' },
  brinquedoteca: { amenity: 'toy_library' },
  quadrapoliesportiva: { amenity: 'sports_court' },
  'quadra poliesportiva': { amenity: 'sports_court' },
  portaria24horas: { amenity: 'concierge_24h' },
  'portaria 24h': { amenity: 'concierge_24h' },
  'portaria 24 horas': { amenity: 'concierge_24h' },
  bicicletario: { amenity: 'bike_rack' },
  'churrasqueira coletiva': { amenity: 'barbecue_area' },
  salaojogos: { amenity: 'game_room' },
  'salao de jogos': { amenity: 'game_room' },
  petplace: { amenity: 'pet_place' },
  'pet place': { amenity: 'pet_place' },
  lavanderia: { amenity: 'laundry' },
  'lavanderia coletiva': { amenity: 'laundry' },
  quadratenis: { amenity: 'tennis_court' },
  'quadra de tenis': { amenity: 'tennis_court' },
  areaverde: { amenity: 'green_area' },
  'area verde': { amenity: 'green_area' },
  aceitaanimais: { feature: 'accepts_pets' },
  'aceita animais': { feature: 'accepts_pets' },
  'aceita pet': { feature: 'accepts_pets' },
  arcondicionado: { feature: 'air_conditioning' },
  'ar condicionado': { feature: 'air_conditioning' },
  armarioembutido: { feature: 'built_in_cabinets' },
  'armario embutido': { feature: 'built_in_cabinets' },
  churrasqueira: { feature: 'barbecue_grill' },
  cozinhaamericana: { feature: 'american_kitchen' },
  'cozinha americana': { feature: 'american_kitchen' },
  elevador: { feature: 'elevator' },
  escritorio: { feature: 'office' },
  mobiliado: { feature: 'furnished' },
  varanda: { feature: 'balcony' },
  'sacada varanda': { feature: 'balcony' },
  varandagourmet: { feature: 'gourmet_balcony' },
  'varanda gourmet': { feature: 'gourmet_balcony' },
}

/** Our key for a feed's feature name, or null when the table has none. */
export function amenityOf(text: string): Mapped | null {
  return AMENITY_TABLE[foldValue(text)] ?? null
}

/** The Carga elements that are yes/no flags of a feature or amenity. */
export const CARGA_FLAGS = new Set(Object.keys(AMENITY_TABLE).filter((key) => /^[a-z0-9]+$/.test(key)))

/** Splits mapped names into our features and amenities; the rest is returned as unknown. */
export function mapAmenities(names: string[]): { features: string[]; amenities: string[]; unknown: string[] } {
  const features = new Set<string>()
  const amenities = new Set<string>()
  const unknown: string[] = []
  for (const name of names) {
    const mapped = amenityOf(name)
    if (mapped?.feature) features.add(mapped.feature)
    else if (mapped?.amenity) amenities.add(mapped.amenity)
    else if (name.trim()) unknown.push(name.trim())
  }
  return { features: [...features].sort(), amenities: [...amenities].sort(), unknown }
}

/** True for 'Sim', '1', 'true', 'S', 'yes'. */
export const isYes = (text: string | null | undefined) => /^(sim|s|1|true|yes)$/i.test((text ?? '').trim())
