// GET /minha-conta/privacidade/exportar — everything the account holds, as a zip (LGPD art. 18):
// dados.json, the stored files and each post's image. Streamed; the signed-in person's only.
import { Readable } from 'node:stream'
import type { Route } from './+types/export'
import { dbContext, loggerContext, storageContext, postImagesContext } from '~/context'
import { exportAccountZip } from '~/workflows/account.server'
import { requireUser } from '~/utils/session.server'

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const deps = {
    db: context.get(dbContext),
    storage: context.get(storageContext),
    postImages: context.get(postImagesContext),
    logger: context.get(loggerContext),
  }
  const { stream } = await exportAccountZip(deps, user.id)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="meus-dados-vitrine-${day}.zip"`,
      'cache-control': 'private, no-store',
    },
  })
}
