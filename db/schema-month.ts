// "Mês pronto" (ADR 283): a month plan (period, rhythm, properties, drafting progress) and its
// pieces, one per slot: what the planner chose (kind, message, property, template, composition,
// time) and the real piece the drafting job made of it (a post, or a property video for a Reel),
// with what the agent edited (kept by "Refazer o mês") and the publication it was scheduled as.
// Plus the property owner's one link to their property's pieces of the month.
import {
  boolean,
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
import type { Message, Rhythm, RhythmId, SlotKind } from '../app/domain/month-plan'
import { homes, posts, scheduledPublications, users } from './schema'
import { videos } from './schema-videos'

export type MonthPlanStatus = 'drafting' | 'ready' | 'pending' | 'approved'
export type MonthPieceStatus = 'waiting' | 'drafting' | 'ready' | 'failed'
/** What the agent changed by hand: "Refazer o mês" keeps those pieces. */
export type MonthPieceEdits = { caption?: boolean; cover?: boolean; time?: boolean }

export const monthPlans = pgTable(
  'month_plans',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The first São Paulo day ('YYYY-MM-DD') and the number of days. */
    start_date: text('start_date').notNull(),
    days: integer('days').notNull(),
    rhythm_id: text('rhythm_id').$type<RhythmId>().notNull(),
    rhythm: jsonb('rhythm').$type<Rhythm>().notNull(),
    home_ids: jsonb('home_ids').$type<number[]>().notNull().default([]),
    status: text('status').$type<MonthPlanStatus>().notNull().default('drafting'),
    /** When the "Seu mês está pronto" e-mail was queued (once per drafting). */
    notified_at: timestamp('notified_at', { withTimezone: true }),
    /** Drafted by the autopilot (the 25th), not by the agent. */
    autopilot: boolean('autopilot').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('month_plans_user_idx').on(t.user_id, t.created_at)],
)

export const monthPieces = pgTable(
  'month_pieces',
  {
    id: serial('id').primaryKey(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => monthPlans.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SlotKind>().notNull(),
    message: text('message').$type<Message>().notNull(),
    home_id: integer('home_id').references(() => homes.id, { onDelete: 'set null' }),
    template_slug: text('template_slug'),
    composition: text('composition').notNull(),
    occasion: text('occasion'),
    publish_at: timestamp('publish_at', { withTimezone: true }).notNull(),
    status: text('status').$type<MonthPieceStatus>().notNull().default('waiting'),
    /** pt-BR, when drafting it failed. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    post_id: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    video_id: integer('video_id').references(() => videos.id, { onDelete: 'set null' }),
    edits: jsonb('edits').$type<MonthPieceEdits>().notNull().default({}),
    publication_id: integer('publication_id').references(() => scheduledPublications.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('month_pieces_plan_idx').on(t.plan_id, t.publish_at), index('month_pieces_status_idx').on(t.status)],
)

/** A property owner's link to their property's pieces of a month (only its hash is kept). */
export const monthClientLinks = pgTable(
  'month_client_links',
  {
    id: serial('id').primaryKey(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => monthPlans.id, { onDelete: 'cascade' }),
    account_id: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    home_id: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('month_client_links_token_idx').on(t.token_hash),
    index('month_client_links_plan_idx').on(t.plan_id),
  ],
)

export type MonthPlan = typeof monthPlans.$inferSelect
export type MonthPiece = typeof monthPieces.$inferSelect
export type MonthClientLink = typeof monthClientLinks.$inferSelect
