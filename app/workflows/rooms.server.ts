// What /ambientes does on the server: the chosen property's photos and the pictures made from
// them; enhancement (sharp, offline) and virtual staging (image-edit API, or the offline style
// simulation), each stored apart from the gallery. A property not the agent's is not found; a
// photo not the property's, a field error.
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, storageContext, type SessionUser } from '~/context'
import { mediaSrc } from '~/domain/media'
import { ROOM_STYLE_LABELS, type EnhanceOptions, type RoomStyle } from '~/domain/room-styles'
import { createRoomStager, StagingError } from '~/integrations/ai/image-edit.server'
import { enhancePhoto } from '~/integrations/images/enhance.server'
import type { Home } from '~/models/homes.server'
import { deleteRoomImage, listRoomImages, saveRoomImage } from '~/models/room-images.server'
import { homeChoice } from '~/workflows/chosen-home.server'

type Context = Readonly<RouterContextProvider>

/** The page's data for the property asked for (else the first); 'not-found' when it is not theirs. */
export async function ambientesPageData(context: Context, user: SessionUser, homeId: number | null) {
  const db = context.get(dbContext)
  const storage = context.get(storageContext)
  const choice = await homeChoice(db, user.accountId, homeId)
  if (choice === 'not-found') return choice
  const { homes, home } = choice
  const results = home ? await listRoomImages(db, user.accountId, home.id) : []
  const env = context.get(envContext)
  return {
    homes,
    homeId: home?.id ?? null,
    photos: (home?.gallery ?? [])
      .filter((item) => item.variants?.original)
      .map((item) => ({ url: item.url, thumb: mediaSrc(item, 400), name: item.caption || item.name })),
    stagingEngine: env.AI_BASE_URL && env.AI_IMAGE_MODEL ? 'openai-compatible' : 'offline',
    results: results.map((row) => {
      const source = home?.gallery.find((item) => item.url === row.source_url)
      return {
        id: row.id,
        kind: row.kind,
        style: row.style ? (ROOM_STYLE_LABELS[row.style as RoomStyle] ?? row.style) : null,
        illustrative: row.illustrative,
        url: storage.url(row.storage_key),
        before: source ? mediaSrc(source, 1080) : row.source_url,
        original: row.source_url,
        width: row.width,
        height: row.height,
        createdAt: row.created_at.toISOString(),
      }
    }),
  }
}

export type PhotoOutcome =
  | { status: 'invalid'; errors: Record<string, string[]> }
  | { status: 'failed'; message: string }
  | { status: 'done'; homeId: number; id: number }

/** The chosen gallery photo's original bytes; null when the URL is not one of this property's photos. */
async function photoOf(context: Context, home: Home, photoUrl: string) {
  const item = home.gallery.find((media) => media.url === photoUrl && media.variants?.original)
  if (!item) return null
  const bytes = await context.get(storageContext).get(item.variants!.original)
  return bytes ? { item, bytes } : null
}

const NOT_THIS_HOME = { photo: ['Escolha uma foto deste imóvel.'] }

/** "Melhorar foto": the adjustments ticked, on one of the property's photos, kept apart. */
export async function enhance(
  context: Context,
  user: SessionUser,
  input: { home: Home; photo: string; options: EnhanceOptions },
): Promise<PhotoOutcome> {
  const { home, photo, options } = input
  if (!options.auto_level && !options.white_balance && !options.sharpen && !options.brightness && !options.straighten)
    return { status: 'invalid', errors: { _ajustes: ['Escolha pelo menos um ajuste.'] } }
  const source = await photoOf(context, home, photo)
  if (!source) return { status: 'invalid', errors: NOT_THIS_HOME }
  const image = await enhancePhoto(source.bytes, options)
  const row = await saveRoomImage(context.get(dbContext), context.get(storageContext), user.accountId, {
    homeId: home.id,
    kind: 'enhanced',
    style: null,
    sourceUrl: source.item.url,
    engine: 'sharp',
    illustrative: false,
    image,
  })
  return { status: 'done', homeId: home.id, id: row.id }
}

/** "Decorar": one of the property's photos redecorated in a style, marked illustrative. */
export async function stage(
  context: Context,
  user: SessionUser,
  input: { home: Home; photo: string; style: RoomStyle },
  signal?: AbortSignal,
): Promise<PhotoOutcome> {
  const { home } = input
  const source = await photoOf(context, home, input.photo)
  if (!source) return { status: 'invalid', errors: NOT_THIS_HOME }
  const stager = createRoomStager(context.get(envContext))
  try {
    const image = await stager.stage(source.bytes, input.style, { signal })
    const row = await saveRoomImage(context.get(dbContext), context.get(storageContext), user.accountId, {
      homeId: home.id,
      kind: 'staged',
      style: input.style,
      sourceUrl: source.item.url,
      engine: stager.name,
      illustrative: true,
      image,
    })
    return { status: 'done', homeId: home.id, id: row.id }
  } catch (error) {
    if (!(error instanceof StagingError)) throw error
    context.get(loggerContext).warn('staging failed', { engine: stager.name, error })
    return { status: 'failed', message: error.message }
  }
}

/** The account's made picture `id` and its file deleted; false when it is not theirs. */
export function removeResult(context: Context, user: SessionUser, id: number) {
  return deleteRoomImage(context.get(dbContext), context.get(storageContext), user.accountId, id)
}
