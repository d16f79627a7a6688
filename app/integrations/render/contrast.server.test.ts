// Every text on a slide meets WCAG AA against what is behind it (ADR 151, 247). Every shipped
// template is generated (offline writer) on every seeded property, each slide is drawn by Takumi,
// and for each text run (the renderer's layout measurement gives its box) the pixels under it are
// sampled: the text's colour from the glyphs, the background from the same slide drawn with the
// text made transparent. The worst background pixels (5th percentile) must give 4.5:1 (3:1 for
// large text). A contact sheet of the worst slides goes to test-results/ for a person to look at.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fromJsx } from '@takumi-rs/helpers/jsx'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { floorPlan, roomPhoto } from '~/integrations/images/sample-photos.server'
import { DEMO_HOMES } from '../../../scripts/seed/homes'
import { parseFieldValues } from '~/domain/fields/schema'
import { templateFormFields } from '~/domain/fields/template-fields'
import { defaultValues } from '~/domain/fields/values'
import type { HomeFacts } from '~/domain/home-facts'
import { withComposition } from '~/domain/compositions'
import { buildPostContent } from '~/domain/post-content'
import { planSlides, readTemplateDesign, seededRandom } from '~/domain/post-plan'
import { interpolatePrompts, promptVariables } from '~/domain/prompts'
import { visibleSlides, type Slide } from '~/domain/slides'
import { LIBRARY_TEMPLATES, type LibraryTemplate } from '~/domain/template-library'
import { writeOfflineCopy } from '~/domain/copywriter/offline'
import { applyCopy } from '~/domain/copy'
import { slideInput, slideRenderer, type ImageLoader } from './render.server'

type Node = { type?: string; style?: Record<string, unknown>; children?: Node[] }
type Measured = {
  transform: number[]
  children: Measured[]
  runs: Array<{ text: string; x: number; y: number; width: number; height: number }>
}
type Box = { text: string; x: number; y: number; width: number; height: number }

const AGENT = { name: 'Marina Costa Imóveis', phone: '(11) 98765-4321' }

/** The seeded properties with photo URLs a loader answers from the seed's own scene pictures. */
const homes: HomeFacts[] = DEMO_HOMES.map((demo, index) => ({
  ...demo,
  id: index + 1,
  gallery: demo.photos.map((photo, n) => ({
    name: `${photo.scene}-${n}`,
    url: `/uploads/seed/${index}/${photo.scene}/${index * 10 + n}.jpg`,
    caption: photo.caption,
    featured: photo.featured ?? false,
  })),
  floor_plans: Array.from({ length: demo.plans }, (_, n) => ({
    name: `planta-${n}`,
    url: `/uploads/seed/${index}/plan/${index * 10 + n}.png`,
  })),
}))

const photoCache = new Map<string, Promise<Uint8Array>>()
const load: ImageLoader = async (ref) => {
  const match = /^\/uploads\/seed\/\d+\/(\w+)\/(\d+)\./.exec(ref)
  if (!match) return null
  const [, scene, seed] = match
  if (!photoCache.has(ref))
    photoCache.set(
      ref,
      scene === 'plan' ? floorPlan(Number(seed)) : roomPhoto(scene as never, Number(seed), { width: 960, height: 720 }),
    )
  return photoCache.get(ref)!
}

/** The answers a person gives by default, with required ones filled the way the library test does. */
function answers(template: LibraryTemplate, home: HomeFacts): Record<string, unknown> {
  const fields = templateFormFields(template)
  const values = defaultValues(fields)
  for (const field of fields) {
    if (!field.required || values[field.name] !== undefined) continue
    if (field.type === 'home') values[field.name] = String(home.id)
    else if (field.options?.length) values[field.name] = field.options[0]!.value
    else if (field.type === 'money') values[field.name] = '1.100.000,00'
    else if (field.type === 'date') values[field.name] = '2026-12-05'
    else if (field.type === 'time') values[field.name] = '10:00'
    else values[field.name] = 'Atendimento impecável do começo ao fim'
  }
  for (const field of fields.filter((item) => item.type === 'repeater'))
    for (const item of (values[field.name] as Array<Record<string, unknown>>) ?? [])
      for (const sub of field.repeater?.fields ?? [])
        if (sub.required && item[sub.name] === undefined) item[sub.name] = '2 quartos'
  const parsed = parseFieldValues(fields, values, { homeIds: [home.id] })
  return parsed.success ? parsed.data : {}
}

