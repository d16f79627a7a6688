// Post images, in one run on this machine:
//   1. one warm 1080×1080 cover slide (photo, price band) rendered by Takumi → PNG, pinned to
//      one core (taskset), p50/p95; plus the palette PNG and the JPEG the app serves;
//   2. Carousel.zip of 10 slides at 1080×1350: nothing cached (photos read and resized, no PNG
//      rendered yet; also in a fresh process), then with the photos prepared, then after the
//      page's prewarm;
//   3. the same slide captured by a warm headless Chromium screenshot of the post view, and the
//      ratio (skipped with --no-browser). Run: npm run build && npx tsx bench/render.ts
import { spawn, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { chromium } from '@playwright/test'
import { DEMO_HOMES, seedHomes } from '../scripts/seed/homes'
import { DEMO_ACCOUNT } from '../scripts/seed/users'
import { posts, users } from '../db/schema'
import { makeSlide, type Slide } from '../app/domain/slides'
import { openDatabase } from '../app/utils/db.server'
import { createLogger } from '../app/utils/logger.server'
import { createPostImages, loadPublicPost } from '../app/workflows/post-images.server'
import { renderSlide, slideRenderer, storageImageLoader } from '../app/integrations/render/render.server'
import { createDiskStorage } from '../app/integrations/storage/storage.server'
import { freePort, kb } from './lib'

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const ms = (v: number) => `${v.toFixed(1)} ms`

async function timeIt(n: number, fn: () => Promise<unknown>) {
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < n; i++) {
    const c = process.cpuUsage()
    const t = performance.now()
    await fn()
    wall.push(performance.now() - t)
    const d = process.cpuUsage(c)
    cpu.push((d.user + d.system) / 1000)
  }
  return { p50: quantile(wall, 0.5), p95: quantile(wall, 0.95), cpu50: quantile(cpu, 0.5) }
}

// ------------------------------------------------------------------ child: the pinned slide run

if (process.argv[2] === '--slides') {
  const dataDir = process.argv[3]!
  const postId = process.argv[4]!
  const db = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  const storage = createDiskStorage(path.join(dataDir, 'uploads'))
  const data = (await loadPublicPost(db.db, postId))!
  const slide = data.content.slides[0]!
  const load = storageImageLoader({ storage, ownerId: data.post.user_id, media: data.home?.gallery ?? [] })
  await slideRenderer()
  for (let i = 0; i < 8; i++) await renderSlide(data.content, slide, load, { format: 'png', optimise: false })
  const png = await timeIt(40, () => renderSlide(data.content, slide, load, { format: 'png', optimise: false }))
  const palette = await timeIt(15, () => renderSlide(data.content, slide, load, { format: 'png' }))
  const jpeg = await timeIt(15, () => renderSlide(data.content, slide, load, { format: 'jpeg' }))
  const sizes = {
    png: (await renderSlide(data.content, slide, load, { format: 'png', optimise: false })).length,
    palette: (await renderSlide(data.content, slide, load, { format: 'png' })).length,
    jpeg: (await renderSlide(data.content, slide, load, { format: 'jpeg' })).length,
  }
  await db.close()
  process.stdout.write(JSON.stringify({ png, palette, jpeg, sizes }))
  process.exit(0)
}

// ------------------------------------------------------------------ child: the first zip of a process

if (process.argv[2] === '--zip-cold') {
  const dataDir = process.argv[3]!
  const db = await openDatabase({ dataDir: path.join(dataDir, 'db') })
  const storage = createDiskStorage(path.join(dataDir, 'uploads'))
  // What a server does once at start: fonts read and registered.
  const t0 = performance.now()
  await slideRenderer()
  const startup = performance.now() - t0
  const data = (await loadPublicPost(db.db, process.argv[4]!))!
  const service = createPostImages({ storage, logger: createLogger('warn'), concurrency: os.availableParallelism() })
  // A running server: it has served another post before (code compiled, glyphs drawn).
  if (process.argv[5]) {
    const other = await service.carouselZip((await loadPublicPost(db.db, process.argv[5]!))!)
    for await (const _ of other.stream) void _
  }
  const c = process.cpuUsage()
  const t = performance.now()
  const { stream, files } = await service.carouselZip(data)
  let size = 0
  let first = 0
  for await (const chunk of stream) {
    first ||= performance.now() - t
    size += (chunk as Buffer).length
  }
  const wall = performance.now() - t
  const d = process.cpuUsage(c)
  await db.close()
  process.stdout.write(
    JSON.stringify({ startup, ms: wall, first, cpu: (d.user + d.system) / 1000, size, files: files.length }),
  )
  process.exit(0)
}

