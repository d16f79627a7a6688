// The database image `npm run build` makes (scripts/db-image.ts): a fresh DATA_DIR starts from it
// with the migrations applied, the template library in and pg-boss's schema made, so the first
// start inserts nothing and migrates nothing (ADR 046, 193).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { installTemplateLibrary, shippedLibrary } from '~/models/template-library.server'
import { openDatabase } from '~/utils/db.server'

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-image-'))
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

test('a fresh data dir from the build image already holds the template library and the job queue', { timeout: 120_000 }, async () => {
  const image = path.join(dir, 'db-image.tar.gz')
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db-image.ts'], { env: { ...process.env, DB_IMAGE: image }, stdio: 'pipe' })

  const handle = await openDatabase({ dataDir: path.join(dir, 'db'), image })
  try {
    await handle.migrate()
    const client = (handle.db as unknown as { $client: { query(sql: string): Promise<{ rows: Record<string, unknown>[] }> } }).$client
    const { rows } = await client.query("select to_regclass('pgboss.job') is not null as queue")
    expect(rows[0]).toEqual({ queue: true })
    const library = shippedLibrary({})
    expect(await installTemplateLibrary(handle.db, library)).toEqual({ inserted: 0, updated: 0, unchanged: library.templates.length })
  } finally {
    await handle.close()
  }
})
