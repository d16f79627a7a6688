// Renders every slide of every template in the library (and one of each layout at each format)
// with the built-in renderer to PNG files, for looking at them: before and after a renderer or
// layout change, compare the two directories (`--compare A B OUT` puts them side by side).
//   npx tsx scripts/slide-gallery.ts /tmp/slides
//   npx tsx scripts/slide-gallery.ts --compare /tmp/before /tmp/after /tmp/side-by-side
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { Home, MediaItem, Slide } from '../db/schema'
import { floorPlan, roomPhoto, type Scene } from '../app/integrations/images/sample-photos.server'
import { buildPostContent } from '../app/domain/post-content'
import { planSlides, readTemplateDesign, seededRandom, type TemplateFormat } from '../app/domain/post-plan'
import { makeSlide } from '../app/domain/slides'
import { LIBRARY_TEMPLATES } from '../app/domain/template-library'
import { applyCopy } from '../app/domain/copy'
import { writeOfflineCopy } from '../app/domain/copywriter/offline'
import { storeHomeImage } from '../app/integrations/images/images.server'
import { renderSlide, storageImageLoader } from '../app/integrations/render/render.server'
import { createDiskStorage } from '../app/integrations/storage/storage.server'

async function compare(a: string, b: string, out: string) {
  await fs.mkdir(out, { recursive: true })
  for (const name of (await fs.readdir(a)).filter((n) => n.endsWith('.png')).sort()) {
    const left = await fs.readFile(path.join(a, name))
    const right = await fs.readFile(path.join(b, name)).catch(() => null)
    if (!right) {
      console.log(`${name}: missing in ${b}`)
      continue
    }
    const meta = await sharp(left).metadata()
    const w = Math.round(meta.width! / 2)
    const h = Math.round(meta.height! / 2)
    const half = (png: Buffer) => sharp(png).resize(w, h).png().toBuffer()
    await sharp({ create: { width: 2 * w + 12, height: h, channels: 3, background: '#FF00FF' } })
      .composite([
        { input: await half(left), left: 0, top: 0 },
        { input: await half(right), left: w + 12, top: 0 },
      ])
      .png()
      .toFile(path.join(out, name))
    // Mean absolute difference per channel (0–255) at quarter size, where photo grain and
    // antialiasing average out and layout shifts remain: a hint of where to look first.
    const raw = async (png: Buffer) =>
      sharp(png)
        .resize(Math.round(meta.width! / 4), Math.round(meta.height! / 4))
        .removeAlpha()
        .raw()
        .toBuffer()
    const [x, y] = [await raw(left), await raw(right)]
    let sum = 0
    for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - (y[i] ?? 0))
    console.log(`${name}: mean Δ ${(sum / x.length).toFixed(2)}`)
  }
}

if (process.argv[2] === '--compare') {
  await compare(process.argv[3]!, process.argv[4]!, process.argv[5]!)
  process.exit(0)
}

const out = path.resolve(process.argv[2] ?? path.join(os.tmpdir(), 'vitrine-slides'))
await fs.mkdir(out, { recursive: true })
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-gallery-'))
const storage = createDiskStorage(dir)
const ownerId = randomUUID()
const gallery: MediaItem[] = []
const scenes: Scene[] = ['facade', 'living', 'kitchen', 'bedroom', 'bathroom', 'pool', 'balcony']
for (const [n, scene] of scenes.entries())
  gallery.push(
    await storeHomeImage(
      storage,
      ownerId,
      { name: `${scene}.jpg`, bytes: await roomPhoto(scene, n) },
      { featured: n === 0 },
    ),
  )
