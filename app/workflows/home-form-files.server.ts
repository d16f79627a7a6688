// The files of the property form: the photos, floor plans and logo sent with it are stored at
// once under tmp/ (ADR 070), so a form that comes back with errors keeps them as rows and nobody
// picks them twice; the save moves them to their place, and the files of a form that is never
// saved are swept a day later.
import type { MediaItem, SentFile } from '~/domain/media'
import { ImageRejectedError, IMAGE_LIMITS, isOwnUploadKey, storeHomeImage } from '~/integrations/images/images.server'
import type { Storage } from '~/integrations/storage/storage.server'

export type MediaRow = MediaItem & { remove?: boolean }

export type MediaField = 'gallery' | 'floor_plans'

export type UploadFolder = 'photos' | 'plans' | 'logos'

/** Whether a storage key is one of this account's uploads (saved or waiting under tmp/). */
export function isOwnUpload(userId: string, key: string): boolean {
  return isOwnUploadKey(userId, key)
}

/**
 * Stores up to `room` of the files under tmp/; the rest, and the ones that are no image, become
 * pt-BR messages naming the file. `noun` names what ran out ('fotos', 'plantas', 'logos').
 */
export async function storeFiles(
  storage: Storage,
  userId: string,
  files: SentFile[],
  room: number,
  folder: UploadFolder,
  noun: string,
) {
  const items: MediaItem[] = []
  const errors: string[] = []
  for (const [index, file] of files.entries()) {
    if (index >= room) {
      const left = files.length - room
      errors.push(
        `Limite de ${noun} atingido: ${left} ${left === 1 ? 'arquivo não foi enviado' : 'arquivos não foram enviados'}.`,
      )
      break
    }
    try {
      items.push(await storeHomeImage(storage, userId, file, { folder, temporary: true }))
    } catch (error) {
      if (error instanceof ImageRejectedError) errors.push(error.message)
      else throw error
    }
  }
  return { items, errors }
}

/** The largest photo or floor plan accepted, in bytes. */
export const PHOTO_MAX_BYTES = IMAGE_LIMITS.maxBytes

/** One photo or floor plan picked on the form (its JavaScript), kept under tmp/ until the form is saved. */
export async function storePickedFile(
  storage: Storage,
  userId: string,
  file: SentFile,
  folder: 'photos' | 'plans',
): Promise<{ item: MediaItem } | { error: string }> {
  try {
    return { item: await storeHomeImage(storage, userId, file, { folder, temporary: true }) }
  } catch (error) {
    if (error instanceof ImageRejectedError) return { error: error.message }
    throw error
  }
}
