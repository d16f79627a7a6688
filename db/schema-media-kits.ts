// Media kits (/media-kits, ADR 111): one property's set of marketing pieces (feed, story,
// carousel, A4 flyer, WhatsApp square) with their words and photo choices. The pieces are drawn
// on demand from this row and the property; nothing rendered is stored. `public_id` is the
// unguessable id of the public maker page (ADR 111); the serial id is for the owner's pages only.
// `user_id` is the owner scope (the account); `created_by` the member who made it.
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { KitPiece } from '../app/domain/media-kit'
import { homes, users } from './schema'

export const mediaKits = pgTable(
  'media_kits',
  {
    id: serial('id').primaryKey(),
    /** 128 random bits, base64url (22 characters): the public maker link. */
    public_id: text('public_id').notNull().unique(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The member who made it (ADR 260): a corretor changes and deletes only their own kits. */
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    home_id: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    pieces: jsonb('pieces').$type<KitPiece[]>().notNull().default([]),
    /** The agent's choice: their phone on the pieces and the public page (never the e-mail). */
    show_phone: boolean('show_phone').notNull().default(true),
    /** 'offline' or 'openai-compatible': who wrote the words. */
    writer: text('writer').notNull().default('offline'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('media_kits_user_idx').on(t.user_id, t.created_at)],
)

export type MediaKit = typeof mediaKits.$inferSelect
