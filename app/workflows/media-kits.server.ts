// Media kits: one click from a property to its pieces. The plan (photos, layouts) is the domain's;
// the words come from the same copywriter as posts (offline pt-BR writer or the AI provider), one
// request per piece, in parallel. A writer that fails leaves that piece to the offline writer, so
// the click always gives a complete kit. The pieces' files: media-kit-files.server.ts.
import type { Home } from '~/models/homes.server'
import {
  editPiece,
  flyerBody,
  kitPiece,
  pieceBrief,
  planKit,
  whatsappMessage,
  writerFormat,
  type KitPiece,
  type KitPieceEdit,
  type KitPieceKey,
} from '~/domain/media-kit'
import { homeContent } from '~/domain/post-content'
import type { Random } from '~/domain/post-plan'
import type { AgentFacts } from '~/domain/prompts'
import { applyCopy, type CopyWriter } from '~/integrations/ai/ai.server'
import { createOfflineWriter } from '~/domain/copywriter/offline'
import {
  createMediaKit,
  kitBrand,
  saveKitPieces,
  type KitBrand,
  type KitWithHome,
  type MediaKit,
} from '~/models/media-kits.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import { clip } from '~/domain/clip'
import { kitTextsWithLink } from './caption-link.server'

export type KitDeps = {
  db: Database
  writer: CopyWriter
  /** The site's address: with a public page, the kit's texts end with its short link (ADR 224). */
  siteUrl?: string | null
  random?: Random
  logger?: Pick<Logger, 'warn' | 'error'>
}

/** The agent as the writer signs: name, and phone only when the kit shows it. Never the e-mail. */
export function kitAgent(brand: KitBrand, showPhone: boolean): AgentFacts {
  return { name: brand.name, phone: showPhone ? brand.phone : null }
}

/** The flyer's body as the agent typed it: the property's own description (line breaks kept). */
export function typedDescription(home: Pick<Home, 'description'>): string {
  return clip((home.description ?? '').replace(/\r\n?/g, '\n').trim(), 900)
}

/** One piece's words from the writer: slide texts, and its caption, message or flyer body. The
 * flyer's body is the property's description as typed, the writer's prose only when `asked` (the
 * agent asked for new words) or when the property has no description. */
async function writeWith(
  writer: CopyWriter,
  piece: KitPiece,
  home: Home,
  agent: AgentFacts,
  asked: boolean,
): Promise<KitPiece> {
  const slides = piece.key === 'flyer' ? piece.slides.slice(0, 1) : piece.slides
  const copy = await writer.write({
    template: { name: 'Media kit do imóvel', kind: 'listing', format: writerFormat(piece) },
    home,
    fields: [],
    values: {},
    agent,
    slides,
    messages: [pieceBrief(piece.key)],
  })
  const written = applyCopy(slides, copy)
  if (piece.key === 'flyer') {
    const typed = typedDescription(home)
    const body = !asked && typed ? typed : flyerBody(copy.caption) || typed
    return { ...piece, slides: [...written, ...piece.slides.slice(1)], text: body || null }
  }
  if (piece.key === 'whatsapp') {
    // A short line with the price: what a forwarded image needs to say on its own.
    const facts = homeContent(home)
    const title = [`${facts.category} em ${home.neighborhood}`, facts.price].filter(Boolean).join(' · ')
    const text = whatsappMessage(copy.caption) || clip(copy.caption, 500)
    return { ...piece, slides: written.map((slide, i) => (i === 0 ? { ...slide, title } : slide)), text }
  }
  return { ...piece, slides: written, text: copy.caption }
}

/** The writer's words, or the offline writer's when the writer fails (logged). */
async function writePiece(
  deps: KitDeps,
  piece: KitPiece,
  home: Home,
  agent: AgentFacts,
  asked = false,
): Promise<KitPiece> {
  try {
    return await writeWith(deps.writer, piece, home, agent, asked)
  } catch (error) {
    deps.logger?.warn('media kit writer failed; offline words used', {
      piece: piece.key,
      writer: deps.writer.name,
      error,
    })
    return writeWith(createOfflineWriter(deps.random), piece, home, agent, asked)
  }
}

/** A complete kit for one of the agent's properties (`home` must be theirs: getHome scopes it). */
export async function createKitForHome(
  deps: KitDeps,
  userId: string,
  home: Home,
  createdBy: string = userId,
): Promise<MediaKit> {
  const random = deps.random ?? Math.random
  const brand = await kitBrand(deps.db, userId)
  const agent = kitAgent(brand, true)
  const pieces = await Promise.all(planKit(home, random).map((piece) => writePiece(deps, piece, home, agent)))
  const kit = await createMediaKit(deps.db, userId, {
    homeId: home.id,
    pieces,
    writer: deps.writer.name,
    createdBy,
  })
  const linked = await kitTextsWithLink(deps.db, {
    userId,
    kitId: kit.id,
    homeId: home.id,
    pieces,
    siteUrl: deps.siteUrl ?? null,
  })
  if (linked === pieces || !(await saveKitPieces(deps.db, userId, kit.id, linked))) return kit
  return { ...kit, pieces: linked }
}

/** New words for one piece (its photos stay); false when the kit has no such piece. */
export async function regenerateKitPiece(
  deps: KitDeps,
  userId: string,
  data: KitWithHome,
  key: KitPieceKey,
): Promise<boolean> {
  const piece = kitPiece(data.kit.pieces, key)
  if (!piece) return false
  const brand = await kitBrand(deps.db, userId)
  const written = await writePiece(deps, piece, data.home, kitAgent(brand, data.kit.show_phone), true)
  const pieces = data.kit.pieces.map((p) => (p.key === key ? { ...written, version: p.version + 1 } : p))
  return saveKitPieces(deps.db, userId, data.kit.id, pieces)
}

/** The flyer's body back to the property's description as typed; false without one. */
export async function flyerFromDescription(db: Database, userId: string, data: KitWithHome): Promise<boolean> {
  const piece = kitPiece(data.kit.pieces, 'flyer')
  const typed = typedDescription(data.home)
  if (!piece || !typed) return false
  const pieces = data.kit.pieces.map((p) => (p.key === 'flyer' ? { ...p, text: typed, version: p.version + 1 } : p))
  return saveKitPieces(db, userId, data.kit.id, pieces)
}

export type EditOutcome = { status: 'saved' } | { status: 'invalid'; errors: Record<string, string[]> }

/** The agent's words and photo for one piece; the photo must be one of the property's own. */
export async function editKitPiece(
  db: Database,
  userId: string,
  data: KitWithHome,
  edit: KitPieceEdit,
): Promise<EditOutcome> {
  const piece = kitPiece(data.kit.pieces, edit.piece)
  if (!piece) return { status: 'invalid', errors: { piece: ['Peça não encontrada.'] } }
  if (edit.photo && !data.home.gallery.some((item) => item.url === edit.photo))
    return { status: 'invalid', errors: { photo: ['Escolha uma das fotos do imóvel.'] } }
  const pieces = data.kit.pieces.map((p) => (p.key === edit.piece ? editPiece(p, edit) : p))
  await saveKitPieces(db, userId, data.kit.id, pieces)
  return { status: 'saved' }
}
