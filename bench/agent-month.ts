// The pieces of an agent's month that no other bench measures (docs/scaling.md): one
// phone photo (4000×3000, with a real photo's grain) through the upload pipeline (CPU, and the
// bytes stored: the original capped in size and its three WebP sizes), one slide as the JPEG a
// publication keeps in storage (1080×1350), and what each row of the busy tables takes in
// Postgres, indexes included, at the capacity run's size (bench/capacity-seed.ts; skipped when
// that database is absent). The month itself is added up in docs/scaling.md.
//   npx tsx bench/agent-month.ts [photos]      CAPACITY_DATABASE_URL=postgres://…/vitrine_capacity
import os from 'node:os'
import pg from 'pg'
import sharp from 'sharp'
import { processImage } from '../app/integrations/images/images.server'
import { roomPhoto, type Scene } from '../app/integrations/images/sample-photos.server'
import { toPublishedJpeg } from '../app/workflows/publication-images.server'
import { CAPACITY_DATABASE_URL } from './capacity-seed'

const PHOTOS = Number(process.argv[2] ?? 6)
const SCENES: Scene[] = ['living', 'kitchen', 'bedroom', 'bathroom', 'facade', 'pool']
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

console.log(`${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`)
const photos = await Promise.all(
  Array.from({ length: PHOTOS }, (_, i) => roomPhoto(SCENES[i % SCENES.length]!, i + 1, { width: 4000, height: 3000 })),
)
// One untimed, so that sharp's first call (its thread pool, its codecs) is not counted.
await processImage(photos[0]!, 'aquecimento.jpg')
let cpu = 0
let stored = 0
for (const [i, bytes] of photos.entries()) {
  const before = cpuMs()
  const out = await processImage(bytes, `foto-${i}.jpg`)
  cpu += cpuMs() - before
  stored += out.original.bytes.length + out.w400.length + out.w800.length + out.w1080.length
}
const sent = photos.reduce((n, p) => n + p.length, 0) / PHOTOS
console.log(
  `phone photo upload: ${(cpu / PHOTOS).toFixed(0)} ms CPU each; ${kb(sent)} sent, ${kb(stored / PHOTOS)} stored (original ≤ 2560 px + 400/800/1080 px WebP), mean of ${PHOTOS}`,
)

// A slide as a publication keeps it: a photo slide's PNG at 1080×1350, made the JPEG Meta fetches.
const slide = await sharp(photos[1]!).resize(1080, 1350, { fit: 'cover' }).png().toBuffer()
await toPublishedJpeg(slide, 'original', 'cover')
const before = cpuMs()
const jpeg = await toPublishedJpeg(slide, 'original', 'cover')
console.log(`publication slide: ${kb(jpeg.length)} stored, ${(cpuMs() - before).toFixed(0)} ms CPU (1080×1350 JPEG)`)

const sql = new pg.Client({ connectionString: CAPACITY_DATABASE_URL })
const connected = await sql.connect().then(
  () => true,
  () => false,
)
if (connected) {
  const tables = [
    'homes',
    'posts',
    'scheduled_publications',
    'approval_events',
    'listing_events',
    'leads',
    'short_links',
  ]
  console.log(
    `\nPostgres bytes per row (table, TOAST and indexes), ${new URL(CAPACITY_DATABASE_URL).pathname.slice(1)}:`,
  )
  for (const table of tables) {
    const { rows } = await sql.query(
      `select count(*)::float as n, pg_total_relation_size($1::regclass)::float as bytes from ${table}`,
      [table],
    )
    const { n, bytes } = rows[0] as { n: number; bytes: number }
    console.log(`${table.padEnd(24)} ${String(n).padStart(9)} rows ${(bytes / n).toFixed(0).padStart(6)} bytes a row`)
  }
  await sql.end()
} else console.log('no capacity database: run bench/capacity-seed.ts for the bytes per row')
