// The embedded default of social publishing: a "local outbox" kept in the storage service (the
// S3 bucket when configured, else DATA_DIR/uploads), so every instance shows what any worker
// published. A publication is outbox/<account>/<publication>/: the JPEGs in order, legenda.txt and
// publicacao.json, written last: a folder without it is unfinished and not shown. Writing the same
// publication again keeps the first one: publishing is idempotent.
import type { Storage } from '~/integrations/storage/storage.server'
import { currentLogger } from '~/utils/logger.server'

export type OutboxEntry = {
  publicationId: number
  /** 'story': each file went out as one Story, in order (no caption, comment or collaborators). */
  kind?: 'feed' | 'story'
  files: string[]
  caption: string
  altText: string
  /** Each image's alt text, in order. */
  altTexts?: string[]
  collaborators?: string[]
  /** The comment posted right after publishing ('' for none). */
  firstComment?: string
  publishedAt: string
}

export type OutboxInput = {
  publicationId: number
  kind?: 'feed' | 'story'
  images: Uint8Array[]
  caption: string
  altText: string
  altTexts?: string[]
  collaborators?: string[]
  firstComment?: string
}

const MANIFEST = 'publicacao.json'

export const outboxPrefix = (userId: string) => {
  if (!/^[\w-]+$/.test(userId)) throw new Error('bad outbox path')
  return `outbox/${userId}/`
}

function folderOf(userId: string, name: string) {
  return `${outboxPrefix(userId)}${name}/`
}

async function readManifest<T>(storage: Storage, key: string): Promise<T | null> {
  const bytes = await storage.get(key)
  if (!bytes) return null
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as T
  } catch (error) {
    currentLogger().error('outbox manifest unreadable; treated as absent', { key, error })
    return null
  }
}

/** Writes the publication; when it is already there (a second run), keeps the first one. */
export async function publishToOutbox(storage: Storage, userId: string, input: OutboxInput): Promise<OutboxEntry> {
  if (!Number.isSafeInteger(input.publicationId)) throw new Error('bad outbox path')
  const folder = folderOf(userId, String(input.publicationId))
  const existing = await readManifest<OutboxEntry>(storage, `${folder}${MANIFEST}`)
  if (existing) return existing
  const files = input.images.map((_, i) => `${String(i + 1).padStart(2, '0')}.jpg`)
  await Promise.all(input.images.map((bytes, i) => storage.put(`${folder}${files[i]}`, bytes, 'image/jpeg')))
  await storage.put(`${folder}legenda.txt`, new TextEncoder().encode(input.caption), 'text/plain; charset=utf-8')
  const story = input.kind === 'story'
  const entry: OutboxEntry = {
    publicationId: input.publicationId,
    kind: story ? 'story' : 'feed',
    files,
    caption: story ? '' : input.caption,
    altText: story ? '' : input.altText,
    altTexts: story ? [] : files.map((_, i) => input.altTexts?.[i] || input.altText),
    collaborators: story ? [] : (input.collaborators ?? []),
    firstComment: story ? '' : (input.firstComment ?? ''),
    publishedAt: new Date().toISOString(),
  }
  await storage.put(
    `${folder}${MANIFEST}`,
    new TextEncoder().encode(JSON.stringify(entry, null, 2)),
    'application/json',
  )
  return entry
}

/** The manifests under a user's outbox whose folder name passes `named`. */
async function manifests<T>(storage: Storage, userId: string, named: RegExp): Promise<T[]> {
  if (!/^[\w-]+$/.test(userId)) return []
  const prefix = outboxPrefix(userId)
  const keys: string[] = []
  for await (const file of storage.list(prefix)) {
    const [folder, name, ...rest] = file.key.slice(prefix.length).split('/')
    if (rest.length === 0 && name === MANIFEST && named.test(folder ?? '')) keys.push(file.key)
  }
  const entries = await Promise.all(keys.map((key) => readManifest<T>(storage, key)))
  return entries.filter((entry) => entry !== null)
}

/** Everything a user published to the outbox, newest first. */
export async function listOutbox(storage: Storage, userId: string): Promise<OutboxEntry[]> {
  const entries = await manifests<OutboxEntry>(storage, userId, /^\d+$/)
  return entries.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
}

/** One file of a user's outbox; null when there is no such file. */
export async function readOutboxFile(storage: Storage, userId: string, publicationId: number, file: string) {
  if (!/^\d{2}\.jpg$/.test(file) || !Number.isSafeInteger(publicationId) || !/^[\w-]+$/.test(userId)) return null
  return storage.get(`${folderOf(userId, String(publicationId))}${file}`)
}

/**
 * A Reel in the outbox (outbox/<user>/reel-<video>/: video.mp4, capa.jpg, legenda.txt), written
 * once; the same video as a Story is reel-<video>-story/.
 */
export async function publishReelToOutbox(
  storage: Storage,
  userId: string,
  input: {
    videoId: number
    video: Uint8Array
    cover: Uint8Array
    caption: string
    kind?: 'feed' | 'story'
    collaborators?: string[]
    firstComment?: string
  },
): Promise<string> {
  if (!Number.isSafeInteger(input.videoId)) throw new Error('bad outbox path')
  const story = input.kind === 'story'
  const folder = folderOf(userId, `reel-${input.videoId}${story ? '-story' : ''}`)
  if (await storage.get(`${folder}${MANIFEST}`)) return folder
  await storage.put(`${folder}video.mp4`, input.video, 'video/mp4')
  await storage.put(`${folder}capa.jpg`, input.cover, 'image/jpeg')
  await storage.put(`${folder}legenda.txt`, new TextEncoder().encode(input.caption), 'text/plain; charset=utf-8')
  const manifest: ReelOutboxEntry = {
    videoId: input.videoId,
    kind: story ? 'story' : 'feed',
    files: ['video.mp4', 'capa.jpg'],
    caption: story ? '' : input.caption,
    collaborators: story ? [] : (input.collaborators ?? []),
    firstComment: story ? '' : (input.firstComment ?? ''),
    publishedAt: new Date().toISOString(),
  }
  await storage.put(
    `${folder}${MANIFEST}`,
    new TextEncoder().encode(JSON.stringify(manifest, null, 2)),
    'application/json',
  )
  return folder
}

export type ReelOutboxEntry = {
  videoId: number
  kind?: 'feed' | 'story'
  files: string[]
  caption: string
  collaborators?: string[]
  firstComment?: string
  publishedAt: string
}

/** The Reels a user published to the outbox, newest first. */
export async function listReelOutbox(storage: Storage, userId: string): Promise<ReelOutboxEntry[]> {
  const entries = await manifests<ReelOutboxEntry>(storage, userId, /^reel-\d+(-story)?$/)
  return entries.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
}
