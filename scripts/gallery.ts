// The library at a glance: every template × cover composition × style, for three sample
// properties (a flat to rent, a luxury house, a plot of land), drawn by the built-in renderer into
// one contact sheet: gallery/index.html with its thumbnails beside it (git-ignored; nothing here
// is committed). Text templates are drawn on every occasion's art in both its compositions, and
// each carousel once in full (numbers, features grid, plan).
//   npm run gallery
//   npm run gallery -- --templates=venda-post-feed,datas-post-feed --styles=classico --out=/tmp/g
// Filters: --templates, --styles, --compositions, --properties (aluguel,luxo,terreno), --out.
// --logo=claro|escuro: the agent has a logo with its background removed (a white or a dark
// wordmark), to see where it is drawn bare and where it gets a plate.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { MediaItem } from '../app/domain/media'
import type { Home } from '../app/models/homes.server'
import { floorPlan, roomPhoto, type Scene } from '../app/integrations/images/sample-photos.server'
import { COMPOSITION_IDS, COMPOSITIONS, defaultComposition, type CompositionId } from '../app/domain/compositions'
import { applyCopy } from '../app/domain/copy'
import { writeOfflineCopy } from '../app/domain/copywriter/offline'
import { ART_COMPOSITIONS, ART_THEME_LABELS, ART_THEMES, type ArtTheme } from '../app/domain/occasion-art'
import { buildPostContent, mainSlide, type PostContent } from '../app/domain/post-content'
import { planSlides, readTemplateDesign, seededRandom } from '../app/domain/post-plan'
import { POST_STYLE_IDS, postStyle, type PostStyleId } from '../app/domain/post-style'
import { visibleSlides, type Slide } from '../app/domain/slides'
import { LIBRARY_TEMPLATES, type LibraryTemplate } from '../app/domain/template-library'
import { storeHomeImage } from '../app/integrations/images/images.server'
import { renderSlide, storageImageLoader, type ImageLoader } from '../app/integrations/render/render.server'
import { createDiskStorage, type Storage } from '../app/integrations/storage/storage.server'

const THUMB = 300

