// What /ambientes does on the server: the chosen property's photos and the pictures made from
// them; enhancement (sharp, offline) and virtual staging (image-edit API, or the offline style
// simulation), each stored apart from the gallery. A property or photo not the agent's is 404.
import { parseWithZod } from '@conform-to/zod/v4'
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, storageContext, type SessionUser } from '~/context'
import { mediaSrc } from '~/domain/media'
import { EnhanceFormSchema, ROOM_STYLE_LABELS, StageFormSchema, type RoomStyle } from '~/domain/room-styles'
import { createRoomStager, StagingError } from '~/integrations/ai/image-edit.server'
import { enhancePhoto } from '~/integrations/images/enhance.server'
import { homeChoices } from '~/models/home-choices.server'
import { getHome, type Home } from '~/models/homes.server'
import { deleteRoomImage, listRoomImages, saveRoomImage } from '~/models/room-images.server'
import { ownHomeOr404 } from '~/workflows/own-home.server'
import { pageNotFound } from '~/utils/params'

type Context = Readonly<RouterContextProvider>

export async function ambientesPageData(context: Context, request: Request, user: SessionUser) {
  const db = context.get(dbContext)
  const storage = context.get(storageContext)
  const url = new URL(request.url)
  const homes = await homeChoices(db, user.accountId)
  const home =
    (await ownHomeOr404(context, request, user.accountId, url.searchParams.get('imovel'))) ??
    (homes[0] ? await getHome(db, user.accountId, homes[0].id) : null)
  const results = home ? await listRoomImages(db, user.accountId, home.id) : []
  const env = context.get(envContext)
  return {
    homes,
    homeId: home?.id ?? null,
    photos: (home?.gallery ?? [])
      .filter((item) => item.variants?.original)
      .map((item) => ({ url: item.url, thumb: mediaSrc(item, 400), name: item.caption || item.name })),
    stagingEngine: env.AI_BASE_URL && env.AI_IMAGE_MODEL ? 'openai-compatible' : 'offline',
    highlight: Number(url.searchParams.get('resultado')) || null,
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

type Fail = { status: 'invalid'; errors: Record<string, string[]> } | { status: 'failed'; message: string }
export type PhotoOutcome = Fail | { status: 'done'; homeId: number; id: number }

const errorsOf = (error: Record<string, string[] | null> | null | undefined) =>
  Object.fromEntries(Object.entries(error ?? {}).map(([key, value]) => [key, value ?? []]))

/** The chosen gallery photo's original bytes; null when the URL is not one of this property's photos. */
async function photoOf(context: Context, home: Home, photoUrl: string) {
  const item = home.gallery.find((media) => media.url === photoUrl && media.variants?.original)
  if (!item) return null
  const bytes = await context.get(storageContext).get(item.variants!.original)
  return bytes ? { item, bytes } : null
}

const NOT_THIS_HOME = { photo: ['Escolha uma foto deste imóvel.'] }

export async function enhance(
  context: Context,
  request: Request,
  user: SessionUser,
  formData: FormData,
): Promise<PhotoOutcome> {
  const home = await ownHomeOr404(context, request, user.accountId, formData.get('home_id'))
  if (!home) throw pageNotFound(request)
  const submission = parseWithZod(formData, { schema: EnhanceFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', errors: errorsOf(submission.reply().error) }
  const { photo, ...options } = submission.value
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

export async function stage(
  context: Context,
  request: Request,
  user: SessionUser,
  formData: FormData,
): Promise<PhotoOutcome> {
  const home = await ownHomeOr404(context, request, user.accountId, formData.get('home_id'))
  if (!home) throw pageNotFound(request)
  const submission = parseWithZod(formData, { schema: StageFormSchema })
  if (submission.status !== 'success') return { status: 'invalid', errors: errorsOf(submission.reply().error) }
  const source = await photoOf(context, home, submission.value.photo)
  if (!source) return { status: 'invalid', errors: NOT_THIS_HOME }
  const stager = createRoomStager(context.get(envContext))
  try {
    const image = await stager.stage(source.bytes, submission.value.style, { signal: request.signal })
    const row = await saveRoomImage(context.get(dbContext), context.get(storageContext), user.accountId, {
      homeId: home.id,
      kind: 'staged',
      style: submission.value.style,
      sourceUrl: source.item.url,
      engine: stager.name,
      illustrative: true,
      image,
    })
    return { status: 'done', homeId: home.id, id: row.id }
  } catch (error) {
    if (!(error instanceof StagingError)) throw error
    context.get(loggerContext).warn('staging failed', { engine: stager.name, error: String(error.cause ?? error) })
    return { status: 'failed', message: error.message }
  }
}

export async function removeResult(context: Context, request: Request, user: SessionUser, formData: FormData) {
  const id = Number(formData.get('resultado'))
  const removed =
    Number.isSafeInteger(id) && id > 0
      ? await deleteRoomImage(context.get(dbContext), context.get(storageContext), user.accountId, id)
      : false
  if (!removed) throw pageNotFound(request)
}
