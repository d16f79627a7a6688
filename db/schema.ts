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
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { LatLng, NearbyPlace, Theme } from '../app/domain/home'
import type { MediaItem } from '../app/domain/media'
import type { HomeRecord, PostRecord } from '../app/domain/records'
import type { PostMeta, Slide } from '../app/domain/slides'
import type { StoredField, TemplatePrompt } from '../app/domain/templates'

// The value types stored as JSON live in the domain (app/domain); re-exported for the code that
// reads rows (models, workflows, tests).
export type { LatLng, MediaItem, NearbyPlace, PostMeta, Slide, StoredField, TemplatePrompt, Theme }

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** Money is integer cents, never floats. */
const cents = (name: string) => bigint(name, { mode: 'number' })

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

/**
 * The agent's subscription, one row per user: the only source entitlements are read from
 * (app/models/subscriptions.server.ts). Written by the Stripe webhook and the demo checkout.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The price's lookup key (its id when the price has none). */
    lookup_key: text('lookup_key').notNull(),
    /** Stripe's subscription status: active, trialing, past_due, canceled, unpaid, … */
    status: text('status').notNull(),
    customer_id: text('customer_id'),
    subscription_id: text('subscription_id'),
    current_period_end: timestamp('current_period_end', { withTimezone: true }),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    /** 'stripe', or 'demo' for the embedded default's checkout. */
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull().default('stripe'),
    /** When the provider produced the state held here; an older state never replaces it. */
    state_at: timestamp('state_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_user_idx').on(t.user_id),
    index('subscriptions_customer_idx').on(t.customer_id),
  ],
)

/** The agent's customer at the payment provider (created at the first checkout). */
export const billingCustomers = pgTable('billing_customers', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customer_id: text('customer_id').notNull().unique(),
  provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Every webhook event handled, by its id: a repeated delivery changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own time (Stripe's clock). */
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  processed_at: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Counters of metered use per calendar month (AI generations), reserved atomically. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period_start: timestamp('period_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind, t.period_start] })],
)

/** Who the invoices are made out to (/dados-fiscais); copied to the Stripe customer. */
export const fiscalData = pgTable('fiscal_data', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  document_type: text('document_type', { enum: ['cpf', 'cnpj'] }).notNull(),
  /** Digits only. */
  document: text('document').notNull(),
  name: text('name').notNull(),
  zipcode: text('zipcode').notNull(),
  street: text('street').notNull(),
  street_number: text('street_number').notNull(),
  complement: text('complement'),
  neighborhood: text('neighborhood').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  invoice_email: text('invoice_email').notNull(),
  /** When the Stripe customer last received these data; null = not yet. */
  synced_at: timestamp('synced_at', { withTimezone: true }),
  ...timestamps,
})

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
export type Subscription = typeof subscriptions.$inferSelect
export type FiscalData = typeof fiscalData.$inferSelect

/** True when A and B are assignable both ways (the same shape). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
// The domain's records (app/domain/records.ts) must stay the rows Drizzle reads: a column added,
// removed or retyped here fails typecheck until the record agrees.
export type _HomeRecordIsTheRow = Assert<Same<Home, HomeRecord>>
export type _PostRecordIsTheRow = Assert<Same<Post, PostRecord>>

export * from './schema-auth'
export * from './schema-ai'