function option(name: string): string[] | null {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`))
  return arg
    ? arg
        .slice(name.length + 3)
        .split(',')
        .filter(Boolean)
    : null
}

const out = path.resolve(option('out')?.[0] ?? 'gallery')
const onlyTemplates = option('templates')
const styles = (option('styles') ?? [...POST_STYLE_IDS]) as PostStyleId[]
const compositions = (option('compositions') ?? [...COMPOSITION_IDS]) as CompositionId[]

type Sample = { key: string; label: string; home: Home }

// ------------------------------------------------------------------ the sample properties

/** A plot of land photographed from the street: grass, a fence, trees, sky. */
async function plotPhoto(): Promise<Buffer> {
  const posts = Array.from(
    { length: 14 },
    (_, i) => `<rect x="${60 + i * 115}" y="760" width="14" height="150" fill="#8B6B4A"/>`,
  ).join('')
  const trees = [
    [220, 640, 120],
    [1320, 600, 150],
    [1480, 660, 100],
  ]
    .map(
      ([x, y, r]) =>
        `<rect x="${x! - 12}" y="${y}" width="24" height="${r! * 1.2}" fill="#5B4636"/><circle cx="${x}" cy="${y}" r="${r}" fill="#3F7D4E"/>`,
    )
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7FB7E6"/><stop offset="1" stop-color="#D6ECF8"/></linearGradient></defs>
    <rect width="1600" height="760" fill="url(#s)"/>
    <path d="M0 700 Q400 640 800 690 T1600 660 L1600 760 L0 760 Z" fill="#8FB07A"/>
    ${trees}
    <rect y="760" width="1600" height="440" fill="#9CC06B"/>
    <path d="M0 1200 L640 760 L960 760 L1600 1200 Z" fill="#B5D07F"/>
    <rect x="0" y="800" width="1600" height="10" fill="#8B6B4A"/>${posts}
    <rect x="1100" y="880" width="200" height="120" rx="8" fill="#FFFFFF"/><rect x="1190" y="1000" width="20" height="120" fill="#6B7280"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer()
}

async function samples(storage: Storage, ownerId: string): Promise<{ list: Sample[]; media: MediaItem[] }> {
  const media: MediaItem[] = []
  const store = async (name: string, bytes: Buffer, options: Parameters<typeof storeHomeImage>[3] = {}) => {
    const item = await storeHomeImage(storage, ownerId, { name, bytes }, options)
    media.push(item)
    return item
  }
  const gallery = async (scenes: Scene[], seed: number, captions: string[]) =>
    Promise.all(
      scenes.map(async (scene, n) => ({
        ...(await store(`${scene}-${seed}.jpg`, await roomPhoto(scene, seed + n), { featured: n === 0 })),
        caption: captions[n] ?? null,
      })),
    )
  const plan = await store('planta.png', await floorPlan(3), { folder: 'plans' })
  const rent = {
    name: 'Apartamento 2 quartos a 300 m do metrô Fradique Coutinho',
    status: 'rent',
    category: 'apartment',
    price: null,
    rental_price: 320000,
    condominium_price: 65000,
    iptu_price: 12000,
    area: 68,
    bedrooms: 2,
    suites: 1,
    bathrooms: 2,
    parking_spaces: 1,
    features: ['balcony', 'built_in_cabinets'],
    amenities: ['gym', 'laundry'],
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    gallery: await gallery(['living', 'kitchen', 'bedroom', 'bathroom', 'balcony'], 1, [
      '',
      'Cozinha americana integrada à sala',
      'Suíte com armários planejados',
    ]),
    floor_plans: [plan],
    theme: null,
  }
  const luxury = {
    name: 'Casa de alto padrão com piscina e 5 suítes em Alphaville',
    status: 'sale',
    category: 'house',
    price: 890000000,
    rental_price: null,
    condominium_price: 180000,
    iptu_price: 95000,
    area: 620,
    bedrooms: 5,
    suites: 5,
    bathrooms: 7,
    parking_spaces: 6,
    features: ['gourmet_balcony', 'air_conditioning', 'built_in_cabinets'],
    amenities: ['pool', 'gym', 'sauna'],
    neighborhood: 'Alphaville',
    city: 'Barueri',
    state: 'SP',
    gallery: await gallery(['facade', 'pool', 'living', 'kitchen', 'bedroom', 'bathroom'], 11, [
      '',
      'Piscina aquecida com deck de madeira',
      'Living com pé-direito duplo',
    ]),
    floor_plans: [plan],
    theme: { primary_color: '#1F2A24', secondary_color: '#C8A96A', font: 'Playfair Display' },
  }
  const plot = {
    name: 'Terreno plano de 600 m² em condomínio fechado',
    status: 'sale',
    category: 'land',
    price: 45000000,
    rental_price: null,
    condominium_price: 42000,
    iptu_price: null,
    area: 600,
    bedrooms: null,
    suites: null,
    bathrooms: null,
    parking_spaces: null,
    features: [],
    amenities: ['gated_community'],
    neighborhood: 'Residencial Santa Clara',
    city: 'Itupeva',
    state: 'SP',
    gallery: [{ ...(await store('terreno.jpg', await plotPhoto(), { featured: true })), caption: 'Vista da rua' }],
    floor_plans: [],
    theme: { primary_color: '#2F5D3A', secondary_color: '#E9B949', font: 'Montserrat' },
  }
  const all: Sample[] = [
    { key: 'aluguel', label: 'Apartamento para alugar', home: rent as unknown as Home },
    { key: 'luxo', label: 'Casa de luxo à venda', home: luxury as unknown as Home },
    { key: 'terreno', label: 'Terreno à venda', home: plot as unknown as Home },
  ]
  const wanted = option('properties')
  return { list: wanted ? all.filter((s) => wanted.includes(s.key)) : all, media }
}

// ------------------------------------------------------------------ drawing

const OWNER = {
  full_name: 'Ana Souza',
  phone: '(11) 98765-4321',
  theme: { creci: 'CRECI-SP 123456-F', instagram: '@anasouza.imoveis' } as Record<string, string>,
}

/** A wordmark on a transparent background, as the brand step keeps a logo whose background it removed. */
async function storeLogo(storage: Storage, ownerId: string, tone: 'claro' | 'escuro'): Promise<string> {
  const ink = tone === 'claro' ? '#FFFFFF' : '#1F2A44'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="200">
    <path d="M40 150 L110 60 L180 150 Z" fill="none" stroke="${ink}" stroke-width="14" stroke-linejoin="round"/>
    <text x="210" y="125" font-family="sans-serif" font-weight="700" font-size="78" fill="${ink}">Ana Souza</text>
    <text x="214" y="170" font-family="sans-serif" font-size="34" letter-spacing="6" fill="${ink}">IMÓVEIS</text>
  </svg>`
  const key = `users/${ownerId}/brand/logo-${tone}.png`
  await storage.put(key, await sharp(Buffer.from(svg)).png().toBuffer(), 'image/png')
  return `/uploads/${key}`
}

