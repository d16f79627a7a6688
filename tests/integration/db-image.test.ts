// The database image `npm run build` makes (scripts/db-image.ts): a fresh DATA_DIR starts from it
// with the migrations applied, the template library in and pg-boss's schema made, so the first
// start inserts nothing and migrates nothing (ADR 046, 193).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { installTemplateLibrary, shippedLibrary } from '~/models/template-library.server'
import { gzipSync } from 'node:zlib'
import { extractImage, restoreImage } from '~/utils/db-image.server'
import { openDatabase } from '~/utils/db.server'

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-image-'))
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

test(
  'a fresh data dir from the build image already holds the template library and the job queue',
  { timeout: 120_000 },
  async () => {
    const image = path.join(dir, 'db-image.tar.gz')
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-image.ts'], {
      env: { ...process.env, DB_IMAGE: image },
      stdio: 'pipe',
    })

    const handle = await openDatabase({ dataDir: path.join(dir, 'db'), image })
    try {
      await handle.migrate()
      const client = (
        handle.db as unknown as { $client: { query(sql: string): Promise<{ rows: Record<string, unknown>[] }> } }
      ).$client
      const { rows } = await client.query("select to_regclass('pgboss.job') is not null as queue")
      expect(rows[0]).toEqual({ queue: true })
      // Written out beside the data dir and renamed into place: nothing of the staging copy is left.
      expect((await fs.readdir(dir)).sort()).toEqual(['db', 'db-image.tar.gz'])
      const library = shippedLibrary({})
      expect(await installTemplateLibrary(handle.db, library)).toEqual({
        inserted: 0,
        updated: 0,
        unchanged: library.templates.length,
      })
    } finally {
      await handle.close()
    }
  },
)

/**
 * A gzipped ustar image at `image` holding one file `name` (under 512 bytes) with `body`, written
 * by hand: no tar writer would store a name such as `../outside.txt`.
 */
async function writeOneFileImage(image: string, name: string, body: string) {
  const header = Buffer.alloc(512)
  header.write(name, 0)
  header.write('0000600\0', 100)
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124)
  header.write('0', 156)
  header.write('ustar\0', 257)
  header.fill(' ', 148, 156) // the checksum counts its own field as spaces
  const checksum = header.reduce((sum, byte) => sum + byte, 0)
  header.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148)
  await fs.writeFile(image, gzipSync(Buffer.concat([header, Buffer.from(body.padEnd(512, '\0')), Buffer.alloc(1024)])))
}

test('the image is never written over a data dir that holds something, nor outside its directory', async () => {
  const image = path.join(dir, 'evil.tar.gz')
  await writeOneFileImage(image, '../outside.txt', 'oi!\n')
  await expect(extractImage(image, path.join(dir, 'evil'))).rejects.toThrow(/outside its directory/)
  await expect(fs.access(path.join(dir, 'outside.txt'))).rejects.toThrow()

  const kept = path.join(dir, 'kept')
  await fs.mkdir(kept)
  await fs.writeFile(path.join(kept, 'notes.txt'), 'mine')
  expect(await restoreImage(image, kept)).toBe(false)
  expect(await fs.readdir(kept)).toEqual(['notes.txt'])
})

test('a copy left half-written by a start cut short is removed by the next restore; one still being written is not', async () => {
  const image = path.join(dir, 'small.tar.gz')
  await writeOneFileImage(image, 'PG_VERSION', '17\n')
  const dataDir = path.join(dir, 'data', 'db')
  await fs.mkdir(path.dirname(dataDir), { recursive: true })
  // A start killed during its restore (its process is gone), and one restoring right now (this one's parent).
  const abandoned = `${dataDir}.restoring-999999999`
  const live = `${dataDir}.restoring-${process.ppid}`
  for (const copy of [abandoned, live]) {
    await fs.mkdir(copy)
    await fs.writeFile(path.join(copy, 'PG_VERSION'), '17\n')
  }

  expect(await restoreImage(image, dataDir)).toBe(true)
  expect(await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n')
  expect((await fs.readdir(path.dirname(dataDir))).sort()).toEqual(['db', path.basename(live)])
})
