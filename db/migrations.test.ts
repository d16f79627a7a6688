// The committed migrations' last snapshot is the schema: `npm run db:generate` writes only the
// next change. Two migrations written side by side once left two snapshots on one parent, and
// drizzle-kit then refused to generate anything.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'

test('drizzle-kit finds db/schema.ts already migrated: no new migration to write', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-migrations-'))
  try {
    fs.cpSync(path.resolve('db/migrations'), out, { recursive: true })
    const before = fs.readdirSync(out).sort()
    // drizzle-kit puts './' before --out: the copy is named relative to the project.
    const run = spawnSync(
      path.resolve('node_modules/.bin/drizzle-kit'),
      ['generate', '--dialect', 'postgresql', '--schema', './db/schema.ts', '--out', path.relative(process.cwd(), out)],
      { encoding: 'utf8' },
    )
    expect(`${run.stdout}${run.stderr}`).toContain('No schema changes')
    expect(fs.readdirSync(out).sort()).toEqual(before)
  } finally {
    fs.rmSync(out, { recursive: true, force: true })
  }
}, 60_000)
