// GET /minha-conta/marca/previa — the brand editor's live preview: a real post cover of the
// agent's own property, drawn by the post renderer (Takumi) with the brand as saved, or with the
// colours and font pair the form holds right now (?primary_color=&secondary_color=&font=); by
// POST, with the logo just chosen in the form (not saved), so the preview shows it at once.
import type { Route } from './+types/brand-preview'
import { dbContext, storageContext } from '~/context'
import { requireUser } from '~/utils/session.server'
import { draftLogoPreview } from '~/routes/account/brand.server'
import { brandPreviewJpeg } from '~/workflows/account-brand.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const query = new URL(request.url).searchParams
  const draft = {
    primary_color: query.get('primary_color'),
    secondary_color: query.get('secondary_color'),
    font: query.get('font'),
  }
  const jpeg = await brandPreviewJpeg(context.get(dbContext), context.get(storageContext), user.accountId, draft)
  return new Response(new Uint8Array(jpeg), {
    headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=60' },
  })
}

export async function action({ request, context }: Route.ActionArgs) {
  const jpeg = await draftLogoPreview(request, context)
  if (!jpeg)
    return new Response('Não foi possível ler o logotipo.', {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  return new Response(new Uint8Array(jpeg), {
    headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' },
  })
}
