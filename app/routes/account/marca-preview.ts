// GET /minha-conta/marca/previa — the brand editor's live preview: a real post cover of the
// agent's own property, drawn by the post renderer (Takumi) with the brand as saved, or with the
// colours and font pair the form holds right now (?primary_color=&secondary_color=&font=).
import type { Route } from './+types/marca-preview'
import { dbContext, storageContext } from '~/context'
import { requireUser } from '~/utils/session.server'
import { brandPreviewJpeg } from '~/workflows/account-brand.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const query = new URL(request.url).searchParams
  const jpeg = await brandPreviewJpeg(context.get(dbContext), context.get(storageContext), user.accountId, query)
  return new Response(new Uint8Array(jpeg), {
    headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=60' },
  })
}
