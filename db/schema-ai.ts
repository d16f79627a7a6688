// What the AI areas keep (/audio, /ambientes): narrations the agent generated and photos
// worked on in /ambientes. Both live apart from a property's own gallery: an enhanced or
// AI-staged picture never replaces or joins the originals by itself.
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { homes, users } from './schema'

export const narrations = pgTable(
  'narrations',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    home_id: integer('home_id').references(() => homes.id, { onDelete: 'set null' }),
    /** The words as the agent left them in the editor. */
    text: text('text').notNull(),
    voice: text('voice').notNull(),
    format: text('format', { enum: ['mp3', 'ogg'] }).notNull(),
    /** 'offline' (eSpeak NG) or 'openai-compatible'. */
    engine: text('engine').notNull(),
    duration_ms: integer('duration_ms').notNull(),
    byte_size: integer('byte_size').notNull(),
    storage_key: text('storage_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('narrations_user_idx').on(t.user_id, t.created_at)],
)

export const roomImages = pgTable(
  'room_images',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    home_id: integer('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    /** 'enhanced': light, colour and sharpness; 'staged': redecorated (AI or style simulation). */
    kind: text('kind', { enum: ['enhanced', 'staged'] }).notNull(),
    style: text('style'),
    /** The gallery photo it was made from (its URL in the property's gallery). */
    source_url: text('source_url').notNull(),
    storage_key: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    engine: text('engine').notNull(),
    /** Carries the burned-in "imagem ilustrativa" mark. */
    illustrative: boolean('illustrative').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('room_images_user_home_idx').on(t.user_id, t.home_id, t.created_at)],
)

export type Narration = typeof narrations.$inferSelect
export type RoomImage = typeof roomImages.$inferSelect
