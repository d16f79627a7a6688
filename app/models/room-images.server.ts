// Pictures made in /ambientes (enhanced or staged), kept apart from the property's gallery:
// their own rows and their own storage prefix. Scoped by owner; the property must be theirs.
import { randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { roomImages, type RoomImage } from '../../db/schema'
import type { RoomStyle } from '~/domain/room-styles'
import type { Database } from '~/utils/db.server'
import { userUploadsPrefix } from '~/integrations/images/images.server'
import { fileLeftBehind, type Storage } from '~/integrations/storage/storage.server'

export type { RoomImage }

/** Storage prefix of /ambientes pictures: never under a property's gallery keys. */
export const roomImagesPrefix = (userId: string) => `${userUploadsPrefix(userId)}ambientes/`

export async function listRoomImages(db: Database, userId: string, homeId: number, limit = 24): Promise<RoomImage[]> {
  return db
    .select()
    .from(roomImages)
    .where(and(eq(roomImages.user_id, userId), eq(roomImages.home_id, homeId)))
    .orderBy(desc(roomImages.created_at), desc(roomImages.id))
    .limit(limit)
}

export async function saveRoomImage(
  db: Database,
  storage: Storage,
  userId: string,
  input: {
    homeId: number
    kind: 'enhanced' | 'staged'
    style: RoomStyle | null
    sourceUrl: string
    engine: string
    illustrative: boolean
    image: { bytes: Uint8Array; width: number; height: number }
  },
): Promise<RoomImage> {
  const name = input.kind === 'staged' ? `ilustrativa-${input.style ?? 'estilo'}` : 'melhorada'
  const key = `${roomImagesPrefix(userId)}${randomBytes(16).toString('hex')}/${name}.jpg`
  await storage.put(key, input.image.bytes, 'image/jpeg')
  try {
    const [row] = await db
      .insert(roomImages)
      .values({
        user_id: userId,
        home_id: input.homeId,
        kind: input.kind,
        style: input.style,
        source_url: input.sourceUrl,
        storage_key: key,
        width: input.image.width,
        height: input.image.height,
        engine: input.engine,
        illustrative: input.illustrative,
      })
      .returning()
    return row!
  } catch (error) {
    await storage.delete(key).catch(fileLeftBehind(key))
    throw error
  }
}

export async function deleteRoomImage(db: Database, storage: Storage, userId: string, id: number): Promise<boolean> {
  const [row] = await db
    .delete(roomImages)
    .where(and(eq(roomImages.id, id), eq(roomImages.user_id, userId)))
    .returning()
  if (!row) return false
  await storage.delete(row.storage_key).catch(fileLeftBehind(row.storage_key))
  return true
}
