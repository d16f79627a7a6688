// Where a connection's listings come from: an XML address (streamed as it downloads), the
// uploaded XML file (read from storage in slices), or Vista's API (pages of 50).
import { FeedReadError, type FeedItem } from '~/domain/feeds'
import { bodyChunks, feedFetch, type FeedFetchOptions } from '~/integrations/feeds/fetch.server'
import { readVista } from '~/integrations/feeds/vista.server'
import { readXmlFeed } from '~/integrations/feeds/xml-stream.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { updateFeedSource, type FeedConnection } from '~/models/feeds.server'
import type { Database } from '~/utils/db.server'
import { unseal } from '~/utils/sealed.server'

/** A feed larger than this is refused (a 10,000-listing VRSync feed is ≈ 30 MB). */
export const MAX_FEED_BYTES = 300 * 1024 * 1024
/** Uploaded files: the form's cap. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

export async function* sliced(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

export async function* urlChunks(url: string, options: FeedFetchOptions): AsyncGenerator<Uint8Array> {
  const response = await feedFetch(url, options)
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new FeedReadError(`O endereço do feed respondeu HTTP ${response.status}.`)
  }
  yield* bodyChunks(response, MAX_FEED_BYTES)
}

type SourceDeps = { db: Database; storage: Storage; credentialsSecret: string; fetchOptions?: FeedFetchOptions }

export async function* openFeedSource(deps: SourceDeps, connection: FeedConnection): AsyncGenerator<FeedItem> {
  const options = deps.fetchOptions ?? {}
  if (connection.kind === 'vista') {
    const { apiHost, apiKey } = connection.api_connection
    if (!apiHost || !apiKey) throw new FeedReadError('Conexão sem endereço ou chave do Vista.')
    yield* readVista({ apiHost, apiKey: unseal(deps.credentialsSecret, apiKey) }, options)
    return
  }
  let chunks: AsyncIterable<Uint8Array>
  if (connection.kind === 'url') chunks = urlChunks(connection.url ?? '', options)
  else {
    const bytes = connection.upload_key ? await deps.storage.get(connection.upload_key) : null
    if (!bytes) throw new FeedReadError('O arquivo enviado não foi encontrado. Envie o arquivo de novo.')
    chunks = sliced(bytes)
  }
  let format: string | null = null
  yield* readXmlFeed(chunks, (found) => (format = found))
  if (format && format !== connection.format)
    await updateFeedSource(deps.db, connection.user_id, connection.id, { format })
}
