// The property's vocabulary (ADR 020: the product's Home record and its enumerations): every enumeration's keys with
// its pt-BR label, in one place. Keys are what the database and forms carry; labels are what a
// person reads. Pure TypeScript: safe in the browser and on the server.

/** Deal (spec field `status`). */
export const homeStatuses = ['sale', 'rent'] as const
export type HomeStatus = (typeof homeStatuses)[number]
export const homeStatusLabels: Record<HomeStatus, string> = {
  sale: 'Venda',
  rent: 'Aluguel',
}

/** Property use (spec field `type`, nullable). */
export const homeTypes = ['residential', 'commercial'] as const
export type HomeType = (typeof homeTypes)[number]
export const homeTypeLabels: Record<HomeType, string> = {
  residential: 'Residencial',
  commercial: 'Comercial',
}

export const homeCategories = [
  'apartment',
  'house',
  'condo',
  'townhouse',
  'penthouse',
  'flat',
  'studio',
  'loft',
  'land',
  'office',
  'farm',
] as const
export type HomeCategory = (typeof homeCategories)[number]
export const homeCategoryLabels: Record<HomeCategory, string> = {
  apartment: 'Apartamento',
  house: 'Casa',
  condo: 'Casa em condomínio',
  townhouse: 'Sobrado',
  penthouse: 'Cobertura',
  flat: 'Flat',
  studio: 'Studio',
  loft: 'Loft',
  land: 'Terreno',
  office: 'Sala comercial',
  farm: 'Fazenda / sítio',
}

export const homeStages = ['launch', 'construction', 'ready', 'delivered'] as const
export type HomeStage = (typeof homeStages)[number]
export const homeStageLabels: Record<HomeStage, string> = {
  launch: 'Lançamento',
  construction: 'Em construção',
  ready: 'Pronto para morar',
  delivered: 'Entregue',
}

export const homeSegments = ['luxury', 'standard', 'affordable'] as const
export type HomeSegment = (typeof homeSegments)[number]
export const homeSegmentLabels: Record<HomeSegment, string> = {
  luxury: 'Alto padrão',
  standard: 'Médio padrão',
  affordable: 'Econômico',
}

/** The 27 federative units (26 states and the Federal District), by two-letter code. */
export const brazilianStates = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const
export type BrazilianState = (typeof brazilianStates)[number]
export const brazilianStateNames: Record<BrazilianState, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
}

/** What the unit itself has. */
export const homeFeatures = [
  'accepts_pets',
  'air_conditioning',
  'built_in_cabinets',
  'barbecue_grill',
  'american_kitchen',
  'elevator',
  'office',
  'half_bath',
  'furnished',
  'balcony',
  'gourmet_balcony',
] as const
export type HomeFeature = (typeof homeFeatures)[number]
export const homeFeatureLabels: Record<HomeFeature, string> = {
  accepts_pets: 'Aceita pets',
  air_conditioning: 'Ar-condicionado',
  built_in_cabinets: 'Armários embutidos',
  barbecue_grill: 'Churrasqueira',
  american_kitchen: 'Cozinha americana',
  elevator: 'Elevador',
  office: 'Escritório',
  half_bath: 'Lavabo',
  furnished: 'Mobiliado',
  balcony: 'Varanda',
  gourmet_balcony: 'Varanda gourmet',
}

/**
 * What the building or condominium offers. The product offers gym, pool, playground, sauna, spa and
 * cinema; the other 14 are the ones Brazilian listings (ZAP, Viva Real, QuintoAndar) show most.
 */
export const homeAmenities = [
  'gym',
  'pool',
  'playground',
  'sauna',
  'spa',
  'cinema',
  'party_room',
  'gourmet_space',
  'toy_library',
  'sports_court',
  'concierge_24h',
  'bike_rack',
  'barbecue_area',
  'game_room',
  'coworking',
  'pet_place',
  'laundry',
  'tennis_court',
  'green_area',
  'rooftop',
] as const
export type HomeAmenity = (typeof homeAmenities)[number]
export const homeAmenityLabels: Record<HomeAmenity, string> = {
  gym: 'Academia',
  pool: 'Piscina',
  playground: 'Playground',
  sauna: 'Sauna',
  spa: 'Spa',
  cinema: 'Cinema',
  party_room: 'Salão de festas',
  gourmet_space: 'Espaço gourmet',
  toy_library: 'Brinquedoteca',
  sports_court: 'Quadra poliesportiva',
  concierge_24h: 'Portaria 24h',
  bike_rack: 'Bicicletário',
  barbecue_area: 'Churrasqueira coletiva',
  game_room: 'Salão de jogos',
  coworking: 'Coworking',
  pet_place: 'Pet place',
  laundry: 'Lavanderia coletiva',
  tennis_court: 'Quadra de tênis',
  green_area: 'Área verde',
  rooftop: 'Rooftop',
}

