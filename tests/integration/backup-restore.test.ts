// Backups (ADR 143): `npm run backup` then `npm run restore` into an empty DATA_DIR gives back the same
// rows and the same stored files; restore never overwrites an installation.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { users } from '../../db/schema'
import { openDatabase } from '../../app/utils/db.server'

let root = ''
afterAll(() => fs.rm(root, { recursive: true, force: true }))

const npm = (script: string, dataDir: string, args: string[] = []) =>
  execFileSync('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    stdio: 'pipe',
  })

test('backup then restore round-trips the database and the uploads', async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-backup-'))
  const [original, restored, copy] = ['original', 'restored', 'copy'].map((name) => path.join(root, name))
  const id = randomUUID()
  await fs.mkdir(path.join(original!, 'db'), { recursive: true })
  const handle = await openDatabase({ dataDir: path.join(original!, 'db') })
  await handle.migrate()
  await handle.db.insert(users).values({ id, email: 'copia@example.com', full_name: 'Ana Cópia' })
  await handle.close()
  const photo = path.join(original!, 'uploads', 'users', id, 'homes', 'photos', 'a', 'original.jpg')
  await fs.mkdir(path.dirname(photo), { recursive: true })
  await fs.writeFile(photo, 'bytes da foto')

  expect(npm('backup', original!, [copy!])).toMatch(/Cópia de segurança pronta/)
  npm('restore', restored!, [copy!])

  const back = await openDatabase({ dataDir: path.join(restored!, 'db') })
  try {
    const [row] = await back.db.select().from(users).where(eq(users.id, id))
    expect(row?.full_name).toBe('Ana Cópia')
  } finally {
    await back.close()
  }
  expect(await fs.readFile(photo.replace(original!, restored!), 'utf8')).toBe('bytes da foto')
  // Never over an installation.
  expect(() => npm('restore', original!, [copy!])).toThrow(/já tem um banco/)
}, 180_000)
