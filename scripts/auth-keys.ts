// `npm run auth:keys`: where this instance's auth API is and its anon and service-role keys, for
// an outside client (supabase-js, curl). The keys come from the same signing key the server uses
// (AUTH_JWT_SECRET, else derived from SESSION_SECRET, else the one kept in the database).
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseEnv } from '../app/env.server'
import { openDatabase } from '../app/utils/db.server'
import { createEmailService } from '../app/integrations/mail/email.server'
import { devMailboxOf } from '../app/models/dev-emails.server'
import { createLogger } from '../app/utils/logger.server'
import { createAuthBackend } from '../server/auth-backend'

const env = parseEnv()
const dataDir = path.resolve(env.DATA_DIR, 'db')
if (!env.DATABASE_URL) await fs.mkdir(dataDir, { recursive: true })
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : dataDir,
  migrationsDir: env.MIGRATIONS_DIR,
})
await database.migrate()
const logger = createLogger('silent')
const email = createEmailService({ from: env.MAIL_FROM, devMailbox: devMailboxOf(database.db), logger })
const auth = await createAuthBackend({ env, db: database.db, email, logger })
await database.close()

if (auth.mode === 'hosted') {
  console.log(`Auth: Supabase em ${auth.supabaseUrl} (SUPABASE_URL); as chaves são as do painel do projeto.`)
} else {
  console.log(`SUPABASE_URL=${auth.supabaseUrl}`)
  console.log(`SUPABASE_ANON_KEY=${auth.anonKey}`)
  console.log(`SUPABASE_SERVICE_ROLE_KEY=${auth.serviceRoleKey}`)
  console.error('\nA chave de serviço dá acesso de administrador: nunca a coloque num navegador ou app público.')
}
