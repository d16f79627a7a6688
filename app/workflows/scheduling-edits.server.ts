// /agendar-posts/editar-legenda and /editar-imagem: the publication being edited (the account's,
// a post's, not gone out yet; nothing otherwise) and the save of either form.
import type { RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser, postImagesContext, jobsContext } from '~/context'
import { getPublication, type PublicationEdit } from '~/models/scheduled-publications.server'
import { editScheduled, postPreview } from '~/workflows/scheduling.server'

type Context = Readonly<RouterContextProvider>

/** The publication with its post's preview, or null when it is not one this account may edit. */
export async function editablePublication(context: Context, user: SessionUser, id: number | null) {
  const row = id === null ? null : await getPublication(context.get(dbContext), user.accountId, id)
  // A Reel has no images to choose, and its caption is the video's (ADR 263): not edited here.
  if (!row || (row.status !== 'scheduled' && row.status !== 'failed') || row.post_id === null) return null
  const post = await postPreview(context.get(dbContext), user.accountId, row.post_id)
  if (!post) return null
  return {
    id: row.id,
    post,
    publishAt: row.publish_at.toISOString(),
    caption: row.caption,
    slides: row.slides,
    ratio: row.ratio,
    fit: row.fit,
    altText: row.alt_text,
  }
}

export type EditOutcome =
  | { status: 'not-found' }
  | { status: 'forbidden' }
  | { status: 'invalid'; errors: Record<string, string[]> }
  | { status: 'saved'; id: number; revised: boolean }

/** Saves the edit when the publication is still editable and the result passes the pre-flight. */
export async function saveEdit(
  context: Context,
  user: SessionUser,
  id: number | null,
  edit: PublicationEdit,
): Promise<EditOutcome> {
  const publication = await editablePublication(context, user, id)
  if (!publication) return { status: 'not-found' }
  const deps = {
    db: context.get(dbContext),
    postImages: context.get(postImagesContext),
    jobs: context.get(jobsContext),
  }
  const outcome = await editScheduled(deps, user.accountId, user, publication.id, edit)
  if (outcome.status === 'invalid') return { status: 'invalid', errors: outcome.errors as Record<string, string[]> }
  if (outcome.status !== 'saved') return outcome
  return { status: 'saved', id: publication.id, revised: outcome.revised }
}
