// File storage: an S3-compatible bucket when S3_BUCKET is set (AWS S3, Supabase Storage, R2,
// MinIO), otherwise files on disk under DATA_DIR/uploads. Both sit behind one small interface;
// the app serves every file itself at /uploads/<key> (see ADR 021), so URLs do not change with
// the backend and the owner check happens in one place.
import { AwsClient } from 'aws4fetch'
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pRetry from 'p-retry'
import { currentLogger } from '~/utils/logger.server'

export interface Storage {
  readonly backend: 'disk' | 's3'
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>
  /** Path the app serves the file at: '/uploads/<key>'. */
  url(key: string): string
  /** Every file whose key starts with `prefix` (a folder, ending in '/'), with its write time. */
  list(prefix: string): AsyncIterable<StoredFile>
}

export type StoredFile = { key: string; modifiedAt: Date }

export type S3Config = {
  bucket: string
  /** e.g. 'https://<project>.supabase.co/storage/v1/s3', 'http://127.0.0.1:9000'. */
  endpoint?: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Bucket in the path (default when an endpoint is given) or in the host name (AWS). */
  forcePathStyle?: boolean
}

export type StorageConfig = { dataDir?: string; s3?: S3Config | null }

export const UPLOADS_PATH = '/uploads'

/** Keys are slash-separated safe segments: no '..', no leading slash, no odd characters. */
export function isValidStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 512 &&
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  )
}

