// The stress test of ADR 160, a visual check that stays. Every shipped template is generated (offline
// writer) in every style, in its own format (feed, 4:5 carousel/portrait, 9:16 story), on
// properties that stress the layout (tests/support/stress-homes.ts). Each slide is laid out by
// Takumi and its measurement is read: every text run must sit inside its own box, every text
// box inside the canvas (and a story's inside Instagram's safe zones), no text may be cut
// (clamped or ended with an ellipsis) and none may be under 28 px. Contact sheets go to
// test-results/ for a person.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fromJsx } from '@takumi-rs/helpers/jsx'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { floorPlan, roomPhoto } from '~/integrations/images/sample-photos.server'
import { parseFieldValues } from '~/domain/fields/schema'
import { templateFormFields } from '~/domain/fields/template-fields'
import { defaultValues } from '~/domain/fields/values'
import type { HomeFacts } from '~/domain/home-facts'
import { buildPostContent, type PostContent } from '~/domain/post-content'
import { COMPOSITION_IDS, defaultComposition, type CompositionId } from '~/domain/compositions'
import { planSlides, readTemplateDesign, seededRandom } from '~/domain/post-plan'
import { POST_STYLE_IDS, type PostStyleId } from '~/domain/post-style'
import { interpolatePrompts, promptVariables } from '~/domain/prompts'
import { visibleSlides, type Slide } from '~/domain/slides'
import { LIBRARY_TEMPLATES, type LibraryTemplate } from '~/domain/template-library'
import { writeOfflineCopy } from '~/domain/copywriter/offline'
import { applyCopy } from '~/domain/copy'
import { slideInput, slideRenderer, type ImageLoader } from './render.server'
import { STRESS_HOMES } from '../../../tests/support/stress-homes'

type Node = { type?: string; text?: string; style?: Record<string, unknown>; children?: Node[] }
type Run = { text: string; x: number; y: number; width: number; height: number }
type Measured = { width: number; height: number; transform: number[]; children: Measured[]; runs: Run[] }
type Rect = { x0: number; y0: number; x1: number; y1: number }

const AGENT = { name: 'Imobiliária Marina Costa Negócios Imobiliários de Alto Padrão', phone: '(11) 98765-4321' }
const BRAND = { creci: 'CRECI-SP 123456-F', instagram: 'marinacosta.imoveis', whatsapp: '11987654321' }
const SCENES = ['living', 'facade', 'kitchen', 'pool', 'bedroom', 'balcony'] as const

const photoCache = new Map<string, Promise<Uint8Array>>()
const load: ImageLoader = async (ref) => {
  const match = /^\/uploads\/stress\/(\w[\w-]*)\/(\d+)\./.exec(ref)
  if (!match) return null
  const [, group, n] = match
  // 40 photos share six drawings: what is stressed is the layout, not the decoder.
  const key = group === 'plan' ? `plan-${n}` : SCENES[Number(n) % SCENES.length]!
  if (!photoCache.has(key))
    photoCache.set(
      key,
      group === 'plan'
        ? floorPlan(Number(n))
        : roomPhoto(key as never, Number(n) + 3, { width: 800, height: 600, grain: 0 }),
    )
  return photoCache.get(key)!
}

function answers(template: LibraryTemplate, home: HomeFacts, style: PostStyleId): Record<string, unknown> {
  const fields = templateFormFields(template)
  const values = defaultValues(fields)
  for (const field of fields) {
    if (!field.required || values[field.name] !== undefined) continue
    if (field.type === 'home') values[field.name] = String(home.id)
    else if (field.options?.length) values[field.name] = field.options.at(-1)!.value
    else if (field.type === 'money') values[field.name] = '135.000.000,00'
    else if (field.type === 'date') values[field.name] = '2026-12-05'
    else if (field.type === 'time') values[field.name] = '10:00'
    else values[field.name] = 'Atendimento impecável do começo ao fim, com muita paciência e dedicação'
  }
  for (const field of fields.filter((item) => item.type === 'repeater'))
    for (const item of (values[field.name] as Array<Record<string, unknown>>) ?? [])
      for (const sub of field.repeater?.fields ?? [])
        if (sub.required && item[sub.name] === undefined) item[sub.name] = '3 quartos com suíte'
  if (fields.some((field) => field.name === 'style')) values.style = style
  const parsed = parseFieldValues(fields, values, { homeIds: [home.id] })
  return parsed.success ? parsed.data : {}
}