function generate(template: LibraryTemplate, home: HomeFacts | null, seed: number) {
  const fields = templateFormFields(template)
  const values = home ? answers(template, home) : answers(template, homes[0]!)
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
  const post = {
    id: seed,
    template: template.slug,
    format: template.format,
    // The template's own cover composition, as a new post of it gets.
    meta: { slides: applyCopy(slides, copy), fields: withComposition({}, design) },
    media: null,
  }
  return buildPostContent({ post, home, owner: { full_name: AGENT.name, phone: AGENT.phone, theme: null } })
}

/** Every text run with its box on the canvas (the measured transform is absolute). */
function textBoxes(node: Measured, out: Box[] = []): Box[] {
  const [, , , , tx, ty] = node.transform as [number, number, number, number, number, number]
  for (const run of node.runs)
    if (run.text.trim())
      out.push({ text: run.text.trim(), x: tx + run.x, y: ty + run.y, width: run.width, height: run.height })
  for (const child of node.children) textBoxes(child, out)
  return out
}

/** The same tree with every text transparent: what is behind the words. */
function withoutText(node: Node): Node {
  return { ...node, style: { ...node.style, color: 'rgba(0,0,0,0)' }, children: node.children?.map(withoutText) }
}

/** WCAG's linearised channel, for each of the 256 byte values. */
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
})
const lum = (p: Uint8Array | Buffer, i: number) =>
  0.2126 * LINEAR[p[i]!]! + 0.7152 * LINEAR[p[i + 1]!]! + 0.0722 * LINEAR[p[i + 2]!]!
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

/** Contrast of one text box: glyph colour against the 5th-percentile worst background pixel. */
function boxContrast(drawn: Buffer, bare: Buffer, width: number, height: number, box: Box): number {
  const x0 = Math.max(0, Math.floor(box.x))
  const y0 = Math.max(0, Math.floor(box.y))
  const x1 = Math.min(width, Math.ceil(box.x + box.width))
  const y1 = Math.min(height, Math.ceil(box.y + box.height))
  if (x1 <= x0 || y1 <= y0) return Infinity
  const count = (x1 - x0) * (y1 - y0)
  // How far the drawn pixel is from the bare one: where the glyphs are.
  const diffs = new Uint16Array(count)
  let max = 0
  for (let y = y0, n = 0; y < y1; y++)
    for (let x = x0; x < x1; x++, n++) {
      const i = (y * width + x) * 4
      const d =
        Math.abs(drawn[i]! - bare[i]!) + Math.abs(drawn[i + 1]! - bare[i + 1]!) + Math.abs(drawn[i + 2]! - bare[i + 2]!)
      diffs[n] = d
      if (d > max) max = d
    }
  if (max < 24) return 1 // the words do not show against what is behind them
  let glyphs = 0
  let glyphLum = 0
  for (let y = y0, n = 0; y < y1; y++)
    for (let x = x0; x < x1; x++, n++)
      if (diffs[n]! >= max * 0.85) {
        glyphs++
        glyphLum += lum(drawn, (y * width + x) * 4)
      }
  const text = glyphLum / glyphs
  const contrasts = new Float64Array(count)
  for (let y = y0, n = 0; y < y1; y++)
    for (let x = x0; x < x1; x++, n++) contrasts[n] = ratio(text, lum(bare, (y * width + x) * 4))
  return contrasts.sort()[Math.floor(count * 0.05)]!
}

