// npm run backup [-- <backup directory>] — the embedded database and the uploads of DATA_DIR,
// with the server stopped. Default directory: backups/vitrine-<date and time>.
import path from 'node:path'
import { parseEnv } from '../app/env.server'
import { backup } from './backup-lib'

const env = parseEnv()
if (env.DATABASE_URL) throw new Error('DATABASE_URL is set: back Postgres up with pg_dump')
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const backupDir = path.resolve(process.argv[2] ?? path.join('backups', `vitrine-${stamp}`))
const result = await backup({ dataDir: path.resolve(env.DATA_DIR), backupDir })
console.log(
  `Cópia de segurança pronta em ${backupDir} (banco: ${result.dbBytes} bytes, fotos: ${result.uploads ? 'sim' : 'nenhuma'}).`,
)
