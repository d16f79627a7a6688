// The media-kit pages' work: one-click creation (from /media-kits or the property page), the
// owner's kit page data, its intents (edit a piece, regenerate one, phone on/off, delete).
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, kitFilesContext } from '~/context'
import type { SessionUser } from '~/context'
import {
  KIT_FORMAT_LABELS,
  KIT_PIECE_KEYS,
  KIT_PIECE_LABELS,
  kitFiles,
  kitPieceEditSchema,
  kitZipName,
  publicFileName,
} from '~/domain/media-kit'
import { mediaSrc } from '~/domain/media'
import { createCopyWriter } from '~/integrations/ai/ai.server'
import { getHome } from '~/models/homes.server'
import { deleteMediaKit, getMediaKit, setKitShowPhone, type KitWithHome } from '~/models/media-kits.server'
import { loadKitData } from '~/workflows/media-kit-files.server'
import { createKitForHome, editKitPiece, regenerateKitPiece, type KitDeps } from '~/workflows/media-kits.server'
import { pageNotFound } from '~/utils/params'

type Context = Readonly<RouterContextProvider>

function deps(context: Context): KitDeps {
  return {
    db: context.get(dbContext),
    writer: createCopyWriter(context.get(envContext)),
    logger: context.get(loggerContext),
  }
}

export type CreateOutcome = { status: 'created'; id: number } | { status: 'invalid'; error: string }

/** POST home_id → a new kit of that property (the agent's own: else 404). */
export async function createKitFromForm(
  context: Context,
  request: Request,
  user: SessionUser,
  form: FormData,
): Promise<CreateOutcome> {
  const raw = String(form.get('home_id') ?? '').trim()
  if (!raw) return { status: 'invalid', error: 'Escolha um imóvel.' }
  const id = Number(raw)
  const home = Number.isSafeInteger(id) && id > 0 ? await getHome(context.get(dbContext), user.accountId, id) : null
  if (!home) throw pageNotFound(request)
  const siteUrl = context.get(envContext).APP_URL ?? new URL(request.url).origin
  const kit = await createKitForHome({ ...deps(context), siteUrl }, user.accountId, home)
  return { status: 'created', id: kit.id }
}

export async function ownKitOr404(
  context: Context,
  request: Request,
  user: SessionUser,
  id: number,
): Promise<KitWithHome> {
  const data = await getMediaKit(context.get(dbContext), user.accountId, id)
  if (!data) throw pageNotFound(request)
  return data
}

/** What the owner's kit page shows: every piece with its files, words and photo choice. */
export async function kitPageData(context: Context, request: Request, data: KitWithHome) {
  const db = context.get(dbContext)
  const full = await loadKitData(db, data)
  const files = context.get(kitFilesContext)
  const base = `/media-kits/${data.kit.public_id}/maker`
  const origin = context.get(envContext).APP_URL ?? new URL(request.url).origin
  const byPiece = kitFiles(data.kit.pieces)
  return {
    id: data.kit.id,
    homeId: data.home.id,
    homeName: data.home.name,
    showPhone: data.kit.show_phone,
    hasPhone: Boolean(full.brand.phone),
    shareUrl: `${origin}${base}`,
    zip: { name: kitZipName(data.home.name), url: `${base}/${kitZipName(data.home.name)}` },
    photos: data.home.gallery.map((item, i) => ({ url: item.url, thumb: mediaSrc(item, 400), label: `Foto ${i + 1}` })),
    pieces: data.kit.pieces.map((piece) => ({
      key: piece.key,
      label: KIT_PIECE_LABELS[piece.key],
      formatLabel: KIT_FORMAT_LABELS[piece.format],
      title: piece.slides[0]?.title ?? '',
      description: piece.slides[0]?.description ?? '',
      photo: piece.slides[0]?.image ?? null,
      text: piece.text ?? '',
      files: byPiece
        .filter((file) => file.piece === piece.key && file.type !== 'text')
        .map((file) => {
          const etag = files.etag(full, file).replace(/\W/g, '').slice(-10)
          return { name: publicFileName(file), type: file.type, url: `${base}/${publicFileName(file)}?v=${etag}` }
        }),
    })),
  }
}

export type KitActionResult =
  | { status: 'done'; title: string }
  | { status: 'invalid'; piece: string; errors: Record<string, string[]>; values: Record<string, string> }
  | { status: 'deleted' }

const pieceOf = (form: FormData) => {
  const piece = String(form.get('piece') ?? '')
  return (KIT_PIECE_KEYS as readonly string[]).includes(piece) ? (piece as (typeof KIT_PIECE_KEYS)[number]) : null
}

/** The kit page's intents; bad input gives the errors beside the fields with the typed values. */
export async function kitAction(
  context: Context,
  request: Request,
  user: SessionUser,
  data: KitWithHome,
  form: FormData,
): Promise<KitActionResult> {
  const db = context.get(dbContext)
  const intent = String(form.get('_intent') ?? '')
  if (intent === 'excluir') {
    await deleteMediaKit(db, user.accountId, data.kit.id)
    return { status: 'deleted' }
  }
  if (intent === 'telefone') {
    const show = form.get('show_phone') === 'on'
    await setKitShowPhone(db, user.accountId, data.kit.id, show)
    return { status: 'done', title: show ? 'Telefone exibido nas peças' : 'Telefone oculto nas peças' }
  }
  const piece = pieceOf(form)
  if (!piece) throw pageNotFound(request)
  if (intent === 'regenerar') {
    await regenerateKitPiece(deps(context), user.accountId, data, piece)
    return { status: 'done', title: `${KIT_PIECE_LABELS[piece]}: textos gerados de novo` }
  }
  const values = Object.fromEntries(
    ['title', 'description', 'text', 'photo'].map((k) => [k, String(form.get(k) ?? '')]),
  )
  const parsed = kitPieceEditSchema.safeParse({
    piece,
    ...Object.fromEntries(Object.entries(values).filter(([k]) => form.has(k))),
  })
  if (!parsed.success) {
    const errors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message)
    return { status: 'invalid', piece, errors, values }
  }
  const outcome = await editKitPiece(db, user.accountId, data, parsed.data)
  if (outcome.status === 'invalid') return { status: 'invalid', piece, errors: outcome.errors, values }
  return { status: 'done', title: `${KIT_PIECE_LABELS[piece]}: alterações salvas` }
}