function generate(
  template: LibraryTemplate,
  home: HomeFacts | null,
  style: PostStyleId,
  seed: number,
  composition: CompositionId,
): PostContent {
  const fields = templateFormFields(template)
  const values = answers(template, home ?? STRESS_HOMES[0]!.home, style)
  const design = readTemplateDesign(template.design)
  const slides = planSlides({ design, format: template.format, home, random: seededRandom(seed) })
  const messages = interpolatePrompts(template.prompts, promptVariables({ home, fields, values }))
  const copy = writeOfflineCopy(
    {
      template: { name: template.name, kind: design.kind, format: template.format },
      home,
      fields,
      values,
      agent: AGENT,
      slides,
      messages,
    },
    seededRandom(seed),
  )
  // Text posts have no "Estilo" field; the stress test still draws them in every style.
  const post = {
    id: seed,
    template: template.slug,
    format: template.format,
    meta: { slides: applyCopy(slides, copy), fields: { ...values, style, composition } },
    media: null,
  }
  return buildPostContent({ post, home, owner: { full_name: AGENT.name, phone: AGENT.phone, theme: BRAND } })
}

/** The axis-aligned box of a measured node on the canvas (its transform is absolute). */
function rectOf(node: Measured): Rect {
  const [a, b, c, d, e, f] = node.transform as [number, number, number, number, number, number]
  const xs = [0, node.width].flatMap((x) => [0, node.height].map((y) => a * x + c * y + e))
  const ys = [0, node.width].flatMap((x) => [0, node.height].map((y) => b * x + d * y + f))
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) }
}

const runsOf = (node: Measured): Run[] => [...node.runs, ...node.children.flatMap(runsOf)]
const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '')
const px = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' ? parseFloat(value) : NaN)

/** Every problem of one laid-out slide, in words. */
function problems(node: Node, measured: Measured, canvas: Rect, safe: Rect, fontSize = 16): string[] {
  const size = Number.isFinite(px(node.style?.fontSize)) ? px(node.style!.fontSize) : fontSize
  if (node.type !== 'text') {
    const children = node.children ?? []
    return children.flatMap((child, i) =>
      measured.children[i] ? problems(child, measured.children[i]!, canvas, safe, size) : [],
    )
  }
  const text = String(node.text ?? '').trim()
  if (!text) return []
  const found: string[] = []
  const label = `"${text.slice(0, 40)}"`
  if (size < 28) found.push(`${label} is ${size} px (under 28)`)
  const box = rectOf(measured)
  if (box.x0 < canvas.x0 - 1 || box.y0 < canvas.y0 - 1 || box.x1 > canvas.x1 + 1 || box.y1 > canvas.y1 + 1)
    found.push(`${label} leaves the canvas`)
  else if (box.y0 < safe.y0 - 1 || box.y1 > safe.y1 + 1)
    found.push(`${label} is under Instagram's bars (${Math.round(box.y0)}–${Math.round(box.y1)})`)
  const runs = runsOf(measured)
  // Glyphs may rise above a tight line box (line-height < 1.2): each line's middle must be
  // inside. A wrapped line's run keeps its trailing space, which hangs past the edge unseen.
  const outside = runs.find((run) => {
    const hang = /\s$/.test(run.text) ? run.height * 0.4 : 2
    return (
      run.x < -1 ||
      run.x + run.width > measured.width + hang ||
      run.y + run.height / 2 < 0 ||
      run.y + run.height / 2 > measured.height + 1
    )
  })
  if (outside) found.push(`${label} overflows its box ("${outside.text}")`)
  const drawn = runs.map((run) => run.text).join('')
  if (drawn.includes('…') && !text.includes('…')) found.push(`${label} is cut with an ellipsis ("${drawn.slice(-30)}")`)
  else if (squash(drawn) !== squash(text)) found.push(`${label} is cut: drawn "${drawn.slice(0, 60)}"`)
  return found
}

