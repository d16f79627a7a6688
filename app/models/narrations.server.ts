// Narrations (/audio): the audio file in storage and its row, scoped by owner like every model.
import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { narrations, type Narration } from '../../db/schema'
import type { AudioFormat } from '~/domain/narration'
import type { Database } from '~/utils/db.server'
import { userUploadsPrefix } from '~/integrations/images/images.server'
import { fileLeftBehind, type Storage } from '~/integrations/storage/storage.server'

export type { Narration }

export async function listNarrations(db: Database, userId: string, limit = 10): Promise<Narration[]> {
  return db
    .select()
    .from(narrations)
    .where(eq(narrations.user_id, userId))
    .orderBy(desc(narrations.created_at), desc(narrations.id))
    .limit(limit)
}

/** Stores the file under the owner's prefix, apart from property photos, then the row. */
export async function saveNarration(
  db: Database,
  storage: Storage,
  userId: string,
  input: {
    homeId: number | null
    text: string
    voice: string
    engine: string
    format: AudioFormat
    contentType: string
    durationMs: number
    bytes: Uint8Array
  },
): Promise<Narration> {
  const key = `${userUploadsPrefix(userId)}audio/${randomBytes(16).toString('hex')}/narracao.${input.format}`
  await storage.put(key, input.bytes, input.contentType)
  try {
    const [row] = await db
      .insert(narrations)
      .values({
        user_id: userId,
        home_id: input.homeId,
        text: input.text,
        voice: input.voice,
        format: input.format,
        engine: input.engine,
        duration_ms: input.durationMs,
        byte_size: input.bytes.byteLength,
        storage_key: key,
      })
      .returning()
    return row!
  } catch (error) {
    await storage.delete(key).catch(fileLeftBehind(key))
    throw error
  }
}

/** The newest narration the agent made on /audio for this property, or null. */
export async function latestHomeNarration(db: Database, userId: string, homeId: number): Promise<Narration | null> {
  const [row] = await db
    .select()
    .from(narrations)
    .where(and(eq(narrations.user_id, userId), eq(narrations.home_id, homeId)))
    .orderBy(desc(narrations.created_at), desc(narrations.id))
    .limit(1)
  return row ?? null
}

export async function deleteNarration(db: Database, storage: Storage, userId: string, id: number): Promise<boolean> {
  const [row] = await db
    .delete(narrations)
    .where(and(eq(narrations.id, id), eq(narrations.user_id, userId)))
    .returning()
  if (!row) return false
  await storage.delete(row.storage_key).catch(fileLeftBehind(row.storage_key))
  return true
}