/** The post a template makes, as the app plans and writes it (offline writer). */
function post(template: LibraryTemplate, n: number, home: Home | null, fields: Record<string, unknown>): PostContent {
  const random = seededRandom(n + 1)
  const design = readTemplateDesign(template.design)
  const planned = planSlides({ design, format: template.format, home, random })
  const copy = writeOfflineCopy(
    {
      template: { name: template.name, kind: design.kind, format: template.format },
      home: home as never,
      fields: template.fields,
      values: fields,
      agent: { name: OWNER.full_name, phone: OWNER.phone, email: null },
      slides: planned,
      messages: [],
    },
    random,
  )
  return buildPostContent({
    post: {
      id: n,
      template: template.slug,
      format: template.format,
      meta: { slides: applyCopy(planned, copy), fields },
      media: null,
    },
    home,
    owner: OWNER as never,
  })
}

let drawn = 0

/** One slide as a thumbnail JPEG under `out`; its file name. */
async function draw(content: PostContent, slide: Slide, load: ImageLoader, name: string): Promise<string> {
  const png = await renderSlide(content, slide, load, { format: 'png', optimise: false })
  const file = `${name}.jpg`
  await sharp(png)
    .resize({ width: THUMB })
    .jpeg({ quality: 80 })
    .toFile(path.join(out, 'img', file))
  drawn += 1
  if (drawn % 50 === 0) console.log(`${drawn} slides drawn`)
  return file
}

/** Runs the jobs two at a time (the renderer and sharp use the other core). */
async function pool<T>(jobs: Array<() => Promise<T>>, width = 2): Promise<T[]> {
  const results: T[] = new Array(jobs.length)
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++
        results[i] = await jobs[i]!()
      }
    }),
  )
  return results
}

// ------------------------------------------------------------------ the sheet

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

type Cell = { file: string; title: string }
type Table = {
  heading: string
  note: string
  groups: Array<{ label: string; span: number }>
  columns: string[]
  rows: Array<{ label: string; cells: Cell[] }>
}

function tableHtml(table: Table): string {
  const img = (cell: Cell) =>
    `<td><a href="img/${cell.file}"><img src="img/${cell.file}" alt="${escape(cell.title)}" title="${escape(cell.title)}" loading="lazy"></a></td>`
  return `<section>
  <h2>${escape(table.heading)}</h2><p>${escape(table.note)}</p>
  <div class="scroll"><table>
    ${table.groups.length ? `<tr><th></th>${table.groups.map((g) => `<th colspan="${g.span}" class="group">${escape(g.label)}</th>`).join('')}</tr>` : ''}
    <tr><th></th>${table.columns.map((c) => `<th>${escape(c)}</th>`).join('')}</tr>
    ${table.rows.map((row) => `<tr><th class="row">${escape(row.label)}</th>${row.cells.map(img).join('')}</tr>`).join('\n    ')}
  </table></div>
</section>`
}

