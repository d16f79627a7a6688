// GET /modelos/:id/previa.webp[?imovel=<id>][&v=<version>] — the picture of a template on
// /modelos: its first slide drawn by the post renderer from the agent's own property (another
// person's, or one that does not exist: 404) or from the sample property, small (WebP, 360 px
// wide). The page links it with its version (?v=): such an address never changes content, so
// the browser keeps it a day; the ETag answers 304 to a revalidation. See ADR 173.
import type { Route } from './+types/preview'
import { dbContext, storageContext } from '~/context'
import { getHome } from '~/models/homes.server'
import { getTemplate } from '~/models/templates.server'
import { getAccount } from '~/models/users.server'
import { previewVersion, templatePreview } from '~/workflows/template-previews.server'
import { requireUser } from '~/utils/session.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const db = context.get(dbContext)
  const url = new URL(request.url)
  const template = await getTemplate(db, id)
  if (!template || template.archived_at) throw pageNotFound(request)
  let home = null
  if (url.searchParams.has('imovel')) {
    const homeId = idParam.safeParse(url.searchParams.get('imovel'))
    home = homeId.success ? await getHome(db, user.accountId, homeId.data) : null
    if (!home) throw pageNotFound(request)
  }
  const account = await getAccount(db, user.accountId)
  const owner = account
    ? { full_name: account.full_name, phone: account.phone, theme: account.theme, updated_at: account.updated_at }
    : null
  const version = previewVersion(template, template.needs_home ? home : null, owner?.updated_at ?? null)
  const etag = `"tp-${version}"`
  // An address with the current version never changes content; any other is checked each time.
  const cacheControl = url.searchParams.get('v') === version ? 'private, max-age=86400' : 'private, no-cache'
  const headers = { etag, 'cache-control': cacheControl, vary: 'Cookie' }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  const body = await templatePreview({
    template,
    home: template.needs_home ? home : null,
    owner,
    storage: context.get(storageContext),
    userId: user.accountId,
  })
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      ...headers,
      'content-type': 'image/webp',
      'content-length': String(body.byteLength),
      'x-content-type-options': 'nosniff',
    },
  })
}
