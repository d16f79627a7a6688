// GET /media-kits/:id/maker/:file — a media kit's files for anyone with its public id: the pieces
// (feed.png, story.png, carrossel-N.png, flyer.pdf, whatsapp.jpg, textos.txt, qrcode.svg), the whole kit as
// media-kit-<imovel>.zip, and the photos the maker page draws, by public name (foto-N, planta-N,
// logo) so no storage key (which holds the owner's id) reaches the page.
import { contentTypeOfKey } from '~/domain/media'
import { Readable } from 'node:stream'
import type { Route } from './+types/maker-file'
import { dbContext, storageContext, kitFilesContext } from '~/context'
import { PUBLIC_ID, kitFileByName, kitZipName } from '~/domain/media-kit'
import { getPublicMediaKit } from '~/models/media-kits.server'
import { KIT_CONTENT_TYPES, loadKitData, publicPhotoKey, type KitData } from '~/workflows/media-kit-files.server'
import { pageNotFound } from '~/utils/params'
import { siteOrigin } from '~/utils/request-origin.server'

const attachment = (name: string) => `attachment; filename="${name}"`

async function photo(request: Request, context: Route.LoaderArgs['context'], data: KitData, name: string) {
  const key = publicPhotoKey(data, name)
  const bytes = key ? await context.get(storageContext).get(key) : null
  if (!key || !bytes) throw pageNotFound(request)
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': contentTypeOfKey(key),
      'cache-control': 'public, max-age=86400',
      'x-robots-tag': 'noindex',
    },
  })
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id ?? ''
  const name = params.file ?? ''
  if (!PUBLIC_ID.test(id)) throw pageNotFound(request)
  const found = await getPublicMediaKit(context.get(dbContext), id)
  if (!found) throw pageNotFound(request)
  const siteUrl = siteOrigin(context)
  const data = await loadKitData(context.get(dbContext), found, siteUrl)
  const files = context.get(kitFilesContext)
  if (name === kitZipName(data.home.name)) {
    const { stream } = files.zip(data)
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      headers: {
        'content-type': 'application/zip',
        'content-disposition': attachment(name),
        'cache-control': 'private, no-store',
      },
    })
  }
  if (/^(foto|planta)-\d{1,3}$|^logo$/.test(name)) return photo(request, context, data, name)
  const file = kitFileByName(data.kit.pieces, name, { qr: Boolean(data.listingUrl) })
  if (!file) throw pageNotFound(request)
  const etag = files.etag(data, file)
  const headers = { etag, 'cache-control': 'public, max-age=0, must-revalidate', 'x-robots-tag': 'noindex' }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })
  const body = await files.file(data, file)
  const download = new URL(request.url).searchParams.has('baixar') || file.type === 'text'
  return new Response(new Uint8Array(body), {
    headers: {
      ...headers,
      'content-type': KIT_CONTENT_TYPES[file.type],
      ...(download ? { 'content-disposition': attachment(name.replace(/^carrossel-/, 'carrossel-slide-')) } : {}),
    },
  })
}
