// npm run seed — the demo data (idempotent): demo account, admin, properties with photos made
// in code, and the template library. `npm run seed -- --without-demo-homes` leaves out the
// properties (drawing their photos is most of its time): the end-to-end tests' server, whose
// tests each make their own agent and property (ADR 205).
import { createAuthBackend } from '../server/auth-backend'
import path from 'node:path'
import fs from 'node:fs/promises'
import { parseEnv } from '../app/env.server'
import { openDatabase } from '../app/utils/db.server'
import { createAdminClient } from '../app/utils/auth.server'
import { createEmailService } from '../app/integrations/mail/email.server'
import { devMailboxOf } from '../app/models/dev-emails.server'
import { createLogger } from '../app/utils/logger.server'
import { createStorage, storageConfigFromEnv } from '../app/integrations/storage/storage.server'
import { recoverStuckPosts } from '../app/models/posts.server'
import { installTemplateLibrary, shippedLibrary } from '../app/models/template-library.server'
import { seedHomes } from './seed/homes'
import { adminAccountFor, seedUsers } from './seed/users'
import { seedDemoSubscription } from './seed/billing'

const env = parseEnv()
try {
  // In production the admin needs SEED_ADMIN_PASSWORD: refuse before anything is written.
  adminAccountFor(env)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
const dataDir = path.resolve(env.DATA_DIR, 'db')
if (!env.DATABASE_URL) await fs.mkdir(dataDir, { recursive: true })
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.DATABASE_URL ? undefined : dataDir,
  migrationsDir: env.MIGRATIONS_DIR,
})
await database.migrate()
// Demo account (demo@vitrine.app / vitrine123) and admin (admin@vitrine.app / vitrine-admin).
const logger = createLogger(env.LOG_LEVEL)
const email = createEmailService({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  devMailbox: devMailboxOf(database.db),
  logger,
})
const auth = await createAuthBackend({ env, db: database.db, email, logger })
const { demoUserId, adminUserId } = await seedUsers(database.db, createAdminClient(auth).auth.admin, env)
logger.info('seeded accounts', { demoUserId, adminUserId })
await seedDemoSubscription(database.db, demoUserId)
const storage = createStorage({ ...storageConfigFromEnv(env), dataDir: path.resolve(env.DATA_DIR) })
if (!process.argv.includes('--without-demo-homes')) {
  const demoHomes = await seedHomes(database.db, storage, demoUserId)
  logger.info('seeded properties', { count: demoHomes.length })
}
const library = await installTemplateLibrary(database.db, shippedLibrary({ testTemplates: env.TEST_TEMPLATES }))
const recoveredPosts = await recoverStuckPosts(database.db)
logger.info('template library ready', { ...library, recoveredPosts })
await database.close()
console.log('Dados de demonstração prontos.')
