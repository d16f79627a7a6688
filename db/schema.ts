// The product's data, one schema for PGlite and Postgres alike. Field names follow the product's entities.
// Every row a person owns carries user_id; the data functions in app/models scope by it.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
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
import type { AccountBrand } from '../app/domain/brand'
import type { MediaItem } from '../app/domain/media'
import type { SubscriptionPayment } from '../app/domain/payment-methods'
import type { HomeRecord, PostRecord } from '../app/domain/records'
import type { FeedAutomations, FeedKind, FeedPhoto, FeedReportError, FeedUnknownValue } from '../app/domain/feeds'
import type { PostMeta, Slide } from '../app/domain/slides'
import type { StoredField, TemplatePrompt } from '../app/domain/templates'
import type {
  ImageFit,
  PublicationStatus,
  PublishProgress,
  PublishRatio,
  PublicationKind,
  SocialProvider,
} from '../app/domain/scheduling'

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
  /** Null for an anonymous visitor ("Experimente sem cadastro", ADR 269) until they save their work. */
  email: text('email').unique(),
  full_name: text('full_name'),
  phone: text('phone'),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  /** The account's brand; a property may override it. */
  theme: jsonb('theme').$type<AccountBrand>().notNull().default({}),
  ...timestamps,
  /** The profile photo's stored URL ('/uploads/users/<id>/avatar/…'), or null. */
  avatar: text('avatar'),
  /** The account's "Exigir aprovação antes de agendar": null follows the plan (on for Imobiliária). */
  require_approval: boolean('require_approval'),
  /** The agency's Instagram username added as a collaborator to its pieces (issue 63); null: none. */
  default_collaborator: text('default_collaborator'),
  /**
   * Null for an account. For an anonymous visitor (ADR 269): when they were last seen (written at
   * most hourly); the cleanup job deletes the visitor and their files 7 days after it.
   */
  anonymous_seen_at: timestamp('anonymous_seen_at', { withTimezone: true }),
  /** How many months the account keeps its leads (LGPD, ADR 321); older ones are deleted daily. */
  lead_retention_months: integer('lead_retention_months').notNull().default(24),
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
    /** Set when its feed no longer lists it (or lists it sold/rented): kept, out of the default list. */
    archived_at: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
    /** The member responsible for it (ADR 218); its account is `user_id`. */
    responsible_id: uuid('responsible_id').references(() => users.id, { onDelete: 'set null' }),
    /** A launch's registration of the incorporação at the Registro de Imóveis (Lei 4.591/1964, issue 65). */
    incorporation_registry: text('incorporation_registry'),
    /** The launch's developer (incorporadora), printed beside the registration. */
    developer_name: text('developer_name'),
  },
  (t) => [index('homes_user_idx').on(t.user_id, t.created_at)],
)

/**
 * The owner's written authorisation to advertise a property (Decreto 81.871/1978 art. 5, issue 65):
 * who signed, from when to when, exclusive or not, and the signed document, a private file of the
 * account. The property's pieces are published only while one is in force.
 */
export const homeAuthorizations = pgTable(
  'home_authorizations',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    home_id: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    owner_name: text('owner_name').notNull(),
    /** São Paulo calendar days, both included. */
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    exclusive: boolean('exclusive').notNull().default(false),
    /** The signed document's storage key (users/<account>/authorizations/…): never signed for anyone. */
    document_key: text('document_key'),
    document_name: text('document_name'),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('home_authorizations_home_idx').on(t.home_id, t.ends_on)],
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
  /** Set by the admin area: an archived template leaves /modelos; its posts keep it. */
  archived_at: timestamp('archived_at', { withTimezone: true }),
})

/**
 * An unguessable public id (ADR 141): 40 hex digits from two gen_random_uuid() (154 random bits),
 * made by the database for every row, existing rows included when the column is added. Posts use
 * it; media kits and anything else reachable without signing in should too.
 */
export const publicIdColumn = () =>
  text('public_id')
    .notNull()
    .unique()
    .default(sql`substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 40)`)

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    /** The id in every public address (/posts/{public_id}, ADR 141): ≥ 128 random bits, never the serial. */
    public_id: publicIdColumn(),
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
    /** The member who made it (ADR 218); its account is `user_id`. */
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Rascunho → Em aprovação → (Ajustes pedidos) → Aprovado; scheduling and publication follow. */
    approval_status: text('approval_status', { enum: ['draft', 'pending', 'changes', 'approved'] })
      .notNull()
      .default('draft'),
    /** Moves on every change of the words or images: an approval counts for one revision only. */
    revision: integer('revision').notNull().default(1),
    /**
     * The revision an approval was given to (ADR 237): published is what was approved only while
     * it equals `revision`. A trigger moves `revision` on every change of the words or slides.
     */
    approved_revision: integer('approved_revision'),
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

