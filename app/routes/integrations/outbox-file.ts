// GET /integracoes/saida/:publicationId/:file — a JPEG the local outbox published, owner only.
import { z } from 'zod'
import type { Route } from './+types/outbox-file'
import { storageContext } from '~/context'
import { readOutboxFile } from '~/workflows/publishing-service.server'
import { requireUser } from '~/utils/session.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { publicationId, file } = parseParams(request, params, {
    publicationId: idParam,
    file: z.string().regex(/^\d{2}\.jpg$/),
  })
  const bytes = await readOutboxFile(context.get(storageContext), user.accountId, publicationId, file)
  if (!bytes) throw pageNotFound(request)
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'image/jpeg',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    },
  })
}
