// A test file's world for the property models: its own database with the given people's `users`
// rows, and a disk storage in a fresh temporary directory. `close` removes both.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { users } from '../../db/schema'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { createTestDatabase } from '../setup/db'

export async function agentsOnDisk(name: string, ids: string[]) {
  const handle = await createTestDatabase()
  const dir = await mkdtemp(path.join(tmpdir(), `vitrine-${name}-`))
  await handle.db.insert(users).values(ids.map((id) => ({ id, email: `${name}-${id}@example.com` })))
  return {
    handle,
    storage: createDiskStorage(dir),
    async close() {
      await handle.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
