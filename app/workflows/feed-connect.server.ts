// Connecting a source on /integracoes: the connection is tested before it is saved (the feed's
// address answers with VRSync or Carga, the file is one, Vista accepts the key), the Vista key is
// sealed (AES-256-GCM, ADR 122), an uploaded file is kept in storage for later syncs.
import { randomBytes } from 'node:crypto'
import { FEED_INTEGRATION_NAMES, FeedReadError, type FeedFormat } from '~/domain/feeds'
import type { FeedFetchOptions } from '~/integrations/feeds/fetch.server'
import { normaliseVistaHost, testVista } from '~/integrations/feeds/vista.server'
import { detectXmlFormat } from '~/integrations/feeds/xml-stream.server'
import { userUploadsPrefix } from '~/integrations/images/images.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { createFeedConnection, updateFeedSource, type FeedConnection } from '~/models/feeds.server'
import type { Database } from '~/utils/db.server'
import { seal } from '~/utils/sealed.server'
import { sliced, urlChunks } from './feed-source.server'

export type ConnectInput =
  | { kind: 'url'; url: string }
  | { kind: 'upload'; file: { name: string; bytes: Uint8Array } }
  | { kind: 'vista'; apiHost: string; apiKey: string }

export type ConnectResult =
  | { ok: true; connection: FeedConnection }
  | { ok: false; field: 'url' | 'file' | 'apiHost' | 'apiKey'; message: string }

type ConnectDeps = { db: Database; storage: Storage; credentialsSecret: string; fetchOptions?: FeedFetchOptions }

/** Reads only the start of the feed at `url`: its root element says the format. */
async function formatAt(url: string, options: FeedFetchOptions): Promise<FeedFormat> {
  const chunks = urlChunks(url, options)
  try {
    return await detectXmlFormat(chunks)
  } finally {
    await chunks.return(undefined)
  }
}

const failed = (field: 'url' | 'file' | 'apiHost' | 'apiKey', error: unknown) => {
  if (!(error instanceof FeedReadError)) throw error
  return { ok: false as const, field, message: error.message }
}

async function storeUpload(deps: ConnectDeps, userId: string, bytes: Uint8Array): Promise<string> {
  const key = `${userUploadsPrefix(userId)}feeds/${randomBytes(16).toString('hex')}.xml`
  await deps.storage.put(key, bytes, 'application/xml')
  return key
}

export async function connectFeed(deps: ConnectDeps, userId: string, input: ConnectInput): Promise<ConnectResult> {
  if (input.kind === 'vista') {
    const credentials = { apiHost: normaliseVistaHost(input.apiHost), apiKey: input.apiKey.trim() }
    try {
      await testVista(credentials, deps.fetchOptions)
    } catch (error) {
      return failed(/chave/.test(String((error as Error).message)) ? 'apiKey' : 'apiHost', error)
    }
    const apiConnection = { apiHost: credentials.apiHost, apiKey: seal(deps.credentialsSecret, credentials.apiKey) }
    const connection = await createFeedConnection(deps.db, userId, {
      name: FEED_INTEGRATION_NAMES.vista,
      kind: 'vista',
      format: null,
      apiConnection,
    })
    return { ok: true, connection }
  }
  if (input.kind === 'url') {
    let format: FeedFormat
    try {
      format = await formatAt(input.url.trim(), deps.fetchOptions ?? {})
    } catch (error) {
      return failed('url', error)
    }
    const connection = await createFeedConnection(deps.db, userId, {
      name: FEED_INTEGRATION_NAMES.xml,
      kind: 'url',
      format,
      url: input.url.trim(),
    })
    return { ok: true, connection }
  }
  let format: FeedFormat
  try {
    format = await detectXmlFormat(sliced(input.file.bytes))
  } catch (error) {
    return failed('file', error)
  }
  const uploadKey = await storeUpload(deps, userId, input.file.bytes)
  const connection = await createFeedConnection(deps.db, userId, {
    name: FEED_INTEGRATION_NAMES.xml,
    kind: 'upload',
    format,
    uploadKey,
  })
  return { ok: true, connection }
}

/** A new version of an uploaded feed: replaces the stored file (the next sync reads it). */
export async function replaceUpload(
  deps: ConnectDeps,
  connection: FeedConnection,
  bytes: Uint8Array,
): Promise<ConnectResult> {
  try {
    await detectXmlFormat(sliced(bytes))
  } catch (error) {
    return failed('file', error)
  }
  const uploadKey = await storeUpload(deps, connection.user_id, bytes)
  await updateFeedSource(deps.db, connection.user_id, connection.id, { upload_key: uploadKey })
  if (connection.upload_key) await deps.storage.delete(connection.upload_key)
  return { ok: true, connection: { ...connection, upload_key: uploadKey } }
}
