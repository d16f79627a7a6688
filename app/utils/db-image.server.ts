// The embedded database's image (scripts/db-image.ts: a gzipped ustar of a migrated PGlite data
// directory) written out to disk by Node, then opened by PGlite. PGlite's own `loadDataDir`
// writes the same 42 MB through its WASM file system, on the main thread and slower; `server.ts`
// runs this on a worker thread while the app's modules load (ADR 194).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'

const BLOCK = 512

/** DATA_DIR when unset (env.server.ts). */

/** Where the embedded database lives inside DATA_DIR. */
export const embeddedDataDir = (dataDir: string) => path.join(path.resolve(dataDir), 'db')

/** Does `dataDir` already hold a PGlite database? */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'))

/** The image `npm run build` makes. */
export const databaseImagePath = () => path.resolve(process.env.BUILD_DIR ?? 'build', 'db-image.tar.gz')

/** A NUL-terminated field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

type Entry = { target: string; directory: boolean; mode: number; body: Buffer }

/** The entries of an uncompressed ustar archive, each checked to stay under `root`. */
function entries(tar: Buffer, root: string): Entry[] {
  const list: Entry[] = []
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK)
    if (header[0] === 0) break // the two empty blocks that end an archive
    const name = [field(header, 345, 155), field(header, 0, 100)].filter(Boolean).join('/')
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8)
    const mode = Number.parseInt(field(header, 100, 8).trim() || '0', 8) & 0o777
    const type = header[156]
    const target = path.resolve(root, `./${name}`)
    if (target !== root && !target.startsWith(root + path.sep))
      throw new Error(`database image entry outside its directory: ${name}`)
    if (type !== 0x35 /* '5' */ && type !== 0x30 /* '0' */ && type !== 0)
      throw new Error(`database image entry of an unexpected type (${String.fromCharCode(type ?? 0)}): ${name}`)
    const body = offset + BLOCK
    list.push({ target, directory: type === 0x35, mode, body: tar.subarray(body, body + size) })
    offset = body + Math.ceil(size / BLOCK) * BLOCK
  }
  return list
}

/** Writes every directory and file of a gzipped ustar archive under `into`. */
export async function extractImage(image: string, into: string): Promise<void> {
  // Inflated in this thread: the restore has one of its own (ADR 194, 234).
  const gzipped = readFileSync(image)
  // Inflated into one buffer of the archive's size (gzip's last four bytes, ISIZE): no 8 MB
  // steps joined afterwards, half the memory touched (≈ 190 ms less CPU).
  const tar = gunzipSync(gzipped, { chunkSize: Math.max(64 << 10, gzipped.readUInt32LE(gzipped.length - 4) + 1) })
  const root = path.resolve(into)
  const list = entries(tar, root)
  const directories = new Set([
    root,
    ...list.map((entry) => (entry.directory ? entry.target : path.dirname(entry.target))),
  ])
  // Parents before children: sorted by path, each made on its own (no recursive walk per file).
  // Written one after another with synchronous calls: the restore has a thread of its own (ADR
  // 194). Eight writes in flight through the thread pool took ≈ 430 ms more CPU, mostly the
  // kernel's, for the same 1,240 files (ADR 234).
  for (const dir of [...directories].sort()) mkdirSync(dir, { recursive: true, mode: 0o700 })
  for (const entry of list) if (!entry.directory) writeFileSync(entry.target, entry.body, { mode: entry.mode || 0o600 })
}

/** Is process `pid` running? (Signal 0 only asks; EPERM: it runs, as another user.) */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the half-written copies (`<dataDir>.restoring-<pid>`) that starts cut short left beside
 * `dataDir`, 42 MB each, unless their process still runs: another start restoring at this moment.
 */
async function removeAbandonedCopies(dataDir: string): Promise<void> {
  const prefix = `${path.basename(dataDir)}.restoring-`
  const siblings = await fs.readdir(path.dirname(dataDir)).catch(() => [])
  for (const name of siblings) {
    if (!name.startsWith(prefix)) continue
    const pid = Number(name.slice(prefix.length))
    if (!Number.isInteger(pid) || pid <= 0 || (pid !== process.pid && running(pid))) continue
    await fs.rm(path.join(path.dirname(dataDir), name), { recursive: true, force: true })
  }
}

/**
 * Restores the image as `dataDir` when that directory is missing or empty: written beside it
 * first and renamed into place, so a start cut short never leaves half a database behind (and
 * the copy such a start left is removed by the next one). False when there is no image or
 * `dataDir` holds anything (its owner decides).
 */
export async function restoreImage(image: string, dataDir: string): Promise<boolean> {
  if (
    !(await fs.stat(image).then(
      (stat) => stat.isFile(),
      () => false,
    ))
  )
    return false
  const existing = await fs.readdir(dataDir).catch(() => [])
  if (existing.length > 0) return false
  await removeAbandonedCopies(dataDir)
  const staging = `${dataDir}.restoring-${process.pid}`
  await extractImage(image, staging)
  await fs.rm(dataDir, { recursive: true, force: true })
  await fs.rename(staging, dataDir)
  return true
}