export const scheduledPublications = pgTable(
  'scheduled_publications',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The piece that goes out: a post, or a property video as a Reel (exactly one of the two). */
    post_id: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    video_id: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    integration_id: integer('integration_id').references(() => integrations.id),
    published: boolean('published').notNull().default(false),
    publish_at: timestamp('publish_at', { withTimezone: true }).notNull(),
    ...timestamps,
    ...publicationColumns(),
  },
  (t) => [
    index('scheduled_publications_user_idx').on(t.user_id, t.publish_at),
    // A double tap or a resubmit is one publication: the same post, account, minute and kind once.
    uniqueIndex('scheduled_publications_once_idx')
      .on(t.post_id, t.social_account_id, t.publish_at, t.kind)
      .where(sql`${t.status} in ('scheduled', 'publishing')`),
    // A video waits to go out as one Reel (or one Story) at a time per account (ADR 263, issue 63).
    uniqueIndex('scheduled_publications_reel_once_idx')
      .on(t.video_id, t.social_account_id, t.kind)
      .where(sql`${t.status} in ('scheduled', 'publishing')`),
    // The daily insights read what went out to Instagram in the last 90 days (ADR 275): a window
    // that stays the same while the table keeps every publication ever made.
    index('scheduled_publications_published_idx')
      .on(t.published_at, t.id)
      .where(sql`${t.external_id} is not null`),
    check('scheduled_publications_one_piece', sql`(${t.post_id} is null) <> (${t.video_id} is null)`),
  ],
)

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
    provider: text('provider', { enum: ['stripe', 'demo'] })
      .notNull()
      .default('stripe'),
    /** When the provider produced the state held here; an older state never replaces it. */
    state_at: timestamp('state_at', { withTimezone: true }),
    /** How it is paid: card (last digits), Pix or boleto, and the payment awaited (ADR 309). */
    payment: jsonb('payment').$type<SubscriptionPayment>(),
    ...timestamps,
  },
  (t) => [uniqueIndex('subscriptions_user_idx').on(t.user_id), index('subscriptions_customer_idx').on(t.customer_id)],
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
  /** Without its mask: digits, or for an alphanumeric CNPJ upper-case letters and digits. */
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

/** Secrets the instance makes for itself when the environment gives none (session signing,
 * encryption of stored credentials): made once, kept here, so every instance on this database and
 * every restart agree, and no default lives in the source. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A social account a publication goes to (ADR 100): the local outbox, or Instagram through
 * Meta's OAuth. The token is sealed (app/utils/sealed.server.ts); never stored in clear. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProvider>().notNull(),
    name: text('name').notNull(),
    /** The Instagram professional account's id (Graph API). */
    external_id: text('external_id'),
    token_sealed: text('token_sealed'),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    /** pt-BR reason shown in a banner while the account must be connected again. */
    reconnect_reason: text('reconnect_reason'),
    /** The account's content_publishing_limit as last read (kept an hour, issue 63). */
    quota_used: integer('quota_used'),
    quota_total: integer('quota_total'),
    quota_read_at: timestamp('quota_read_at', { withTimezone: true }),
    ...timestamps,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('social_accounts_user_idx').on(t.user_id),
    // One local outbox per person, even when two first visits race.
    uniqueIndex('social_accounts_one_outbox')
      .on(t.user_id)
      .where(sql`provider = 'outbox'`),
  ],
)

/** What a scheduled publication keeps beyond the product's fields (ADR 101): its state, what goes out and
 * the progress a restart resumes from. */
