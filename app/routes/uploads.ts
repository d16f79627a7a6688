// GET /uploads/<key> — a stored photo, floor plan or logo. The account reads its own files;
// a signed link opens one file for anyone until it expires; everything else is 404 (ADR 021).
import type { Route } from './+types/uploads'
import { sessionSecretContext, storageContext, userContext } from '~/context'
import { readUpload } from '~/workflows/uploads.server'

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = params['*'] ?? ''
  const url = new URL(request.url)
  const user = context.get(userContext)
  const secret = context.get(sessionSecretContext)
  const storage = context.get(storageContext)
  // The account's files (an agency's members share them), and the person's own (their photo).
  const upload =
    (await readUpload({ storage, key, userId: user?.accountId ?? null, url, secret })) ??
    (user && user.id !== user.accountId ? await readUpload({ storage, key, userId: user.id, url, secret }) : null)
  if (!upload) return notFound()
  return new Response(upload.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': upload.contentType,
      'content-length': String(upload.bytes.byteLength),
      // Keys are unique per upload and never rewritten: cache for good, privately.
      'cache-control': url.searchParams.has('signature')
        ? 'public, max-age=3600'
        : 'private, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