// ------------------------------------------------------------------ data for the whole run

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-render-'))
const db = await openDatabase({ dataDir: path.join(dataDir, 'db') })
await db.migrate()
const storage = createDiskStorage(path.join(dataDir, 'uploads'))
const ownerId = randomUUID()
await db.db
  .insert(users)
  .values({ id: ownerId, email: 'bench@vitrine.app', full_name: DEMO_ACCOUNT.full_name, phone: DEMO_ACCOUNT.phone })
// The seeded Itaim apartment (scripts/seed/homes.ts), its photos drawn and stored as the seed does.
const seeded = await seedHomes(db.db, storage, ownerId)
const home = seeded.find((row) => row.name === DEMO_HOMES[0]!.name)!
const gallery = home.gallery
const plan = home.floor_plans[0]!

const cover = makeSlide('cover', 'cover', { image: gallery[0]!.url, caption: 'À venda' })
const [feedPost] = await db.db
  .insert(posts)
  .values({
    user_id: ownerId,
    home_id: home.id,
    template: 'post-venda-feed',
    format: 'feed',
    meta: { slides: [cover] },
    generated_at: new Date(),
  })
  .returning()
const ten: Slide[] = [
  cover,
  ...gallery
    .slice(1, 5)
    .map((item, i) => makeSlide(`p${i}`, 'photo', { image: item.url, caption: 'Ambientes amplos e iluminados' })),
  makeSlide('grid', 'photo-grid', { image: gallery[5]!.url, title: 'Tour pelo imóvel' }),
  makeSlide('feat', 'features', { title: 'Destaques do imóvel' }),
  makeSlide('plan', 'floor-plan', { image: plan.url, title: 'Planta', caption: '142 m² bem aproveitados' }),
  makeSlide('text', 'text', {
    title: 'Conheça mais sobre o nosso produto',
    description: 'A duas quadras do Parque do Povo.',
    button: 'Saiba mais',
  }),
  makeSlide('close', 'closing', { title: 'Agende sua visita', button: 'Quero visitar', showAvatar: true }),
]
const [carousel] = await db.db
  .insert(posts)
  .values({
    user_id: ownerId,
    home_id: home.id,
    template: 'carrossel-venda',
    format: 'carousel',
    meta: { slides: ten },
    generated_at: new Date(),
  })
  .returning()
// Another post the server has already served (the same slides at feed size: nothing of it is
// reusable for the carousel: other boxes, other photo preparations, other PNGs).
const [otherPost] = await db.db
  .insert(posts)
  .values({
    user_id: ownerId,
    home_id: home!.id,
    template: 'carrossel-venda',
    format: 'feed',
    meta: { slides: ten },
    generated_at: new Date(),
  })
  .returning()

// ------------------------------------------------------------------ 2. Carousel.zip (both cores)

const logger = createLogger('warn')
await db.close()
const runChild = (args: string[], pinned: boolean, env: Record<string, string> = {}) => {
  const child = spawnSync(
    pinned ? 'taskset' : process.execPath,
    [...(pinned ? ['-c', '0', process.execPath] : []), '--import', 'tsx', path.resolve('bench/render.ts'), ...args],
    { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 20 },
  )
  if (child.status !== 0) throw new Error(`${args[0]} run failed: ${child.stderr}`)
  return JSON.parse(child.stdout.slice(child.stdout.indexOf('{'))) as unknown
}
type ColdZip = { startup: number; ms: number; first: number; cpu: number; size: number; files: number }
const median = (runs: ColdZip[]) => [...runs].sort((a, b) => a.ms - b.ms)[1]!
const zipCold = median(
  [1, 2, 3].map(() => runChild(['--zip-cold', dataDir, carousel!.public_id, otherPost!.public_id], false) as ColdZip),
)
const zipFresh = median([1, 2, 3].map(() => runChild(['--zip-cold', dataDir, carousel!.public_id], false) as ColdZip))

