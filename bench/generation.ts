// Server time of one offline generation: everything POST /modelos/:id does after parsing the
// form — quota check, post row created generating, slides planned, offline copy written, post
// finished — on a real migrated database (PGlite in memory, or Postgres at TEST_DATABASE_URL),
// with the seeded Itaim apartment's facts and the shipped templates.
// Run: npx tsx bench/generation.ts
import { performance } from 'node:perf_hooks'
import { homes, users, type Home } from '../db/schema'
import { DEMO_HOMES } from '../scripts/seed/homes'
import { DEMO_ACCOUNT } from '../scripts/seed/users'
import { templateFormFields } from '../app/domain/fields/template-fields'
import { defaultValues } from '../app/domain/fields/values'
import { parseFieldValues } from '../app/domain/fields/schema'
import { createOfflineWriter, writeOfflineCopy } from '../app/domain/copywriter/offline'
import { planSlides, readTemplateDesign, type TemplateFormat } from '../app/domain/post-plan'
import { generatePost } from '../app/workflows/generation.server'
import { installTemplateLibrary } from '../app/models/template-library.server'
import { getTemplate, listTemplateCards } from '../app/models/templates.server'
import { createTestDatabase } from '../tests/setup/db'

const RUNS = Number(process.env.RUNS ?? 300)
const WARMUP = 30

const handle = await createTestDatabase()
const { db } = handle
try {
  const userId = crypto.randomUUID()
  await db
    .insert(users)
    .values({ id: userId, email: 'bench@vitrine.app', full_name: DEMO_ACCOUNT.full_name, phone: DEMO_ACCOUNT.phone })
  const { photos, plans, ...demo } = DEMO_HOMES[0]!
  const [home] = (await db
    .insert(homes)
    .values({
      ...demo,
      user_id: userId,
      gallery: photos.map((photo, index) => ({
        name: `${photo.scene}-${index + 1}.jpg`,
        url: `/uploads/users/${userId}/homes/photos/${index}/original.jpg`,
        caption: photo.caption,
        featured: photo.featured ?? false,
      })),
      floor_plans: Array.from({ length: plans }, (_, index) => ({
        name: `planta-${index + 1}.png`,
        url: `/uploads/users/${userId}/homes/plans/${index}/original.png`,
      })),
    })
    .returning()) as [Home]
  await installTemplateLibrary(db)
  const cards = await listTemplateCards(db)
  const writer = createOfflineWriter()

  const measure = async (slug: string) => {
    const card = cards.find((item) => item.slug === slug)!
    const template = (await getTemplate(db, card.id))!
    const fields = templateFormFields(template)
    const values = { ...defaultValues(fields), home_id: String(home.id), topic: 'financiamento' }
    const times: number[] = []
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now()
      const parsed = parseFieldValues(fields, values, {
        homeIds: [home.id],
        galleryUrls: home.gallery.map((p) => p.url),
      })
      if (!parsed.success) throw new Error(JSON.stringify(parsed.errors))
      const { home_id: _homeId, ...answers } = parsed.data
      const post = await generatePost({ db, writer }, userId, { template, home, values: answers })
      const elapsed = performance.now() - started
      if (post.generating || post.error) throw new Error(`post ${post.id} did not finish`)
      if (run >= WARMUP) times.push(elapsed)
    }
    times.sort((a, b) => a - b)
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
    const mean = times.reduce((sum, t) => sum + t, 0) / times.length
    console.log(
      `${slug.padEnd(28)} runs ${String(RUNS).padStart(4)}  mean ${mean.toFixed(1).padStart(6)} ms  p50 ${at(0.5).toFixed(1).padStart(6)} ms  p95 ${at(0.95).toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms`,
    )
  }

  // The writing alone (no database): planning the slides and writing the copy.
  {
    const card = cards.find((item) => item.slug === 'venda-carrossel-completo')!
    const template = (await getTemplate(db, card.id))!
    const fields = templateFormFields(template)
    const design = readTemplateDesign(template.design)
    const times: number[] = []
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const started = performance.now()
      const slides = planSlides({ design, format: template.format as TemplateFormat, home, random: Math.random })
      writeOfflineCopy({
        template: { name: template.name, kind: design.kind, format: 'carousel' },
        home,
        fields,
        values: {},
        agent: null,
        slides,
        messages: [],
      })
      if (run >= WARMUP) times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    console.log(
      `Copy only (plan + offline writer, no database): p50 ${times[Math.floor(times.length / 2)]!.toFixed(2)} ms  p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(2)} ms`,
    )
  }

  console.log(`Offline generation, server time per post (${process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'}):`)
  await measure('venda-carrossel-completo')
  await measure('venda-post-feed')
  await measure('venda-carrossel-rapido')
  await measure('dica-carrossel')
} finally {
  await handle.close()
}
