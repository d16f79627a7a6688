// Builds build/db-image.tar.gz: an embedded (PGlite) database with every migration applied, so a
// fresh DATA_DIR starts from it instead of running initdb and the migrations (see ADR 046).
// Run by `npm run build`; DB_IMAGE names another output file.
import fs from 'node:fs/promises'
import path from 'node:path'
import { openDatabase } from '../app/utils/db.server'

const out = path.resolve(process.env.DB_IMAGE ?? 'build/db-image.tar.gz')
const handle = await openDatabase({})
await handle.migrate()
const image = await handle.dumpImage!()
await handle.close()
await fs.mkdir(path.dirname(out), { recursive: true })
await fs.writeFile(out, Buffer.from(await image.arrayBuffer()))
console.log(`database image: ${path.relative(process.cwd(), out)} (${(image.size / 1024).toFixed(0)} KB)`)