function publicationColumns() {
  return {
    social_account_id: integer('social_account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    status: text('status').$type<PublicationStatus>().notNull().default('scheduled'),
    caption: text('caption').notNull().default(''),
    /** Indexes into the post's slides, in publishing order. */
    slides: jsonb('slides').$type<number[]>().notNull().default([]),
    alt_text: text('alt_text').notNull().default(''),
    /** 'feed' (a post, a carousel, a Reel) or 'story' (each image, or the Reel, as a Story). */
    kind: text('kind').$type<PublicationKind>().notNull().default('feed'),
    /** Each image's own alt text, in publishing order (falls back to `alt_text`). */
    alt_texts: jsonb('alt_texts').$type<string[]>().notNull().default([]),
    /** Instagram usernames (no '@') invited as collaborators, at most 3. */
    collaborators: jsonb('collaborators').$type<string[]>().notNull().default([]),
    /** Posted through the comments endpoint right after publishing; '' for none. */
    first_comment: text('first_comment').notNull().default(''),
    /** The first comment's id once posted, or pt-BR why it was not (never fails the publication). */
    comment_id: text('comment_id'),
    comment_error: text('comment_error'),
    ratio: text('ratio').$type<PublishRatio>().notNull().default('original'),
    fit: text('fit').$type<ImageFit>().notNull().default('cover'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    permalink: text('permalink'),
    external_id: text('external_id'),
    progress: jsonb('progress').$type<PublishProgress>().notNull().default({}),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    published_at: timestamp('published_at', { withTimezone: true }),
  }
}

export * from './schema-admin'

/** How a property feed connected on /integracoes is read (ADR 120); the `integrations` row
 * holds its name, its sealed credentials and synced_at. */
export const feedSources = pgTable('feed_sources', {
  integration_id: integer('integration_id')
    .primaryKey()
    .references(() => integrations.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<FeedKind>().notNull(),
  /** 'vrsync' or 'carga' once an XML feed has been read; null for Vista. */
  format: text('format'),
  url: text('url'),
  /** The uploaded XML file in storage (kind 'upload'). */
  upload_key: text('upload_key'),
  automations: jsonb('automations').$type<FeedAutomations>().notNull().default({}),
  /** The heartbeat of the sync in progress (a second one waits); null when idle. ADR 213. */
  syncing_at: timestamp('syncing_at', { withTimezone: true }),
  /** The process holding the sync lock (host/pid/boot): a dead one's lock is taken over. */
  sync_owner: text('sync_owner'),
  ...timestamps,
})

/** One listing of a feed as last read: what makes a sync incremental and idempotent. */
export const feedListings = pgTable(
  'feed_listings',
  {
    integration_id: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    external_id: text('external_id').notNull(),
    home_id: integer('home_id').references(() => homes.id, { onDelete: 'set null' }),
    hash: text('hash').notNull(),
    photos_hash: text('photos_hash').notNull(),
    price: cents('price'),
    rental_price: cents('rental_price'),
    state: text('state', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    /** The feed's photos, in order; downloaded after the listings (ADR 120) while 'pending'. */
    photos: jsonb('photos').$type<FeedPhoto[]>().notNull().default([]),
    photos_state: text('photos_state', { enum: ['pending', 'done'] })
      .notNull()
      .default('done'),
    /** Values the feed sent that no field of ours keeps (element → text). */
    raw: jsonb('raw').$type<Record<string, string>>().notNull().default({}),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.integration_id, t.external_id] })],
)

/** The report of one sync: counts, errors by listing (pt-BR) and values we could not map. */
export const feedSyncs = pgTable(
  'feed_syncs',
  {
    id: serial('id').primaryKey(),
    integration_id: integer('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['connect', 'manual', 'upload', 'schedule'] }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    archived: integer('archived').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    drafts: integer('drafts').notNull().default(0),
    /** Photos stored by this sync (they download after the listings), counted as each listing's are saved. */
    photos: integer('photos').notNull().default(0),
    /** Listings already imported from another of the agent's sources: that home updated, not doubled. */
    matched: integer('matched').notNull().default(0),
    errors: jsonb('errors').$type<FeedReportError[]>().notNull().default([]),
    unknown: jsonb('unknown').$type<FeedUnknownValue[]>().notNull().default([]),
    /** Why the whole feed could not be read (malformed XML, host down), pt-BR; null otherwise. */
    failure: text('failure'),
  },
  (t) => [index('feed_syncs_integration_idx').on(t.integration_id, t.started_at)],
)
export * from './schema-media-kits'
export * from './schema-agencies'

/**
 * How many times a person's page data has changed (ADR 201). Triggers on `users`, `homes` and
 * `subscriptions` move it in the same transaction as the write, whoever writes (a form, the
 * Stripe webhook, a job, another instance): a page kept in memory for that version is current.
 */
export const userDataVersions = pgTable('user_data_versions', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
})
export * from './schema-leads'
export * from './schema-videos'
import { videos } from './schema-videos'
export * from './schema-month'