const dbAgain = await openDatabase({ dataDir: path.join(dataDir, 'db') })
async function zipOnce() {
  const data = (await loadPublicPost(dbAgain.db, carousel!.public_id))!
  const service = createPostImages({ storage, logger, concurrency: os.availableParallelism() })
  const c = process.cpuUsage()
  const t = performance.now()
  const { stream, files } = await service.carouselZip(data)
  let size = 0
  for await (const chunk of stream) size += (chunk as Buffer).length
  const d = process.cpuUsage(c)
  return { ms: performance.now() - t, cpu: (d.user + d.system) / 1000, size, files: files.length }
}
await slideRenderer()
await zipOnce()
const zipWarm: Array<Awaited<ReturnType<typeof zipOnce>>> = []
for (let i = 0; i < 5; i++) zipWarm.push(await zipOnce())
// As the app does it: opening the post page pre-renders the PNGs, the download comes after.
let zipPrewarmed: Awaited<ReturnType<typeof zipOnce>>
{
  const data = (await loadPublicPost(dbAgain.db, carousel!.public_id))!
  const service = createPostImages({ storage, logger, concurrency: os.availableParallelism() })
  const t = performance.now()
  void service.prewarm(data)
  // The download a moment later joins the renders still in flight.
  await new Promise((r) => setTimeout(r, 50))
  const { stream, files } = await service.carouselZip(data)
  let size = 0
  for await (const chunk of stream) size += (chunk as Buffer).length
  const total = performance.now() - t
  const c = process.cpuUsage()
  const t2 = performance.now()
  const again = await service.carouselZip(data)
  for await (const _ of again.stream) void _
  const d = process.cpuUsage(c)
  zipPrewarmed = { ms: performance.now() - t2, cpu: (d.user + d.system) / 1000, size, files: files.length }
  console.log(`(prewarm + download: ${total.toFixed(0)} ms in all)`)
}
await dbAgain.close()

// ------------------------------------------------------------------ 1. one slide, one core

const pinned = spawnSync('taskset', ['--version']).status === 0
const slides = runChild(['--slides', dataDir, feedPost!.public_id], pinned, { UV_THREADPOOL_SIZE: '1' }) as {
  png: { p50: number; p95: number; cpu50: number }
  palette: { p50: number; p95: number; cpu50: number }
  jpeg: { p50: number; p95: number; cpu50: number }
  sizes: { png: number; palette: number; jpeg: number }
}

// ------------------------------------------------------------------ 3. headless Chromium

const browserRun = !process.argv.includes('--no-browser')
let shot: { p50: number; p95: number } | null = null
let load: { p50: number; p95: number } | null = null
if (browserRun) {
  const port = await freePort()
  const server = spawn(process.execPath, ['build/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_DISABLED: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless'],
  })
  try {
    // The frame's CSS width, then a device scale that makes its screenshot 1080 px wide.
    const probe = await browser.newPage({ viewport: { width: 600, height: 900 } })
    await probe.goto(`${base}/posts/${feedPost!.public_id}`, { waitUntil: 'networkidle' })
    const width = (await probe.locator('[data-slide-frame]').first().boundingBox())!.width
    await probe.close()
    const context = await browser.newContext({
      viewport: { width: 600, height: 1400 },
      deviceScaleFactor: 1080 / width,
    })
    const page = await context.newPage()
    const frame = page.locator('[data-slide-frame]').first()
    const capture = async () => frame.screenshot({ type: 'png', animations: 'disabled' })
    await page.goto(`${base}/posts/${feedPost!.public_id}`, { waitUntil: 'networkidle' })
    for (let i = 0; i < 5; i++) await capture()
    shot = await timeIt(30, capture)
    load = await timeIt(10, async () => {
      await page.goto(`${base}/posts/${feedPost!.public_id}`, { waitUntil: 'networkidle' })
      await capture()
    })
    const sample = await capture()
    const { default: sharp } = await import('sharp')
    const meta = await sharp(sample).metadata()
    console.log(`(Chromium capture: ${meta.width}×${meta.height} PNG, ${kb(sample.length)})`)
    await context.close()
  } finally {
    await browser.close()
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
  }
}
await fs.rm(dataDir, { recursive: true, force: true })

