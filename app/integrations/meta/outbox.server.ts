// The embedded default of social publishing: a "local outbox" that publishes into a folder under
// DATA_DIR (outbox/<user>/<publication>/: the JPEGs in order and legenda.txt), shown on a page of
// the app. Writing the same publication again leaves the same files: publishing is idempotent.
import fs from 'node:fs/promises'
import path from 'node:path'

export type OutboxEntry = {
  publicationId: number
  files: string[]
  caption: string
  altText: string
  publishedAt: string
}

const MANIFEST = 'publicacao.json'

export function outboxRoot(dataDir: string) {
  return path.resolve(dataDir, 'outbox')
}

function folderOf(dataDir: string, userId: string, publicationId: number) {
  if (!/^[\w-]+$/.test(userId) || !Number.isSafeInteger(publicationId)) throw new Error('bad outbox path')
  return path.join(outboxRoot(dataDir), userId, String(publicationId))
}

/** Writes the publication; when it is already there (a second run), keeps the first one. */
export async function publishToOutbox(
  dataDir: string,
  userId: string,
  input: { publicationId: number; images: Uint8Array[]; caption: string; altText: string },
): Promise<OutboxEntry> {
  const folder = folderOf(dataDir, userId, input.publicationId)
  const existing = await readEntry(folder)
  if (existing) return existing
  const staging = `${folder}.tmp-${process.pid}-${Date.now()}`
  await fs.mkdir(staging, { recursive: true })
  const files = input.images.map((_, i) => `${String(i + 1).padStart(2, '0')}.jpg`)
  await Promise.all(input.images.map((bytes, i) => fs.writeFile(path.join(staging, files[i]!), bytes)))
  await fs.writeFile(path.join(staging, 'legenda.txt'), input.caption)
  const entry: OutboxEntry = {
    publicationId: input.publicationId,
    files,
    caption: input.caption,
    altText: input.altText,
    publishedAt: new Date().toISOString(),
  }
  await fs.writeFile(path.join(staging, MANIFEST), JSON.stringify(entry, null, 2))
  // The folder appears whole or not at all; a concurrent writer that lost the race keeps the first.
  try {
    await fs.rename(staging, folder)
  } catch {
    await fs.rm(staging, { recursive: true, force: true })
  }
  return (await readEntry(folder)) ?? entry
}

async function readEntry(folder: string): Promise<OutboxEntry | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(folder, MANIFEST), 'utf8')) as OutboxEntry
  } catch {
    return null
  }
}

/** Everything a user published to the outbox, newest first. */
export async function listOutbox(dataDir: string, userId: string): Promise<OutboxEntry[]> {
  const root = path.join(outboxRoot(dataDir), userId)
  const names = await fs.readdir(root).catch(() => [] as string[])
  const entries = await Promise.all(
    names.filter((name) => /^\d+$/.test(name)).map((name) => readEntry(path.join(root, name))),
  )
  return entries
    .filter((entry): entry is OutboxEntry => !!entry)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
}

/** One file of a user's outbox; null when there is no such file. */
export async function readOutboxFile(dataDir: string, userId: string, publicationId: number, file: string) {
  if (!/^\d{2}\.jpg$/.test(file)) return null
  return fs.readFile(path.join(folderOf(dataDir, userId, publicationId), file)).catch(() => null)
}

/** A Reel in the outbox (outbox/<user>/reel-<video>/: video.mp4, capa.jpg, legenda.txt), written once. */
export async function publishReelToOutbox(
  dataDir: string,
  userId: string,
  input: { videoId: number; video: Uint8Array; cover: Uint8Array; caption: string },
): Promise<string> {
  if (!/^[\w-]+$/.test(userId) || !Number.isSafeInteger(input.videoId)) throw new Error('bad outbox path')
  const folder = path.join(outboxRoot(dataDir), userId, `reel-${input.videoId}`)
  if (await fs.stat(path.join(folder, MANIFEST)).catch(() => null)) return folder
  const staging = `${folder}.tmp-${process.pid}-${Date.now()}`
  await fs.mkdir(staging, { recursive: true })
  await fs.writeFile(path.join(staging, 'video.mp4'), input.video)
  await fs.writeFile(path.join(staging, 'capa.jpg'), input.cover)
  await fs.writeFile(path.join(staging, 'legenda.txt'), input.caption)
  const manifest = {
    videoId: input.videoId,
    files: ['video.mp4', 'capa.jpg'],
    caption: input.caption,
    publishedAt: new Date().toISOString(),
  }
  await fs.writeFile(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2))
  try {
    await fs.rename(staging, folder)
  } catch {
    await fs.rm(staging, { recursive: true, force: true })
  }
  return folder
}

export type ReelOutboxEntry = { videoId: number; files: string[]; caption: string; publishedAt: string }

/** The Reels a user published to the outbox, newest first. */
export async function listReelOutbox(dataDir: string, userId: string): Promise<ReelOutboxEntry[]> {
  if (!/^[\w-]+$/.test(userId)) return []
  const root = path.join(outboxRoot(dataDir), userId)
  const names = await fs.readdir(root).catch(() => [] as string[])
  const entries = await Promise.all(
    names
      .filter((name) => /^reel-\d+$/.test(name))
      .map(async (name) => {
        try {
          return JSON.parse(await fs.readFile(path.join(root, name, MANIFEST), 'utf8')) as ReelOutboxEntry
        } catch {
          return null
        }
      }),
  )
  return entries
    .filter((entry): entry is ReelOutboxEntry => !!entry)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
}