const plan = await storeHomeImage(
  storage,
  ownerId,
  { name: 'planta.png', bytes: await floorPlan(3) },
  { folder: 'plans' },
)
const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect x="10" y="30" width="140" height="140" rx="28" fill="#0B6E4F"/><text x="170" y="125" font-family="sans-serif" font-size="72" font-weight="700" fill="#0B6E4F">Imobiliária</text></svg>`
const logo = await storeHomeImage(
  storage,
  ownerId,
  { name: 'logo.png', bytes: await sharp(Buffer.from(logoSvg)).png().toBuffer() },
  { folder: 'logos' },
)

function home(rent: boolean, theme: Home['theme']): Home {
  return {
    name: 'Apartamento 3 suítes com varanda gourmet no Itaim Bibi',
    status: rent ? 'rent' : 'sale',
    category: 'apartment',
    stage: null,
    price: rent ? null : 245000000,
    rental_price: rent ? 650000 : null,
    condominium_price: 280000,
    iptu_price: 75000,
    area: 142,
    bedrooms: 3,
    suites: 3,
    bathrooms: 4,
    parking_spaces: 2,
    features: ['gourmet_balcony', 'air_conditioning', 'built_in_cabinets'],
    amenities: ['pool', 'gym', 'sauna'],
    neighborhood: 'Itaim Bibi',
    city: 'São Paulo',
    state: 'SP',
    gallery,
    floor_plans: [plan],
    theme,
  } as unknown as Home
}

const owner = (withLogo: boolean) => ({
  full_name: 'Ana Souza',
  phone: '(11) 98765-4321',
  theme: withLogo ? { logo: logo.url } : null,
})
const load = storageImageLoader({ storage, ownerId, media: [...gallery, plan, logo] })

async function renderPost(name: string, format: TemplateFormat, slides: Slide[], h: Home | null, withLogo: boolean) {
  const content = buildPostContent({
    post: { id: 1, template: name, format, meta: { slides }, media: null },
    home: h,
    owner: owner(withLogo),
  })
  for (const [i, slide] of slides.entries()) {
    const png = await renderSlide(content, slide, load, { format: 'png' })
    await fs.writeFile(path.join(out, `${name}-${i + 1}-${slide.type}.png`), png)
  }
}

// Every template of the library, planned and written as the app does it (offline writer).
for (const [n, template] of LIBRARY_TEMPLATES.entries()) {
  const random = seededRandom(n + 1)
  const design = readTemplateDesign(template.design)
  const h = template.needs_home
    ? home(
        template.category === 'aluguel',
        n % 3 === 2 ? { primary_color: '#0B6E4F', secondary_color: '#F2C14E', font: 'Playfair Display' } : null,
      )
    : null
  const planned = planSlides({ design, format: template.format, home: h, random })
  const copy = writeOfflineCopy(
    {
      template: { name: template.name, kind: design.kind, format: template.format },
      home: h as never,
      fields: template.fields,
      values: {},
      agent: { name: 'Ana Souza', phone: '(11) 98765-4321', email: 'ana@example.com' },
      slides: planned,
      messages: [],
    },
    random,
  )
  await renderPost(template.slug, template.format, applyCopy(planned, copy), h, n % 2 === 1)
  console.log(template.slug)
}

// Each layout at each format, with long texts (the fit and clamp paths) and the logo.
const every: Slide[] = [
  makeSlide('a', 'cover', {
    title: 'Um título bem longo que precisa quebrar em várias linhas e ainda caber no espaço do slide sem sair',
    image: gallery[0]!.url,
    caption: 'Lançamento exclusivo',
  }),
  makeSlide('b', 'photo', { image: gallery[1]!.url, caption: 'Sala integrada com a varanda gourmet e vista livre' }),
  makeSlide('c', 'photo-grid', { image: gallery[2]!.url, title: 'Tour pelo imóvel' }),
  makeSlide('d', 'features', {}),
  makeSlide('e', 'floor-plan', { image: plan.url, caption: '142 m² bem aproveitados' }),
  makeSlide('f', 'text', {
    title: 'Conheça mais sobre o nosso produto',
    button: 'Saiba mais',
    description: 'A duas quadras do Parque do Povo, perto do metrô e de tudo o que você precisa. '.repeat(4),
  }),
  makeSlide('g', 'closing', {
    showAvatar: true,
    button: 'Quero visitar',
    description: 'Fale comigo pelo WhatsApp e agende sua visita ainda esta semana.',
  }),
  makeSlide('h', 'cover', { image: null, title: 'Capa sem foto' }),
]
for (const format of ['feed', 'carousel', 'story'] as const) {
  await renderPost(`layouts-${format}`, format, every, home(false, null), false)
  await renderPost(
    `layouts-${format}-logo`,
    format,
    every,
    home(true, { primary_color: '#7A1F3D', secondary_color: '#E9C46A', font: 'Playfair Display' }),
    true,
  )
}
await fs.rm(dir, { recursive: true, force: true })
console.log(`slides written to ${out}`)
