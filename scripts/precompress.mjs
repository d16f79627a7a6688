// `npm run build`, after the client build: a brotli (quality 11) and a gzip (level 9) copy beside
// every hashed script and stylesheet, so the server sends them as they are instead of compressing
// the same bytes on every request (server/precompressed.ts, ADR 203). A copy that would not be
// smaller is not written.
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const dir = process.argv[2] ?? 'build/client/assets'
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/

const files = (await fs.readdir(dir)).filter((name) => COMPRESSIBLE.test(name))
let raw = 0
let sent = 0
await Promise.all(
  files.map(async (name) => {
    const file = path.join(dir, name)
    const bytes = await fs.readFile(file)
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(bytes, { level: 9 }),
    ])
    raw += bytes.length
    sent += Math.min(bytes.length, br.length)
    if (br.length < bytes.length) await fs.writeFile(`${file}.br`, br)
    if (gz.length < bytes.length) await fs.writeFile(`${file}.gz`, gz)
  }),
)
console.log(
  `precompressed ${files.length} files in ${dir}: ${(raw / 1024).toFixed(0)} KB → ${(sent / 1024).toFixed(0)} KB with brotli`,
)