async function layOut(content: PostContent, slide: Slide, withPixels: boolean) {
  const renderer = await slideRenderer()
  const input = await slideInput(content, slide, load)
  const { node } = await fromJsx(input.element)
  const { width, height } = input.size
  const options = { width, height, images: input.images ?? [], css: ['* { box-sizing: content-box }'] }
  const measured = (await renderer.measure(node, options)) as unknown as Measured
  const pixels = withPixels ? await renderer.render(node, { ...options, format: 'raw' }) : null
  const story = height >= 1800
  const found = problems(
    node as Node,
    measured,
    { x0: 0, y0: 0, x1: width, y1: height },
    { x0: 0, y0: story ? 250 : 0, x1: width, y1: height - (story ? 340 : 0) },
  )
  return { found, pixels, width, height }
}

const CELL = 180

async function thumb(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .resize(CELL)
    .png()
    .toBuffer()
}

describe('every template × style × format holds data that stresses it', { timeout: 600_000 }, () => {
  test('no text leaves its box, none is cut or under 28 px, stories keep to the safe zones', async () => {
    const failures: string[] = []
    const grid: Array<Array<Buffer | null>> = []
    const carousels: Array<{ label: string; cells: Buffer[] }> = []
    let slidesChecked = 0
    for (const [t, template] of LIBRARY_TEMPLATES.entries()) {
      const row: Array<Buffer | null> = []
      for (const [s, style] of POST_STYLE_IDS.entries()) {
        // One stress property per template and style, rotating, so all four meet every style.
        const picks = template.needs_home ? [STRESS_HOMES[(t + s) % 4]!] : [null]
        for (const [p, pick] of picks.entries()) {
          // The template's own cover in the first style; the others rotate through every composition.
          const composition =
            s === 0
              ? defaultComposition(readTemplateDesign(template.design))
              : COMPOSITION_IDS[(t * POST_STYLE_IDS.length + s) % COMPOSITION_IDS.length]!
          const content = generate(template, pick?.home ?? null, style, t * 31 + s * 7 + p + 1, composition)
          const slides = visibleSlides(content.slides)
          const sheetAll = p === 0 && template.format === 'carousel' && (t + s) % 3 === 0
          const cells: Buffer[] = []
          const seen = new Set<string>()
          for (const [index, slide] of slides.entries()) {
            // A carousel's later photo and text slides repeat a layout already checked in it.
            const layout = `${slide.type}:${index === 0}`
            if (seen.has(layout) && !sheetAll) continue
            seen.add(layout)
            const wantPixels = (p === 0 && index === 0) || sheetAll
            const { found, pixels, width, height } = await layOut(content, slide, wantPixels)
            slidesChecked += 1
            failures.push(
              ...found.map(
                (f) => `${template.slug} [${style}, ${pick?.key ?? 'sem imóvel'}] #${index + 1} ${slide.type}: ${f}`,
              ),
            )
            if (pixels) {
              const png = await thumb(pixels, width, height)
              if (p === 0 && index === 0) row.push(png)
              if (sheetAll) cells.push(png)
            }
          }
          if (sheetAll) carousels.push({ label: `${template.slug} ${style}`, cells })
        }
      }
      grid.push(row)
    }
    await writeSheets(grid, carousels)
    console.info(
      `layout stress: ${slidesChecked} slides of ${LIBRARY_TEMPLATES.length} templates × ${POST_STYLE_IDS.length} styles`,
    )
    expect(slidesChecked).toBeGreaterThan(200)
    expect(failures).toEqual([])
  })
})

/** Rows of templates × columns of styles (first slide), and whole carousels, one per row. */
async function writeSheets(grid: Array<Array<Buffer | null>>, carousels: Array<{ cells: Buffer[] }>) {
  const dir = path.join(process.cwd(), 'test-results')
  await mkdir(dir, { recursive: true })
  const rowHeight = Math.round((CELL * 1920) / 1080)
  const compose = async (rows: Array<Array<Buffer | null>>, columns: number, file: string) => {
    const composite = rows.flatMap((row, r) =>
      row.flatMap((input, c) => (input ? [{ input, left: c * (CELL + 8), top: r * (rowHeight + 8) }] : [])),
    )
    const image = sharp({
      create: {
        width: columns * (CELL + 8),
        height: rows.length * (rowHeight + 8),
        channels: 3,
        background: '#e5e7eb',
      },
    })
    await writeFile(path.join(dir, file), await image.composite(composite).png().toBuffer())
  }
  await compose(grid, POST_STYLE_IDS.length, 'post-styles-contact-sheet.png')
  await compose(
    carousels.map((entry) => entry.cells),
    Math.max(...carousels.map((entry) => entry.cells.length)),
    'post-styles-carousels.png',
  )
}