function pageHtml(tables: Table[], summary: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Vitrine — galeria de modelos</title>
<style>
  body { font: 14px/1.4 Inter, system-ui, sans-serif; margin: 24px; color: #111827; background: #F3F4F6 }
  h1 { font-size: 24px; margin: 0 0 4px } h2 { font-size: 18px; margin: 32px 0 2px } p { margin: 0 0 8px; color: #4B5563 }
  .scroll { overflow-x: auto } table { border-collapse: collapse } td { padding: 3px; vertical-align: top }
  th { font-weight: 600; font-size: 12px; color: #374151; padding: 4px; text-align: center; white-space: nowrap }
  th.group { border-bottom: 2px solid #9CA3AF } th.row { text-align: right; max-width: 140px; white-space: normal }
  img { display: block; width: 132px; height: auto; border-radius: 4px; box-shadow: 0 1px 3px rgba(0,0,0,.2); background: #fff }
</style></head><body>
<h1>Galeria de modelos</h1><p>${escape(summary)}</p>
${tables.map(tableHtml).join('\n')}
</body></html>
`
}

// ------------------------------------------------------------------ main

await fs.rm(out, { recursive: true, force: true })
await fs.mkdir(path.join(out, 'img'), { recursive: true })
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-gallery-'))
const storage = createDiskStorage(dir)
const ownerId = randomUUID()
const { list: properties, media } = await samples(storage, ownerId)
const logoTone = option('logo')?.[0]
if (logoTone === 'claro' || logoTone === 'escuro') OWNER.theme.logo = await storeLogo(storage, ownerId, logoTone)
const load = storageImageLoader({ storage, ownerId, media })
const templates = LIBRARY_TEMPLATES.filter((t) => !onlyTemplates || onlyTemplates.includes(t.slug))
const styleLabel = (s: PostStyleId) => postStyle(s).label
const tables: Table[] = []
const started = performance.now()

for (const [n, template] of templates.entries()) {
  const design = readTemplateDesign(template.design)
  if (template.needs_home) {
    // Rows: compositions; columns: each property in each style.
    const fallback = defaultComposition(design)
    const rows = await pool(
      compositions.map((composition) => async () => ({
        label: `${COMPOSITIONS[composition].label}${composition === fallback ? ' (padrão)' : ''}`,
        cells: await pool(
          properties.flatMap((sample) =>
            styles.map((style) => async () => {
              const content = post(template, n, sample.home, { composition, style })
              const title = `${template.name} · ${COMPOSITIONS[composition].label} · ${styleLabel(style)} · ${sample.label}`
              const file = await draw(
                content,
                mainSlide(content),
                load,
                `${template.slug}-${composition}-${style}-${sample.key}`,
              )
              return { file, title }
            }),
          ),
          1,
        ),
      })),
      2,
    )
    tables.push({
      heading: template.name,
      note: `${template.slug} · ${template.format} · capa por composição (linhas), estilo e imóvel (colunas)`,
      groups: properties.map((sample) => ({ label: sample.label, span: styles.length })),
      columns: properties.flatMap(() => styles.map(styleLabel)),
      rows,
    })
  } else {
    // Text templates: the occasions' art (holiday templates: every occasion; the rest: the generic art).
    const themes: ArtTheme[] = design.kind === 'holiday' ? [...ART_THEMES] : ['generica']
    const rows = await pool(
      themes.flatMap((theme) =>
        Array.from({ length: ART_COMPOSITIONS }, (_, composition) => async () => ({
          label: `${ART_THEME_LABELS[theme]} ${composition + 1}`,
          cells: await pool(
            styles.map((style) => async () => {
              const fields = {
                style,
                ...(theme !== 'generica' || design.kind === 'holiday' ? { occasion: theme } : {}),
              }
              // The composition follows from the post's id: ids 0 and 1 give the two.
              const content = post(template, composition, null, fields)
              const title = `${template.name} · ${ART_THEME_LABELS[theme]} ${composition + 1} · ${styleLabel(style)}`
              const file = await draw(
                content,
                mainSlide(content),
                load,
                `${template.slug}-${theme}-${composition}-${style}`,
              )
              return { file, title }
            }),
            1,
          ),
        })),
      ),
      2,
    )
    tables.push({
      heading: template.name,
      note: `${template.slug} · ${template.format} · arte por data e composição (linhas), estilo (colunas)`,
      groups: [],
      columns: styles.map(styleLabel),
      rows,
    })
  }
  // A carousel once in full: its numbers, photos with their captions, the features and the plan.
  if (template.format === 'carousel') {
    const sample = properties.find((s) => s.key === 'luxo') ?? properties[0]
    const content = post(template, n, template.needs_home ? (sample?.home ?? null) : null, {
      composition: defaultComposition(design),
      style: styles[0],
    })
    const slides = visibleSlides(content.slides)
    const cells = await pool(
      slides.map((slide, i) => async () => ({
        file: await draw(content, slide, load, `${template.slug}-carrossel-${i + 1}`),
        title: `${template.name} · slide ${i + 1}/${slides.length}`,
      })),
    )
    tables.push({
      heading: `${template.name} — carrossel completo`,
      note: `${styleLabel(styles[0]!)}${template.needs_home && sample ? ` · ${sample.label}` : ''}`,
      groups: [],
      columns: slides.map((_, i) => `${i + 1}/${slides.length}`),
      rows: [{ label: 'Slides', cells }],
    })
  }
  console.log(`${template.slug}: done`)
}

const seconds = ((performance.now() - started) / 1000).toFixed(0)
const summary = `${drawn} imagens de ${templates.length} modelos, ${styles.length} estilos, ${properties.length} imóveis de exemplo; desenhadas em ${seconds} s.`
await fs.writeFile(path.join(out, 'index.html'), pageHtml(tables, summary))
await fs.rm(dir, { recursive: true, force: true })
console.log(`${summary}\n${path.join(out, 'index.html')}`)