type Finding = { template: string; home: string; slide: string; text: string; contrast: number; needed: number }

async function checkSlide(
  content: ReturnType<typeof generate>,
  slide: Slide,
  index: number,
  label: { template: string; home: string },
) {
  const renderer = await slideRenderer()
  const input = await slideInput(content, slide, load)
  const { node } = await fromJsx(input.element)
  const { width, height } = input.size
  const options = { width, height, images: input.images ?? [], css: ['* { box-sizing: content-box }'] }
  const [measured, drawn, bare] = await Promise.all([
    renderer.measure(node, options) as Promise<Measured>,
    renderer.render(node, { ...options, format: 'raw' }),
    renderer.render(withoutText(node as Node) as never, { ...options, format: 'raw' }),
  ])
  const findings: Finding[] = []
  for (const box of textBoxes(measured)) {
    const needed = box.height >= 40 ? 3 : 4.5
    const contrast = boxContrast(drawn, bare, width, height, box)
    findings.push({
      ...label,
      slide: `${index}:${slide.type}`,
      text: box.text.slice(0, 40),
      contrast: Math.round(contrast * 100) / 100,
      needed,
    })
  }
  return { findings, drawn, width, height }
}

describe('text contrast on every shipped template (WCAG AA)', { timeout: 600_000 }, () => {
  test('every text box on every slide of every template, on the seeded properties', async () => {
    const failures: Finding[] = []
    let boxes = 0
    const sheet: Array<{ png: Buffer; contrast: number }> = []
    for (const [t, template] of LIBRARY_TEMPLATES.entries()) {
      for (const [h, home] of (template.needs_home ? homes : [null]).entries()) {
        const content = generate(template, home, t * 7 + h + 1)
        for (const [index, slide] of visibleSlides(content.slides).entries()) {
          const label = { template: template.slug, home: home?.name.slice(0, 30) ?? '-' }
          const { findings, drawn, width, height } = await checkSlide(content, slide, index + 1, label)
          boxes += findings.length
          const bad = findings.filter((finding) => finding.contrast < finding.needed)
          failures.push(...bad)
          const worst = Math.min(...findings.map((finding) => finding.contrast / finding.needed))
          if (sheet.length < 24 || worst < Math.max(...sheet.map((entry) => entry.contrast))) {
            const png = await sharp(drawn, { raw: { width, height, channels: 4 } })
              .resize(270)
              .png()
              .toBuffer()
            sheet.push({ png, contrast: worst })
            sheet.sort((a, b) => a.contrast - b.contrast)
            sheet.splice(24)
          }
        }
      }
    }
    await writeSheet(sheet.map((entry) => entry.png))
    expect(boxes).toBeGreaterThan(500)
    const report = failures.map((f) => `${f.template} #${f.slide} (${f.home}): "${f.text}" ${f.contrast} < ${f.needed}`)
    expect(report).toEqual([])
  })
})

/** The lowest-contrast slides side by side, for a person to look at. */
async function writeSheet(pngs: Buffer[]) {
  if (!pngs.length) return
  const metas = await Promise.all(pngs.map((png) => sharp(png).metadata()))
  const cell = { width: 270, height: Math.max(...metas.map((meta) => meta.height ?? 0)) }
  const columns = 6
  const rows = Math.ceil(pngs.length / columns)
  const composite = pngs.map((input, i) => ({
    input,
    left: (i % columns) * cell.width,
    top: Math.floor(i / columns) * cell.height,
  }))
  const dir = path.join(process.cwd(), 'test-results')
  await mkdir(dir, { recursive: true })
  await writeFile(
    path.join(dir, 'contrast-worst-slides.png'),
    await sharp({
      create: { width: columns * cell.width, height: rows * cell.height, channels: 3, background: '#ffffff' },
    })
      .composite(composite)
      .png()
      .toBuffer(),
  )
}
