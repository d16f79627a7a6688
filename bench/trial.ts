// "Experimente sem cadastro" (ADR 269): the sample property made for a visitor — the first in a
// process (draws and processes the 7 sample images) and the next ones (stores the processed files
// only) — and the cleanup of one left trial. Wall time each, one at a time, PGlite and disk storage.
//   npx tsx bench/trial.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { users } from '../db/schema'
import { createDiskStorage } from '../app/integrations/storage/storage.server'
import { createDemoBilling } from '../app/integrations/stripe/demo.server'
import { createLogger } from '../app/utils/logger.server'
import { createTrialHome } from '../app/workflows/trial.server'
import { deleteUnusedTrials } from '../app/workflows/trial-cleanup-job.server'
import { createTestDatabase } from '../tests/setup/db'

const handle = await createTestDatabase()
const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-bench-trial-'))
const storage = createDiskStorage(dir)
const visitor = async () => {
  const id = crypto.randomUUID()
  await handle.db.insert(users).values({ id, email: null, anonymous_seen_at: new Date() })
  return id
}
const times: number[] = []
for (let i = 0; i < 4; i++) {
  const id = await visitor()
  const start = performance.now()
  await createTrialHome(handle.db, storage, id)
  times.push(performance.now() - start)
}
const old = await visitor()
await createTrialHome(handle.db, storage, old)
await handle.db
  .update(users)
  .set({ anonymous_seen_at: new Date(0) })
  .where(eq(users.id, old))
const start = performance.now()
await deleteUnusedTrials({
  db: handle.db,
  storage,
  billing: createDemoBilling(),
  logger: createLogger('silent'),
  deleteAuthUser: async () => {},
})
const cleanup = performance.now() - start
console.log(
  `sample property: first ${times[0]!.toFixed(0)} ms (draws and processes), then ${times
    .slice(1)
    .map((t) => t.toFixed(0))
    .join(', ')} ms; cleanup of one left trial ${cleanup.toFixed(0)} ms`,
)
await handle.close()
await rm(dir, { recursive: true, force: true })
