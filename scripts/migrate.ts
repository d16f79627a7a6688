// npm run db:migrate — applies the committed migrations to DATABASE_URL or ./data/db.
import path from 'node:path'
import fs from 'node:fs/promises'
import { parseEnv } from '../app/env.server'
import { openDatabase } from '../app/utils/db.server'

const env = parseEnv()
const dataDir = path.resolve(env.DATA_DIR, 'db')
if (!env.DATABASE_URL) await fs.mkdir(dataDir, { recursive: true })
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : dataDir,
  migrationsDir: env.MIGRATIONS_DIR,
})
await database.migrate()
await database.close()
console.log(`Migrações aplicadas (${database.driver}).`)
