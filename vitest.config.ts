import path from 'node:path'
import { defineConfig } from 'vitest/config'

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
  },
})
