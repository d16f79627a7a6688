import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

// The files that take longest (10–30 s each, the rest ≤ 8 s) start first, so that neither worker
// is left running a long one alone at the end. Vitest orders by the last run's durations, which a
// fresh clone does not have, and then by file size, which put most of these last (ADR 204).
const SLOW_FILES = [
  'app/integrations/render/contrast.server.test.ts',
  'tests/integration/backup-restore.test.ts',
  'app/integrations/render/layout-stress.server.test.ts',
  'tests/integration/scheduling-restart.test.ts',
  'tests/integration/publishing.test.ts',
  'tests/integration/db-image.test.ts',
  'tests/integration/kill-during-publishing.test.ts',
  'tests/integration/seed-homes.test.ts',
  'tests/integration/kill-during-generation.test.ts',
  'tests/integration/media-kits.test.ts',
  'tests/integration/hot-queries.test.ts',
]

class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow))
      return index < 0 ? SLOW_FILES.length : index
    }
    const sorted = await super.sort(files)
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file)
  }
}

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'db/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest keeps one core for itself by default (one fork on this 2-core machine); the files
    // share nothing (each has its own database, tests/setup/db.ts), so both cores run files.
    maxWorkers: 2,
    minWorkers: 1,
    // A worker runs its files one after another in one process instead of a new process per
    // file: the app's modules, the renderer and its fonts are loaded once per worker, not 97
    // times (≈ 25 % off the stage, ADR 202). The files still share no data: each has its own
    // database, and the tests stub no module, global or environment variable.
    isolate: false,
    globalSetup: ['tests/setup/global-db.ts'],
    sequence: { sequencer: SlowFilesFirst },
  },
})
