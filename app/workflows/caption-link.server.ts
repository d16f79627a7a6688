// The listing page's short link at the end of a generated caption (ADR 224): when the agent
// leaves "Colocar no texto do post o endereço curto da página pública" on and has a public page, the post gets a code of
// its own (/l/{code}), so the visits, clicks and leads it brings count for it on "Resultados".
import type { KitPiece } from '~/domain/media-kit'
import { getPublicPage } from '~/models/public-pages.server'
import { postShortLink, shortLinkFor } from '~/models/listing-stats.server'
import type { Database } from '~/utils/db.server'

export const CAPTION_LINK_FIELD = '_link_curto'

export async function captionWithLink(
  db: Database,
  options: { userId: string; postId: number; homeId: number | null; caption: string; siteUrl: string | null },
): Promise<string> {
  const { userId, postId, homeId, caption, siteUrl } = options
  if (!siteUrl || !homeId || !(await getPublicPage(db, userId))) return caption
  const code = await shortLinkFor(db, userId, homeId, { postId })
  return `${caption.trimEnd()}\n\nFotos, detalhes e contato: ${siteUrl.replace(/\/$/, '')}/l/${code}`
}

/** A post generated again keeps the link when it had one. */
export async function postHadLink(db: Database, userId: string, postId: number): Promise<boolean> {
  return (await postShortLink(db, userId, postId)) !== null
}

/** The pieces a kit shares as text (the feed caption, the WhatsApp message) end with the kit's short link. */
const LINKED_PIECES = new Set(['feed', 'carousel', 'whatsapp'])

/** A new kit's pieces with its own short link after their texts; the same array when there is none. */
export async function kitTextsWithLink(
  db: Database,
  options: { userId: string; kitId: number; homeId: number; pieces: KitPiece[]; siteUrl: string | null },
): Promise<KitPiece[]> {
  const { userId, kitId, homeId, pieces, siteUrl } = options
  if (!siteUrl || !(await getPublicPage(db, userId))) return pieces
  const link = `${siteUrl.replace(/\/$/, '')}/l/${await shortLinkFor(db, userId, homeId, { kitId })}`
  return pieces.map((piece) =>
    LINKED_PIECES.has(piece.key) && piece.text ? { ...piece, text: `${piece.text.trimEnd()}\n\n${link}` } : piece,
  )
}
