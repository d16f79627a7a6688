// The embedded database's image (scripts/db-image.ts: a gzipped ustar of a migrated PGlite data
// directory) written out to disk by Node, then opened by PGlite. PGlite's own `loadDataDir`
// writes the same 42 MB through its WASM file system, on the main thread and slower; `server.ts`
// runs this on a worker thread while the app's modules load (ADR 194).
import { existsSync, mkdirSync } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { x as extractTar } from 'tar'

/** Where the embedded database lives inside DATA_DIR. */
export const embeddedDataDir = (dataDir: string) => path.join(path.resolve(dataDir), 'db')

/** Does `dataDir` already hold a PGlite database? */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'))

/** The image `npm run build` makes. */
export const databaseImagePath = () => path.resolve(process.env.BUILD_DIR ?? 'build', 'db-image.tar.gz')

/**
 * Writes every directory and file of a gzipped tar archive under `into` (the `tar` package,
 * synchronously: the restore has a thread of its own, ADR 194, 234). PGlite names its entries
 * from `/` (`/pg_wal`): `tar` writes them under `into`. An entry that would land outside `into`
 * (`..`), anything but a file or a directory (a link could point outside) and a damaged archive
 * fail the whole restore instead of being skipped.
 */
export async function extractImage(image: string, into: string): Promise<void> {
  const root = path.resolve(into)
  mkdirSync(root, { recursive: true, mode: 0o700 })
  const problems: string[] = []
  try {
    extractTar({
      file: image,
      cwd: root,
      sync: true,
      filter: (name, entry) => {
        const type = 'type' in entry ? entry.type : 'File'
        if (type === 'File' || type === 'OldFile' || type === 'Directory') return true
        problems.push(`entry of an unexpected type (${type}): ${name}`)
        return false
      },
      // TAR_ENTRY_INFO is the leading `/` taken off; every other warning is an entry not written.
      onwarn: (code, message) => {
        if (code === 'TAR_ENTRY_INFO') return
        problems.push(/'\.\.'/.test(message) ? `entry outside its directory: ${message}` : `${code}: ${message}`)
      },
    })
  } catch (error) {
    throw new Error(`database image ${image} could not be read`, { cause: error })
  }
  if (problems.length > 0) throw new Error(`database image ${image}: ${problems.join('; ')}`)
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
