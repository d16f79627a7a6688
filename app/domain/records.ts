// The rows the domain reads, written out here so the domain never imports the database schema.
// db/schema.ts checks at compile time that Drizzle's row types are exactly these: adding,
// removing or retyping a column fails `npm run typecheck` until this file agrees.
import type { HomeSegment, HomeStage, HomeStatus, HomeType, LatLng, NearbyPlace, Theme } from './home'
import type { MediaItem } from './media'
import type { PostMeta } from './slides'

/** A `homes` row (the product's Home record, ADR 020). Money is integer cents. */
export type HomeRecord = {
  id: number
  user_id: string
  integration_id: number | null
  integration_name: string | null
  status: HomeStatus
  type: HomeType | null
  category: string
  stage: HomeStage | null
  segment: HomeSegment | null
  name: string
  description: string | null
  gallery: MediaItem[]
  floor_plans: MediaItem[]
  price: number | null
  rental_price: number | null
  condominium_price: number | null
  iptu_price: number | null
  area: number | null
  bedrooms: number | null
  suites: number | null
  bathrooms: number | null
  parking_spaces: number | null
  features: string[]
  amenities: string[]
  zipcode: string
  street: string | null
  street_number: string | null
  complement: string | null
  neighborhood: string
  city: string
  state: string
  social_housing_program: boolean
  place_id: string | null
  location: LatLng | null
  nearby_places: NearbyPlace[]
  /** The property's own brand; null inherits the account's. */
  theme: Theme | null
  /** Set when its feed stopped listing it (or listed it sold/rented); null otherwise. */
  archived_at: Date | null
  created_at: Date
  updated_at: Date
  /** The member responsible for it; `user_id` is its account (ADR 218). */
  responsible_id: string | null
  /** A launch's incorporação registration (R.I.) and its developer, printed on its pieces. */
  incorporation_registry: string | null
  developer_name: string | null
}

/** A `posts` row (the product's Post record). */
export type PostRecord = {
  id: number
  /** The id of its public addresses (ADR 141). */
  public_id: string
  home_id: number | null
  user_id: string
  template_id: number | null
  description: string | null
  media: string | null
  generating: boolean
  /** pt-BR reason when generation failed; null otherwise. */
  error: string | null
  generated_at: Date | null
  screenshotted_at: Date | null
  category: string | null
  template: string | null
  meta: PostMeta
  format: string | null
  type: string | null
  created_at: Date
  updated_at: Date
  deleted_at: Date | null
  /** The member who made it; `user_id` is its account (ADR 218). */
  created_by: string | null
  approval_status: ApprovalStatus
  /** Moves on every change: an approval counts for one revision (ADR 218). */
  revision: number
  /** The revision the approval was given to (ADR 237). */
  approved_revision: number | null
}

/** Rascunho, Em aprovação, Ajustes pedidos, Aprovado (ADR 218). */
export type ApprovalStatus = 'draft' | 'pending' | 'changes' | 'approved'
