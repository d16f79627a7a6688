// GET /minha-conta/marca/previa — the brand editor's live preview: a real post cover of the
// agent's own property, drawn by the post renderer (Takumi) with the brand as saved, or with the
// colours and font pair the form holds right now (?primary_color=&secondary_color=&font=).
import type { Route } from './+types/marca-preview'
import { dbContext, storageContext } from '~/context'
import { BrandSchema, type AccountBrand } from '~/domain/brand'
import { buildPostContent, mainSlide } from '~/domain/post-content'
import { renderSlide, storageImageLoader } from '~/integrations/render/render.server'
import { previewHome } from '~/models/brand.server'
import { getAccount } from '~/models/users.server'
import { requireUser } from '~/utils/session.server'

/** The saved brand with the draft's valid colours and font over it. */
function draftBrand(saved: AccountBrand, query: URLSearchParams): AccountBrand {
  const draft = BrandSchema.pick({ primary_color: true, secondary_color: true, font: true })
    .partial()
    .safeParse({
      primary_color: query.get('primary_color') || undefined,
      secondary_color: query.get('secondary_color') || undefined,
      font: query.get('font') || undefined,
    })
  if (!draft.success) return saved
  return { ...saved, ...Object.fromEntries(Object.entries(draft.data).filter(([, v]) => v)) }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const [account, home] = await Promise.all([getAccount(db, user.id), previewHome(db, user.id)])
  const brand = draftBrand(account?.theme ?? {}, new URL(request.url).searchParams)
  const content = buildPostContent({
    post: { id: 0, template: null, format: 'feed', meta: {}, media: null },
    // The preview shows the account's brand: the property's own theme, if any, is left out.
    home: home ? { ...home, theme: null } : null,
    owner: { full_name: account?.full_name ?? null, phone: account?.phone ?? null, theme: brand },
  })
  const load = storageImageLoader({
    storage: context.get(storageContext),
    ownerId: user.id,
    media: home?.gallery ?? [],
  })
  const jpeg = await renderSlide(content, mainSlide(content), load, { format: 'jpeg' })
  return new Response(new Uint8Array(jpeg), {
    headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=60' },
  })
}
