// The media-kit pages' work: one-click creation (from /media-kits or the property page), the
// owner's kit page data, its intents (edit a piece, regenerate one, phone on/off, delete). The
// routes read the forms and answer.
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, kitFilesContext } from '~/context'
import type { SessionUser } from '~/context'
import {
  KIT_FORMAT_LABELS,
  KIT_PIECE_LABELS,
  KIT_QR_FILE,
  type KitPieceKey,
  kitFiles,
  kitPieceEditSchema,
  kitZipName,
  publicFileName,
} from '~/domain/media-kit'
import { mediaSrc } from '~/domain/media'
import { createCopyWriter } from '~/integrations/ai/ai.server'
import { getHome } from '~/models/homes.server'
import { deleteMediaKit, setKitShowPhone, type KitWithHome } from '~/models/media-kits.server'
import { loadKitData } from '~/workflows/media-kit-files.server'
import {
  createKitForHome,
  editKitPiece,
  flyerFromDescription,
  regenerateKitPiece,
  type KitDeps,
} from '~/workflows/media-kits.server'
import { may } from '~/domain/team'
import { siteOrigin } from '~/utils/request-origin.server'

type Context = Readonly<RouterContextProvider>

function deps(context: Context): KitDeps {
  return {
    db: context.get(dbContext),
    writer: createCopyWriter(context.get(envContext)),
    logger: context.get(loggerContext),
  }
}

/**
 * A new kit of the account's property `homeId` (from the form on /media-kits or the property
 * page); not found when the property is not the account's. Links in the kit start at the app's
 * address (`siteOrigin`).
 */
export async function createKit(
  context: Context,
  user: SessionUser,
  homeId: number,
): Promise<{ status: 'created'; id: number } | { status: 'not-found' }> {
  const home = await getHome(context.get(dbContext), user.accountId, homeId)
  if (!home) return { status: 'not-found' }
  const siteUrl = siteOrigin(context)
  const kit = await createKitForHome({ ...deps(context), siteUrl }, user.accountId, home, user.id)
  return { status: 'created', id: kit.id }
}

/** What the owner's kit page shows: every piece with its files, words and photo choice; the
 * forms only to those the policy lets change or delete it (a corretor: their own kits). */
export async function kitPageData(context: Context, user: SessionUser, data: KitWithHome) {
  const db = context.get(dbContext)
  const origin = siteOrigin(context)
  const full = await loadKitData(db, data, origin)
  const files = context.get(kitFilesContext)
  const base = `/media-kits/${data.kit.public_id}/maker`
  const byPiece = kitFiles(data.kit.pieces)
  return {
    id: data.kit.id,
    mayEdit: may(user, 'edit', data.kit.created_by),
    mayDelete: may(user, 'delete', data.kit.created_by),
    homeId: data.home.id,
    homeName: data.home.name,
    showPhone: data.kit.show_phone,
    hasPhone: Boolean(full.brand.phone),
    shareUrl: `${origin}${base}`,
    qr: full.listingUrl ? { link: full.listingUrl, url: `${base}/${KIT_QR_FILE}`, name: KIT_QR_FILE } : null,
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
  | { status: 'forbidden' }
  /** No piece of the kit named. */
  | { status: 'not-found' }

export const KIT_INTENTS = ['excluir', 'telefone', 'descricao', 'regenerar', 'editar'] as const
export const KIT_EDIT_FIELDS = ['title', 'description', 'text', 'photo'] as const

/** What the kit page's forms ask for, as its route reads them: an edit carries the fields sent ('' clears one). */
export type KitStep = {
  intent: (typeof KIT_INTENTS)[number]
  piece?: KitPieceKey
  showPhone: boolean
  fields: Partial<Record<(typeof KIT_EDIT_FIELDS)[number], string>>
}

/** The kit page's intents; bad input gives the errors beside the fields with the typed values. */
export async function kitAction(
  context: Context,
  user: SessionUser,
  data: KitWithHome,
  step: KitStep,
): Promise<KitActionResult> {
  const db = context.get(dbContext)
  const { intent, piece, fields } = step
  // A corretor changes and deletes only the kits they made (ADR 236, 260).
  if (!may(user, intent === 'excluir' ? 'delete' : 'edit', data.kit.created_by)) return { status: 'forbidden' }
  if (intent === 'excluir') {
    await deleteMediaKit(db, user.accountId, data.kit.id)
    return { status: 'deleted' }
  }
  if (intent === 'telefone') {
    await setKitShowPhone(db, user.accountId, data.kit.id, step.showPhone)
    return { status: 'done', title: step.showPhone ? 'Telefone exibido nas peças' : 'Telefone oculto nas peças' }
  }
  if (!piece) return { status: 'not-found' }
  const values = Object.fromEntries(KIT_EDIT_FIELDS.map((k) => [k, fields[k] ?? '']))
  if (intent === 'descricao' && piece === 'flyer') {
    if (!(await flyerFromDescription(db, user.accountId, data)))
      return {
        status: 'invalid',
        piece,
        errors: { text: ['O imóvel não tem descrição. Escreva uma na página do imóvel ou digite o texto aqui.'] },
        values,
      }
    return { status: 'done', title: 'Folheto: texto da descrição do imóvel' }
  }
  if (intent === 'regenerar') {
    await regenerateKitPiece(deps(context), user.accountId, data, piece)
    return { status: 'done', title: `${KIT_PIECE_LABELS[piece]}: textos gerados de novo` }
  }
  const parsed = kitPieceEditSchema.safeParse({ piece, ...fields })
  if (!parsed.success) {
    const errors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message)
    return { status: 'invalid', piece, errors, values }
  }
  const outcome = await editKitPiece(db, user.accountId, data, parsed.data)
  if (outcome.status === 'invalid') return { status: 'invalid', piece, errors: outcome.errors, values }
  return { status: 'done', title: `${KIT_PIECE_LABELS[piece]}: alterações salvas` }
}
