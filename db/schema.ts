// The product's data, one schema for PGlite and Postgres alike. Field names follow spec §3.
// Every row a person owns carries user_id; the data functions in app/models scope by it.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** Money is integer cents, never floats. */
const cents = (name: string) => bigint(name, { mode: 'number' })

export type Theme = {
  logo?: string | null
  primary_color?: string | null
  secondary_color?: string | null
  text_color?: string | null
  font?: string | null
}

export type MediaItem = {
  name: string
  url: string
  caption?: string | null
  featured?: boolean
  /** Storage keys of the derivatives made on upload (see app/integrations/storage/storage.server.ts). */
  variants?: { original: string; w400?: string; w1080?: string }
  width?: number
  height?: number
}

export type LatLng = { latitude: number; longitude: number }

export type NearbyPlace = {
  id: string
  name: string
  location: LatLng
  types: string[]
  primaryType: string | null
}

/** Application profile of an auth user (id = the auth user's id). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  full_name: text('full_name'),
  phone: text('phone'),
  role: text('role', { enum: ['user', 'admin'] }).notNull().default('user'),
  /** The account's brand; a property may override it. */
  theme: jsonb('theme').$type<Theme>().notNull().default({}),
  ...timestamps,
})

export const homes = pgTable(
  'homes',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    integration_id: integer('integration_id'),
    integration_name: text('integration_name'),
    status: text('status', { enum: ['rent', 'sale'] }).notNull(),
    type: text('type', { enum: ['residential', 'commercial'] }),
    category: text('category').notNull(),
    stage: text('stage', { enum: ['launch', 'construction', 'ready', 'delivered'] }),
    segment: text('segment', { enum: ['luxury', 'standard', 'affordable'] }),
    name: text('name').notNull(),
    description: text('description'),
    gallery: jsonb('gallery').$type<MediaItem[]>().notNull().default([]),
    floor_plans: jsonb('floor_plans').$type<MediaItem[]>().notNull().default([]),
    price: cents('price'),
    rental_price: cents('rental_price'),
    condominium_price: cents('condominium_price'),
    iptu_price: cents('iptu_price'),
    area: doublePrecision('area'),
    bedrooms: integer('bedrooms'),
    suites: integer('suites'),
    bathrooms: integer('bathrooms'),
    parking_spaces: integer('parking_spaces'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    amenities: jsonb('amenities').$type<string[]>().notNull().default([]),
    zipcode: text('zipcode').notNull(),
    street: text('street'),
    street_number: text('street_number'),
    complement: text('complement'),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    social_housing_program: boolean('social_housing_program').notNull().default(false),
    place_id: text('place_id'),
    location: jsonb('location').$type<LatLng | null>(),
    nearby_places: jsonb('nearby_places').$type<NearbyPlace[]>().notNull().default([]),
    theme: jsonb('theme').$type<Theme | null>(),
    ...timestamps,
  },
  (t) => [index('homes_user_idx').on(t.user_id, t.created_at)],
)

export const templateCategories = pgTable('template_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
})

export type TemplatePrompt = { role: 'user' | 'assistant' | 'system'; content: string }

/** Stored as JSON; the form-field engine (app/domain/fields) owns its full type. */
export type StoredField = Record<string, unknown> & { type: string; name: string; label?: string }

export const postTemplates = pgTable('post_templates', {
  id: serial('id').primaryKey(),
  /** Stable key of a template shipped with the product, so the library installs idempotently. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  color: text('color'),
  icon: text('icon'),
  category_id: integer('category_id').references(() => templateCategories.id),
  needs_home: boolean('needs_home').notNull().default(false),
  featured: boolean('featured').notNull().default(false),
  format: text('format', { enum: ['feed', 'portrait', 'story', 'carousel'] })
    .notNull()
    .default('feed'),
  fields: jsonb('fields').$type<StoredField[]>().notNull().default([]),
  prompts: jsonb('prompts').$type<TemplatePrompt[]>().notNull().default([]),
  /** Layout hints for the renderer (slide layouts, max slides). */
  design: jsonb('design').$type<Record<string, unknown>>().notNull().default({}),
  /** Hash of the shipped definition: the installer updates a row when it changes. */
  version: text('version').notNull().default(''),
  ...timestamps,
})

export type Slide = {
  id: string
  type: string
  hide: boolean
  image?: string | null
  caption?: string | null
  title?: string | null
  description?: string | null
  button?: string | null
  showAvatar: boolean
}

export type PostMeta = {
  slides?: Slide[]
  /** Values the agent typed in the template's form. */
  fields?: Record<string, unknown>
  [key: string]: unknown
}

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    home_id: integer('home_id').references(() => homes.id, { onDelete: 'set null' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    template_id: integer('template_id').references(() => postTemplates.id, {
      onDelete: 'set null',
    }),
    description: text('description'),
    media: text('media'),
    generating: boolean('generating').notNull().default(false),
    /** pt-BR reason when generation failed; null otherwise. */
    error: text('error'),
    generated_at: timestamp('generated_at', { withTimezone: true }),
    screenshotted_at: timestamp('screenshotted_at', { withTimezone: true }),
    category: text('category'),
    template: text('template'),
    meta: jsonb('meta').$type<PostMeta>().notNull().default({}),
    format: text('format'),
    type: text('type'),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('posts_user_idx').on(t.user_id, t.created_at)],
)

export const integrations = pgTable('integrations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  api_connection: jsonb('api_connection')
    .$type<{ apiKey: string | null; apiHost: string | null }>()
    .notNull()
    .default({ apiKey: null, apiHost: null }),
  ...timestamps,
  synced_at: timestamp('synced_at', { withTimezone: true }),
  expires_at: timestamp('expires_at', { withTimezone: true }),
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
})

export const scheduledPublications = pgTable('scheduled_publications', {
  id: serial('id').primaryKey(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  post_id: integer('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  integration_id: integer('integration_id').references(() => integrations.id),
  published: boolean('published').notNull().default(false),
  publish_at: timestamp('publish_at', { withTimezone: true }).notNull(),
  ...timestamps,
})

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lookup_key: text('lookup_key').notNull(),
    status: text('status').notNull(),
    customer_id: text('customer_id'),
    subscription_id: text('subscription_id'),
    current_period_end: timestamp('current_period_end', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('subscriptions_user_idx').on(t.user_id)],
)

/** Outgoing e-mail kept in the database when no SMTP server is configured (dev mailbox). */
export const devEmails = pgTable('dev_emails', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  created_at: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

export type User = typeof users.$inferSelect
export type Home = typeof homes.$inferSelect
export type NewHome = typeof homes.$inferInsert
export type PostTemplate = typeof postTemplates.$inferSelect
export type Post = typeof posts.$inferSelect

export * from './schema-auth'
export * from './schema-ai'