/** Fonts a brand theme may pick; the post renderer ships these (@fontsource). */
export const themeFonts = ['Inter', 'Montserrat', 'Playfair Display', 'DM Serif Display', 'DM Sans', 'Oswald'] as const
export type ThemeFont = (typeof themeFonts)[number]

/** Numbers that limit a property: 40 photos, as the property form has promised from the start. */
export const HOME_LIMITS = {
  /** Photos per property (gallery). */
  maxPhotos: 40,
  /** Floor plans per property. */
  maxFloorPlans: 20,
} as const

// Helpers: an unknown key (old data, an integration's vocabulary) shows as typed, never blank.
const labelOf =
  <K extends string>(labels: Record<K, string>) =>
  (key: string | null | undefined): string =>
    key == null ? '' : ((labels as Record<string, string>)[key] ?? key)

export const homeStatusLabel = labelOf(homeStatusLabels)
export const homeTypeLabel = labelOf(homeTypeLabels)
export const homeCategoryLabel = labelOf(homeCategoryLabels)
export const homeStageLabel = labelOf(homeStageLabels)
export const homeSegmentLabel = labelOf(homeSegmentLabels)
export const stateName = labelOf(brazilianStateNames)
export const homeFeatureLabel = labelOf(homeFeatureLabels)
export const homeAmenityLabel = labelOf(homeAmenityLabels)

export const isHomeStatus = (v: unknown): v is HomeStatus =>
  typeof v === 'string' && (homeStatuses as readonly string[]).includes(v)
export const isHomeCategory = (v: unknown): v is HomeCategory =>
  typeof v === 'string' && (homeCategories as readonly string[]).includes(v)
export const isBrazilianState = (v: unknown): v is BrazilianState =>
  typeof v === 'string' && (brazilianStates as readonly string[]).includes(v)

/** `[{ value, label }]` for a select, radio group or checkbox group. */
export function optionsOf<K extends string>(
  keys: readonly K[],
  labels: Record<K, string>,
): { value: K; label: string }[] {
  return keys.map((value) => ({ value, label: labels[value] }))
}

/** 'Apartamento à venda', 'Casa para alugar': how a listing names its deal. */
export function dealPhrase(category: string, status: string): string {
  const noun = homeCategoryLabel(category) || 'Imóvel'
  return status === 'rent' ? `${noun} para alugar` : `${noun} à venda`
}

/** CEP as people write it: '01310-100'. Leaves anything that is not 8 digits untouched. */
export function formatZipcode(zipcode: string | null | undefined): string {
  const digits = (zipcode ?? '').replace(/\D/g, '')
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : (zipcode ?? '')
}

/** Kinds of nearby places (Google Places types) as a listing names them. */
export const nearbyPlaceTypeLabels: Record<string, string> = {
  school: 'Escola',
  primary_school: 'Escola',
  secondary_school: 'Escola',
  university: 'Universidade',
  supermarket: 'Supermercado',
  grocery_store: 'Mercado',
  bakery: 'Padaria',
  pharmacy: 'Farmácia',
  hospital: 'Hospital',
  subway_station: 'Metrô',
  train_station: 'Trem',
  bus_station: 'Ônibus',
  light_rail_station: 'VLT',
  park: 'Parque',
  shopping_mall: 'Shopping',
  gym: 'Academia',
}

/** 'Metrô', 'Escola', … from a place's primaryType (or its first known type); 'Local' else. */
export function nearbyPlaceLabel(place: { primaryType: string | null; types: string[] }): string {
  const known = [place.primaryType, ...place.types].find((t) => t && nearbyPlaceTypeLabels[t])
  return known ? nearbyPlaceTypeLabels[known]! : 'Local'
}

/** A brand: the account's (users.theme) or a property's own (homes.theme, null = inherit). */
export type Theme = {
  logo?: string | null
  primary_color?: string | null
  secondary_color?: string | null
  text_color?: string | null
  font?: string | null
}

export type LatLng = { latitude: number; longitude: number }

/** A place near the property, as the places service (app/integrations/places) found it. */
export type NearbyPlace = {
  id: string
  name: string
  /** Null for a place typed by hand (no Maps key). */
  location: LatLng | null
  types: string[]
  primaryType: string | null
  /** Metres from the property, typed by hand; else computed from the two locations. */
  distance?: number | null
}

/**
 * The brand a property's posts use: the property's own theme where it sets a value, the
 * account's brand everywhere else (a property inherits by default, theme = null).
 */
export function effectiveTheme(home: Theme | null | undefined, account: Theme | null | undefined) {
  const pick = (key: keyof Theme) => home?.[key] || account?.[key] || null
  return {
    logo: pick('logo'),
    primary_color: pick('primary_color'),
    secondary_color: pick('secondary_color'),
    text_color: pick('text_color'),
    font: pick('font'),
  }
}
