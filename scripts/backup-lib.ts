// Backups of the embedded installation (ADR 143): the PGlite database as its own data-directory
// dump (the format openDatabase starts a new database from) and the uploads folder, side by side
// in one directory. Run with the server stopped (PGlite is one process). Postgres and S3 have
// their own backup tools (pg_dump, bucket versioning); these commands refuse them.
import fs from 'node:fs/promises'
import path from 'node:path'
import { openDatabase } from '../app/utils/db.server'

export type BackupPaths = { dataDir: string; backupDir: string }

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  )
}

export async function backup({ dataDir, backupDir }: BackupPaths): Promise<{ dbBytes: number; uploads: boolean }> {
  const dbDir = path.join(dataDir, 'db')
  if (!(await exists(path.join(dbDir, 'PG_VERSION'))))
    throw new Error(`Nenhum banco embutido em ${dbDir} / no embedded database there`)
  if (await exists(backupDir)) throw new Error(`${backupDir} já existe / already exists`)
  await fs.mkdir(backupDir, { recursive: true })
  const handle = await openDatabase({ dataDir: dbDir })
  try {
    const dump = await handle.dumpImage!()
    const bytes = new Uint8Array(await dump.arrayBuffer())
    await fs.writeFile(path.join(backupDir, 'db.tar.gz'), bytes)
    const uploads = path.join(dataDir, 'uploads')
    const hasUploads = await exists(uploads)
    if (hasUploads) await fs.cp(uploads, path.join(backupDir, 'uploads'), { recursive: true })
    return { dbBytes: bytes.byteLength, uploads: hasUploads }
  } finally {
    await handle.close()
  }
}

/** Into an empty DATA_DIR only: a restore never overwrites an installation. */
export async function restore({ dataDir, backupDir }: BackupPaths): Promise<void> {
  const image = path.join(backupDir, 'db.tar.gz')
  if (!(await exists(image))) throw new Error(`${image} não encontrado / not found`)
  const dbDir = path.join(dataDir, 'db')
  if (await exists(path.join(dbDir, 'PG_VERSION')))
    throw new Error(`${dbDir} já tem um banco / already holds a database`)
  await fs.mkdir(dbDir, { recursive: true })
  const handle = await openDatabase({ dataDir: dbDir, image })
  try {
    // Migrations the backup predates are applied now.
    await handle.migrate()
  } finally {
    await handle.close()
  }
  if (await exists(path.join(backupDir, 'uploads')))
    await fs.cp(path.join(backupDir, 'uploads'), path.join(dataDir, 'uploads'), {
      recursive: true,
      errorOnExist: true,
      force: false,
    })
}
