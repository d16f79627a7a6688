// Property videos (Reels, ADR 220–222): one row per video asked for, its rendering state (the job's
// progress, the pt-BR reason of a failure), its stored MP4 and cover, and the revision an approval
// binds. Its Reels are scheduled publications (scheduled_publications.video_id, ADR 263).
// `user_id` is the owner scope; `created_by` is the person who asked.
import { index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { VideoStatus } from '../app/domain/video'
import { homes, users } from './schema'

export type VideoOptionsRecord = { duration: number; narration: boolean; photos: number[] }

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    home_id: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    /** The format's slug in the file name (video-{template}-{id}.mp4). */
    template: text('template').notNull().default('reel'),
    status: text('status').$type<VideoStatus>().notNull().default('queued'),
    /** 0–100 while rendering. */
    progress: integer('progress').notNull().default(0),
    /** Why it failed, in pt-BR. */
    error: text('error'),
    options: jsonb('options').$type<VideoOptionsRecord>().notNull(),
    caption: text('caption').notNull().default(''),
    /** The burned-in subtitles (seconds, text): also the player's captions track (WebVTT). */
    subtitles: jsonb('subtitles').$type<{ start: number; end: number; text: string }[]>().notNull().default([]),
    duration_ms: integer('duration_ms'),
    byte_size: integer('byte_size'),
    storage_key: text('storage_key'),
    cover_key: text('cover_key'),
    started_at: timestamp('started_at', { withTimezone: true }),
    /** The render in progress holds the video until then (renewed as it goes); ADR 243. */
    lease_until: timestamp('lease_until', { withTimezone: true }),
    /** The claim that holds the lease: a render whose lease was taken over writes nothing. */
    lease_owner: text('lease_owner'),
    /** Renders started: a video that keeps killing its process is failed, not retried forever. */
    attempts: integer('attempts').notNull().default(0),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** Moves when what a Reel would send changes (the caption, the MP4, its cover): a trigger. */
    revision: integer('revision').notNull().default(1),
    /** The revision an approval was given to (ADR 237); a Reel publishes only that one. */
    approved_revision: integer('approved_revision'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('videos_user_idx').on(t.user_id, t.created_at), index('videos_status_idx').on(t.status)],
)

export type Video = typeof videos.$inferSelect
