// "Mês pronto" on this machine (ADR 283; goals: ≤ 3 min to draft a month of 20 pieces with 4 Reels
// for 5 properties, ≤ 10 min of the agent's own time from opening "Mês pronto" to the month
// approved and scheduled). Against the production build on a fresh data dir (the embedded
// defaults: PGlite, the offline copywriter, the local outbox, ffmpeg from npm), Chromium at
// 390 × 844: an agent signs up, buys Profissional and has 5 properties with 3 photos each (set-up,
// not timed); then the journey: "Menu" → "Mês pronto", 28 days at "Regular" (2 posts, 1
// carrossel, 1 Story, 1 Reel a week: 20 pieces, 4 Reels), "Preparar o mês", the wait until every
// piece is drafted, then until the 4 Reels are encoded, "Aprovar e agendar o mês". Prints each
// step's waiting, the taps, and what went on the schedule. Typing is not counted.
// Run: npm run build && flock /tmp/vitrine-bench.lock npx tsx bench/month.ts   (HEADFUL=1 to watch)
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { chromium, type Locator } from '@playwright/test'
import { DEMO_HOMES } from '../scripts/seed/homes'
import { createHome } from '../tests/e2e/support/homes'
import { startServer } from './lib'

const DRAFT_GOAL_S = 180
const JOURNEY_GOAL_S = 600

type Step = { name: string; ms: number }
const steps: Step[] = []
let taps = 0

async function timed<T>(name: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now()
  const value = await run()
  steps.push({ name, ms: performance.now() - start })
  return value
}

async function tap(locator: Locator) {
  taps += 1
  await locator.click()
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const load = os.loadavg()[0]!.toFixed(1)
console.log(`${os.cpus().length} cores, load ${load} at the start`)
const server = await startServer()
// Launched before the try: a browser that fails to start must not leave the server running.
const browser = await chromium
  .launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
    args: ['--no-sandbox'],
    headless: !process.env.HEADFUL,
  })
  .catch(async (error: unknown) => {
    await server.stop()
    throw error
  })
try {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    isMobile: true,
  })
  const page = await context.newPage()
  const base = server.url

  // Set-up, not timed: an account, the plan, five properties with photos.
  await page.goto(`${base}/registrar`)
  await page.getByLabel('Nome completo').fill('Bia Corretora')
  await page.getByLabel('E-mail').fill(`mes-${Date.now()}@vitrine.test`)
  await page.getByLabel('Telefone').fill('(11) 98765-4321')
  await page.getByLabel('Senha').fill('senha-do-mes-pronto-123')
  await page.getByLabel(/Li e aceito/).check()
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await page.waitForURL(/\/(boas-vindas)?$/)
  const bought = await page.request.post(`${base}/plano/pagamento-demo`, {
    form: { lookupKey: 'profissional_mensal' },
    maxRedirects: 0,
  })
  if (bought.headers().location !== '/plano/sucesso') throw new Error(`checkout: ${bought.status()}`)
  for (const home of DEMO_HOMES.slice(0, 5)) await createHome(page.request, home, { photos: 3 })
  await page.goto(`${base}/`)

  // The journey.
  await timed('"Menu" → "Mês pronto"', async () => {
    await tap(page.getByText('Menu', { exact: true }))
    await tap(page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Mês pronto', exact: true }))
    await page.waitForURL(/\/mes-pronto$/)
  })
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/mes-pronto-form-390.png`, fullPage: true })
  taps += 1 // the "Quantos dias" field
  await page.getByLabel('Quantos dias').fill('28')
  const drafting = performance.now()
  await timed('"Preparar o mês" → every piece drafted', async () => {
    await tap(page.getByRole('button', { name: 'Preparar o mês' }))
    await page.waitForURL(/\/mes-pronto\/\d+/)
    await page.getByRole('heading', { name: /^Seu mês a partir de/ }).waitFor()
    await page.waitForFunction(() => !document.body.innerText.includes('Preparando o mês:'), null, {
      timeout: 600_000,
      polling: 250,
    })
  })
  const pieces = await page
    .getByRole('region', { name: /^Semana \d/ })
    .getByRole('listitem')
    .count()
  const reels = await page.getByText(/^Reel · /).count()
  await timed('the Reels encoded', async () => {
    await page.waitForFunction(() => !/Vídeo em produção|Preparando…/.test(document.body.innerText), null, {
      timeout: 900_000,
      polling: 500,
    })
  })
  const drafted = performance.now() - drafting
  // SHOTS=dir keeps what the agent sees at 390 px (the month, then the form).
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/mes-pronto-390.png`, fullPage: true })
  await timed('"Aprovar e agendar o mês"', async () => {
    await tap(page.getByRole('button', { name: 'Aprovar e agendar o mês' }))
    await page.getByText(/^Mês aprovado: \d+/).waitFor({ timeout: 300_000 })
  })
  const toast = await page.getByText(/^Mês aprovado: \d+/).textContent()
  const states = await page
    .getByRole('region', { name: /^Semana \d/ })
    .getByRole('listitem')
    .allInnerTexts()
  const scheduled = states.filter((t) => t.includes('\nAgendado')).length
  const storiesWaiting = states.filter((t) => t.includes('Stories serão publicados')).length

  const waiting = steps.reduce((sum, step) => sum + step.ms, 0)
  for (const step of steps) console.log(`${step.name.padEnd(44)} ${s(step.ms).padStart(8)}`)
  console.log(`${pieces} pieces (${reels} Reels) for 5 properties`)
  console.log(
    `drafted, Reels encoded included: ${s(drafted)} (goal ≤ ${DRAFT_GOAL_S} s) ${drafted / 1000 <= DRAFT_GOAL_S ? 'ok' : 'OVER'}`,
  )
  console.log(
    `${toast}; ${scheduled} on the schedule, ${storiesWaiting} Stories approved, waiting for Story publishing`,
  )
  console.log(
    `journey: ${taps} taps, ${s(waiting)} waiting (goal ≤ ${JOURNEY_GOAL_S} s) ${waiting / 1000 <= JOURNEY_GOAL_S ? 'ok' : 'OVER'}; load ${os.loadavg()[0]!.toFixed(1)} at the end`,
  )
} finally {
  await browser.close()
  await server.stop()
}
