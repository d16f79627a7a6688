// Builds build/db-image.tar.gz: an embedded (PGlite) database with every migration applied, the
// shipped template library installed and pg-boss's schema made, so a fresh DATA_DIR starts from
// it instead of running initdb, the migrations, 27 template inserts and pg-boss's own
// migrations (ADR 046, 193). A start still checks both and updates what changed.
// Run by `npm run build`; DB_IMAGE names another output file.
import fs from 'node:fs/promises'
import path from 'node:path'
import { createJobsOn } from '../app/utils/jobs.server'
import { installTemplateLibrary, shippedLibrary } from '../app/models/template-library.server'
import { openDatabase } from '../app/utils/db.server'
import { createLogger } from '../app/utils/logger.server'

const out = path.resolve(process.env.DB_IMAGE ?? 'build/db-image.tar.gz')
const handle = await openDatabase({})
await handle.migrate()
await installTemplateLibrary(handle.db, shippedLibrary({}))
const jobs = createJobsOn(handle, undefined, createLogger('warn'))
await jobs.start()
await jobs.stop()
const image = await handle.dumpImage!()
await handle.close()
await fs.mkdir(path.dirname(out), { recursive: true })
await fs.writeFile(out, Buffer.from(await image.arrayBuffer()))
console.log(`database image: ${path.relative(process.cwd(), out)} (${(image.size / 1024).toFixed(0)} KB)`)
