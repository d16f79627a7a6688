// /c/:handle/capa.jpg — the agent page's share image (og:image): the agent's brand beside their
// properties at 1200×630, JPEG, drawn by the post renderer. Public like the page; its version
// (the profile and the properties shown) is read before anything is drawn: If-None-Match with it
// is a 304, and it is drawn once per version (the render cache). noindex like its page;
// rate-limited per address with the other render routes (server.ts).
import type { Route } from './+types/agent-cover'
import { dbContext, storageContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { createRenderQueue } from '~/workflows/post-image-cache.server'
import { agentCover } from '~/workflows/public-listing.server'
import { siteOrigin } from '~/utils/request-origin.server'

// The last few versions drawn (≈ 100–200 KB each), one drawing at a time per version.
const drawn = createRenderQueue(8 * 1024 * 1024)

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!/^[a-z0-9-]{3,30}$/.test(params.handle)) throw pageNotFound(request)
  const origin = siteOrigin(context)
  const card = await agentCover(context.get(dbContext), context.get(storageContext), params.handle, origin)
  if (!card) throw pageNotFound(request)
  const headers: Record<string, string> = { 'Cache-Control': 'public, max-age=3600', ETag: `"agente-${card.version}"` }
  if (card.noindex) headers['X-Robots-Tag'] = 'noindex'
  if (request.headers.get('if-none-match') === headers.ETag) return new Response(null, { status: 304, headers })
  // The address printed on the card comes from the origin: part of what was drawn.
  const bytes = await drawn.get(`agent:${card.version}:${origin}`, card.render)
  return new Response(new Uint8Array(bytes), {
    headers: { ...headers, 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.length) },
  })
}
