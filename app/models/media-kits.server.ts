// Media kits, scoped by owner like every model; the public maker reads a kit by its unguessable
// public id only. The agent's brand for the pieces is looked up in one place (kitBrand).
import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { homes, mediaKits, users, type Home, type MediaKit } from '../../db/schema'
import { brandContacts, brandTheme } from '~/domain/brand'
import type { Theme } from '~/domain/home'
import type { KitPiece } from '~/domain/media-kit'
import type { Database } from '~/utils/db.server'

export type { MediaKit }

export type KitWithHome = { kit: MediaKit; home: Home }

/** The agent as the pieces show them. Never the e-mail: pieces and the maker page are public. */
export type KitBrand = {
  name: string | null
  /** The profile's phone; the kit decides whether it is shown (show_phone). */
  phone: string | null
  /** 'CRECI 12345-F', when the account brand has one. */
  creci: string | null
  /** The account's theme (colours, font, logo); a property's own theme goes over it. */
  theme: Theme
}

/**
 * The one place the kit reads the agent's brand: today the profile (name, phone) and the
 * account theme; the account brand (logo, colours, CRECI, handle) plugs in here.
 */
export async function kitBrand(db: Database, userId: string): Promise<KitBrand> {
  const [row] = await db
    .select({ name: users.full_name, phone: users.phone, theme: users.theme })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  // The account brand (ADR 130): its WhatsApp number is the contact when given, else the profile's.
  const contacts = brandContacts(row?.theme)
  const creci = contacts.creci ? (/^creci\b/i.test(contacts.creci) ? contacts.creci : `CRECI ${contacts.creci}`) : null
  return {
    name: row?.name?.trim() || null,
    phone: contacts.whatsapp || row?.phone?.trim() || null,
    creci,
    theme: brandTheme(row?.theme),
  }
}

/** 128 random bits, base64url: kits cannot be enumerated from the public link. */
export const newPublicId = () => randomBytes(16).toString('base64url')

export async function createMediaKit(
  db: Database,
  userId: string,
  input: { homeId: number; pieces: KitPiece[]; writer: string; createdBy?: string },
): Promise<MediaKit> {
  const [row] = await db
    .insert(mediaKits)
    .values({
      public_id: newPublicId(),
      user_id: userId,
      created_by: input.createdBy ?? userId,
      home_id: input.homeId,
      pieces: input.pieces,
      writer: input.writer,
    })
    .returning()
  return row!
}

export type KitListItem = { id: number; homeId: number; homeName: string; pieces: number; createdAt: Date }

export async function listMediaKits(db: Database, userId: string, limit = 100): Promise<KitListItem[]> {
  const rows = await db
    .select({
      id: mediaKits.id,
      homeId: homes.id,
      homeName: homes.name,
      pieces: mediaKits.pieces,
      createdAt: mediaKits.created_at,
    })
    .from(mediaKits)
    .innerJoin(homes, and(eq(homes.id, mediaKits.home_id), eq(homes.user_id, mediaKits.user_id)))
    .where(eq(mediaKits.user_id, userId))
    .orderBy(desc(mediaKits.created_at), desc(mediaKits.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, pieces: row.pieces.length }))
}

/** The owner's kit with its property; null for anyone else's (the page answers 404). */
export async function getMediaKit(db: Database, userId: string, id: number): Promise<KitWithHome | null> {
  const [row] = await db
    .select({ kit: mediaKits, home: homes })
    .from(mediaKits)
    .innerJoin(homes, and(eq(homes.id, mediaKits.home_id), eq(homes.user_id, mediaKits.user_id)))
    .where(and(eq(mediaKits.id, id), eq(mediaKits.user_id, userId)))
    .limit(1)
  return row ?? null
}

/** A kit by its public id (the maker page and its files). */
export async function getPublicMediaKit(db: Database, publicId: string): Promise<KitWithHome | null> {
  const [row] = await db
    .select({ kit: mediaKits, home: homes })
    .from(mediaKits)
    .innerJoin(homes, and(eq(homes.id, mediaKits.home_id), eq(homes.user_id, mediaKits.user_id)))
    .where(eq(mediaKits.public_id, publicId))
    .limit(1)
  return row ?? null
}

export async function saveKitPieces(db: Database, userId: string, id: number, pieces: KitPiece[]): Promise<boolean> {
  const rows = await db
    .update(mediaKits)
    .set({ pieces })
    .where(and(eq(mediaKits.id, id), eq(mediaKits.user_id, userId)))
    .returning({ id: mediaKits.id })
  return rows.length > 0
}

export async function setKitShowPhone(db: Database, userId: string, id: number, show: boolean): Promise<boolean> {
  const rows = await db
    .update(mediaKits)
    .set({ show_phone: show })
    .where(and(eq(mediaKits.id, id), eq(mediaKits.user_id, userId)))
    .returning({ id: mediaKits.id })
  return rows.length > 0
}

export async function deleteMediaKit(db: Database, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(mediaKits)
    .where(and(eq(mediaKits.id, id), eq(mediaKits.user_id, userId)))
    .returning({ id: mediaKits.id })
  return rows.length > 0
}