function assertKey(key: string) {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`)
}

export function createStorage(config: StorageConfig = {}): Storage {
  if (config.s3) return createS3Storage(config.s3)
  return createDiskStorage(path.resolve(config.dataDir ?? './data', 'uploads'))
}

/** Reads S3_* (and DATA_DIR) from the environment; S3 is on when S3_BUCKET is set. */
type StorageEnv = Partial<
  Record<
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE',
    string | undefined
  >
>

export function storageConfigFromEnv(env: StorageEnv = process.env): StorageConfig {
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) return { dataDir: env.DATA_DIR || './data', s3: null }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim()
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim()
  if (!accessKeyId || !secretAccessKey)
    throw new Error(
      'S3_BUCKET está definido, mas faltam S3_ACCESS_KEY_ID e/ou S3_SECRET_ACCESS_KEY ' +
        '(S3_BUCKET is set but S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY are missing).',
    )
  const endpoint = env.S3_ENDPOINT?.trim() || undefined
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim()
  return {
    dataDir: env.DATA_DIR || './data',
    s3: {
      bucket,
      endpoint,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle ? pathStyle === 'true' || pathStyle === '1' : undefined,
    },
  }
}

// ---------------------------------------------------------------- disk (embedded default)

export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertKey(key)
    return path.join(root, ...key.split('/'))
  }
  return {
    backend: 'disk',
    async put(key, bytes) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`
      await writeFile(tmp, bytes)
      await rename(tmp, file)
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null
      try {
        return new Uint8Array(await readFile(fileOf(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      if (!isValidStorageKey(key)) return
      const file = fileOf(key)
      await rm(file, { force: true })
      // The upload's own folder (a random name, never shared) goes once it is empty.
      const folder = path.dirname(file)
      if (folder !== root) await rmdir(folder).catch(() => undefined)
    },
    url: (key) => `${UPLOADS_PATH}/${key}`,
    list: (prefix) => listDisk(root, prefix),
  }
}

async function* listDisk(root: string, prefix: string): AsyncIterable<StoredFile> {
  const folder = prefix.replace(/\/+$/, '')
  if (folder && !isValidStorageKey(folder)) return
  const walk = async function* (dir: string, keyPrefix: string): AsyncIterable<StoredFile> {
    let entries
    try {
      entries = await readdir(dir, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) yield* walk(full, `${keyPrefix}${entry.name}/`)
      else if (entry.isFile()) {
        const info = await stat(full).catch(() => null)
        if (info) yield { key: `${keyPrefix}${entry.name}`, modifiedAt: info.mtime }
      }
    }
  }
  yield* walk(folder ? path.join(root, ...folder.split('/')) : root, folder ? `${folder}/` : '')
}

// ---------------------------------------------------------------- S3-compatible

type S3Options = { timeoutMs?: number; attempts?: number }

/** RFC 3986 encoding of one key segment (encodeURIComponent leaves !'()* alone). */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** Builds the addresses of a bucket and its objects (path-style or virtual-hosted). */
function s3Addresses(config: S3Config) {
  const pathStyle = config.forcePathStyle ?? Boolean(config.endpoint)
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`)
  const basePath = base.pathname.replace(/\/+$/, '')
  const at = (encodedPath: string) => {
    const url = new URL(base.origin)
    if (pathStyle) url.pathname = `${basePath}/${uriEncode(config.bucket)}${encodedPath}`
    else {
      url.host = `${config.bucket}.${base.host}`
      url.pathname = `${basePath}${encodedPath || '/'}`
    }
    return url
  }
  return {
    object: (key: string) => at(`/${key.split('/').map(uriEncode).join('/')}`),
    bucket: (query: Record<string, string>) => {
      const url = at('')
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
      return url
    },
  }
}

/**
 * One request signed with AWS Signature V4 (aws4fetch), the body's SHA-256 signed with it, retried
 * with a short back-off on 5xx and network errors (3 attempts by default, p-retry). The last
 * attempt's 5xx is handed back so the caller names the bucket's error code.
 */
function s3Sender(config: S3Config, options: S3Options) {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    retries: 0,
  })
  const timeoutMs = options.timeoutMs ?? 20_000
  const attempts = options.attempts ?? 3
  return function send(method: string, url: URL, body?: Uint8Array, contentType?: string) {
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
    }
    if (contentType) headers['content-type'] = contentType
    return pRetry(
      async (attempt) => {
        const response = await client.fetch(url, {
          method,
          headers,
          body: body ? new Uint8Array(body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        })
        // 5xx: the bucket is having a moment; retry.
        if (response.status >= 500 && attempt < attempts) {
          await response.arrayBuffer().catch(() => undefined)
          throw new Error(`S3 ${method} ${url.pathname}: ${response.status}`)
        }
        return response
      },
      { retries: attempts - 1, minTimeout: 200, factor: 2 },
    )
  }
}

async function s3Failure(what: string, key: string, response: Response) {
  const text = await response.text().catch(() => '')
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? response.statusText
  return new Error(`S3 ${what} ${key} failed: ${response.status} ${code}`)
}

const xmlText = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

/** ListObjectsV2, page after page (1,000 keys each). */
async function* listS3(
  send: ReturnType<typeof s3Sender>,
  addresses: ReturnType<typeof s3Addresses>,
  prefix: string,
): AsyncIterable<StoredFile> {
  let token: string | null = null
  do {
    const query: Record<string, string> = { 'list-type': '2', prefix }
    if (token) query['continuation-token'] = token
    const response = await send('GET', addresses.bucket(query))
    if (!response.ok) throw await s3Failure('LIST', prefix, response)
    const xml = await response.text()
    for (const [, contents] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = /<Key>([\s\S]*?)<\/Key>/.exec(contents!)?.[1]
      const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(contents!)?.[1]
      if (key) yield { key: xmlText(key), modifiedAt: new Date(modified ?? 0) }
    }
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml)
    token = truncated
      ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '') || null
      : null
  } while (token)
}

export function createS3Storage(config: S3Config, options: S3Options = {}): Storage {
  const send = s3Sender(config, options)
  const addresses = s3Addresses(config)
  const sendObject = (method: string, key: string, body?: Uint8Array, contentType?: string) => {
    assertKey(key)
    return send(method, addresses.object(key), body, contentType)
  }
  return {
    backend: 's3',
    async put(key, bytes, contentType) {
      const response = await sendObject('PUT', key, bytes, contentType)
      if (!response.ok) throw await s3Failure('PUT', key, response)
      await response.arrayBuffer()
    },
    async get(key) {
      if (!isValidStorageKey(key)) return null
      const response = await sendObject('GET', key)
      if (response.status === 404) {
        await response.arrayBuffer()
        return null
      }
      if (!response.ok) throw await s3Failure('GET', key, response)
      return new Uint8Array(await response.arrayBuffer())
    },
    async delete(key) {
      if (!isValidStorageKey(key)) return
      const response = await sendObject('DELETE', key)
      if (!response.ok && response.status !== 404) throw await s3Failure('DELETE', key, response)
      await response.arrayBuffer()
    },
    url: (key) => `${UPLOADS_PATH}/${key}`,
    list: (prefix) => listS3(send, addresses, prefix),
  }
}

/**
 * A `.catch` for a clean-up delete (a file whose row is gone or never written): the file is left
 * behind and logged, and the caller goes on.
 */
export const fileLeftBehind = (key: string) => (error: unknown) =>
  currentLogger().warn('stored file not deleted; left behind', { key, error })