// ------------------------------------------------------------------ report

const cores = os.availableParallelism()
const mark = (ok: boolean) => (ok ? 'within the goal' : 'OVER the goal')
const row = (label: string, t: { p50: number; p95: number; cpu50: number }, size: number) =>
  console.log(`   ${label.padEnd(36)} p50 ${ms(t.p50)}   p95 ${ms(t.p95)}   CPU p50 ${ms(t.cpu50)}   ${kb(size)}`)
console.log(
  `\nPost images — ${os.cpus()[0]?.model ?? 'CPU'} × ${cores}, load ${os.loadavg()[0]!.toFixed(2)}, Node ${process.version}`,
)
console.log(
  `\n1. One warm 1080×1080 cover slide (photo + price band)${pinned ? ', pinned to one core (taskset -c 0, UV_THREADPOOL_SIZE=1)' : ''}`,
)
row('Takumi → PNG (truecolour)', slides.png, slides.sizes.png)
row('Takumi → raw → palette PNG (served)', slides.palette, slides.sizes.palette)
row('Takumi → raw → JPEG (sharing)', slides.jpeg, slides.sizes.jpeg)
console.log(
  `   goal ≤ 40 ms p50: Takumi PNG ${mark(slides.png.p50 <= 40)}, palette PNG ${mark(slides.palette.p50 <= 40)}`,
)
const warmZip = quantile(
  zipWarm.map((z) => z.ms),
  0.5,
)
const warmCpu = quantile(
  zipWarm.map((z) => z.cpu),
  0.5,
)
console.log(`\n2. Carousel.zip, 10 slides at 1080×1350 (${zipCold.files} files), ${cores} cores`)
console.log(
  `   nothing cached (median of 3)                 ${ms(zipCold.ms)}   first byte ${ms(zipCold.first)}   CPU ${ms(zipCold.cpu)}   ${kb(zipCold.size)}`,
)
console.log(`     (a running server: photos read and resized, PNGs drawn; it served another post before)`)
console.log(
  `   first request of a fresh process            ${ms(zipFresh.ms)}   first byte ${ms(zipFresh.first)}   CPU ${ms(zipFresh.cpu)}`,
)
console.log(`     (fonts registered before it: ${ms(zipFresh.startup)}, not counted)`)
console.log(
  `   photos prepared, no PNG cached (p50 of 5)    ${ms(warmZip)}   CPU ${ms(warmCpu)}   ${kb(zipWarm[0]!.size)}`,
)
console.log(
  `   PNGs rendered when the page opened           ${ms(zipPrewarmed.ms)}   CPU ${ms(zipPrewarmed.cpu)}   ${kb(zipPrewarmed.size)}`,
)
console.log(`   goal ≤ 0.6 s, ≤ 6 MB: ${mark(zipCold.ms <= 600 && zipCold.size <= 6 * 1024 * 1024)}`)
if (shot && load) {
  console.log(`\n3. Headless Chromium, same slide from the post view (element screenshot at 1080 px)`)
  console.log(`   screenshot of the loaded page        p50 ${ms(shot.p50)}   p95 ${ms(shot.p95)}`)
  console.log(`   page load + screenshot               p50 ${ms(load.p50)}   p95 ${ms(load.p95)}`)
  console.log(`\n   ratio Chromium screenshot / Takumi PNG render (p50): ${(shot.p50 / slides.png.p50).toFixed(2)}×`)
  console.log(`   ratio Chromium load+screenshot / Takumi PNG render (p50): ${(load.p50 / slides.png.p50).toFixed(2)}×`)
}
