// npm run restore -- <backup directory> — into an empty DATA_DIR (never over an installation).
import path from 'node:path'
import { parseEnv } from '../app/env.server'
import { restore } from './backup-lib'

const env = parseEnv()
if (env.DATABASE_URL) throw new Error('DATABASE_URL is set: restore Postgres with pg_restore')
const backupDir = process.argv[2]
if (!backupDir) throw new Error('Uso / usage: npm run restore -- <diretório da cópia>')
await restore({ dataDir: path.resolve(env.DATA_DIR), backupDir: path.resolve(backupDir) })
console.log(`Restaurado em ${path.resolve(env.DATA_DIR)}.`)
