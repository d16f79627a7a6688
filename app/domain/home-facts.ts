// The facts of a property that posts are made from, as one list: what the slides show
// (post-content.ts) and what the copy is written from (prompts.ts, the AI writers). A post
// never reads anything else of a property (no owner, no timestamps, no place id).
import type { HomeRecord as Home } from './records'

/** Every property has these. */
export const REQUIRED_HOME_FACTS = ['id', 'name', 'status', 'category', 'neighborhood', 'city', 'state'] as const

/** The rest may be missing (a subset of the row, a test's property). */
export const OPTIONAL_HOME_FACTS = [
  'type',
  'stage',
  'segment',
  'description',
  'price',
  'rental_price',
  'condominium_price',
  'iptu_price',
  'area',
  'bedrooms',
  'suites',
  'bathrooms',
  'parking_spaces',
  'features',
  'amenities',
  'zipcode',
  'street',
  'street_number',
  'social_housing_program',
  'gallery',
  'floor_plans',
  'theme',
  'location',
  'nearby_places',
] as const

/** The facts of a property a post is made from (a `homes` row, or a subset of it). */
export type HomeFacts = Pick<Home, (typeof REQUIRED_HOME_FACTS)[number]> &
  Partial<Pick<Home, (typeof OPTIONAL_HOME_FACTS)[number]>>
