// Child process of tests/integration/kill-during-generation.test.ts: opens the database at
// argv[2], starts generating a post whose AI writer never answers, says so on stdout, and waits
// to be killed with SIGKILL.
import { randomUUID } from 'node:crypto'
import { users } from '../../db/schema'
import { openDatabase } from '../../app/utils/db.server'
import { installTemplateLibrary } from '../../app/models/template-library.server'
import { listTemplateCards, getTemplate } from '../../app/models/templates.server'
import { generatePost } from '../../app/workflows/generation.server'

const handle = await openDatabase({ dataDir: process.argv[2]! })
await handle.migrate()
await installTemplateLibrary(handle.db)
const userId = randomUUID()
await handle.db.insert(users).values({ id: userId, email: `kill-${userId}@example.com` })
const card = (await listTemplateCards(handle.db))[0]!
const template = (await getTemplate(handle.db, card.id))!
const hanging = { write: () => new Promise<never>(() => process.stdout.write(`generating ${userId}\n`)) }
await generatePost({ db: handle.db, writer: hanging as never }, userId, { template, home: null, values: {} })
