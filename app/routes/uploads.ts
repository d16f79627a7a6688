// GET /uploads/<key> — a stored photo, floor plan or logo. The owner reads their own files;
// a signed link opens one file for anyone until it expires; everything else is 404 (ADR 021).
import type { Route } from './+types/uploads'
import { sessionSecretContext, storageContext, userContext } from '~/context'
import { contentTypeOfKey } from '~/integrations/storage/storage.server'
import { canReadUpload } from '~/integrations/storage/upload-links.server'

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = params['*'] ?? ''
  const url = new URL(request.url)
  const user = context.get(userContext)
  const secret = context.get(sessionSecretContext)
  if (!canReadUpload({ key, userId: user?.id ?? null, url, secret })) return notFound()
  const bytes = await context.get(storageContext).get(key)
  if (!bytes) return notFound()
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': contentTypeOfKey(key),
      'content-length': String(bytes.byteLength),
      // Keys are unique per upload and never rewritten: cache for good, privately.
      'cache-control': url.searchParams.has('signature')
        ? 'public, max-age=3600'
        : 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
