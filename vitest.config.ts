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
    globalSetup: ['tests/setup/global-db.ts'],
  },
})
