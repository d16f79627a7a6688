// "Mês pronto" (ADR 283): a month of distinct pieces drafted from the portfolio in the background,
// reviewed on one page (Trocar, Editar legenda, Mudar horário, Refazer o mês), approved in one
// pass (the gestor; a solo agent in one tap), each property owner's link showing only their
// property, and every approved piece scheduled at its time through the existing publication
// machinery; an edit after approval takes the piece off the schedule until it is approved again.
import type { Browser, Locator, Page } from '@playwright/test'
import { ADMIN_USER, createUser, expect, signInWithForm, subscribe, test, type TestUser } from './fixtures'
import { createHome } from './support/homes'
import { joinTeam } from './support/team'
import { signIn } from '../support/http-agent'
import { DEMO_HOMES } from '../../scripts/seed/homes'
import { saoPauloIn } from './support/sao-paulo'

const base = () => `http://127.0.0.1:${process.env.E2E_PORT}`

/** "Preparar o mês" with a custom rhythm (posts only, no Reel to encode) over `days` days. */
async function draftCustom(page: Page, posts: number, days = 7) {
  await page.goto('/mes-pronto')
  await page.getByLabel('Quantos dias').fill(String(days))
  await page.getByRole('radio', { name: /Personalizado/ }).check()
  await page.getByLabel('Posts', { exact: true }).fill(String(posts))
  await page.getByLabel('Carrosséis', { exact: true }).fill('0')
  await page.getByLabel('Stories', { exact: true }).fill('0')
  await page.getByLabel('Reels', { exact: true }).fill('0')
  await page.getByRole('button', { name: 'Preparar o mês' }).click()
  await drafted(page)
}

/** The month's page once every piece is drafted (it refreshes by itself until then). */
const pieces = (page: Page) => page.getByRole('region', { name: /^Semana \d/ }).getByRole('listitem')

/**
 * The month is drafted when a fully loaded page shows its pieces, no progress bar, no piece saying
 * "Preparando…" and no refresh to come (without JavaScript the page reloads itself while drafting:
 * a page caught mid-reload shows none of these, so all are read together on a loaded page).
 */
async function drafted(page: Page, timeout = 120_000) {
  await expect(page).toHaveURL(/\/mes-pronto\/\d+/)
  await expect(async () => {
    await page.waitForLoadState('load')
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0, { timeout: 500 })
    await expect(page.getByRole('status').filter({ hasText: 'Preparando o mês' })).toHaveCount(0, { timeout: 500 })
    await expect(pieces(page).filter({ hasText: 'Preparando…' })).toHaveCount(0, { timeout: 500 })
    await expect(page.getByRole('region', { name: /^Semana 1/ })).toBeVisible({ timeout: 500 })
    await expect(pieces(page).first()).toBeVisible({ timeout: 500 })
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0, { timeout: 500 })
  }).toPass({ timeout })
  await page.waitForLoadState('load')
}

type Read = { id: string; at: string; kind: string; line: string; design: string; caption: string; state: string }

/** What the list shows of each piece: its time, kind · message · property, cover, caption, state. */
async function readPieces(page: Page): Promise<Read[]> {
  const all: Read[] = []
  for (const item of await pieces(page).all()) {
    const allLines = (await item.innerText())
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
    // From the piece's time on (a cover still being made shows "Preparando…" before it).
    const when = (await item.locator('time').innerText()).trim()
    const lines = allLines.slice(allLines.indexOf(when))
    all.push({
      id: (await item.getAttribute('id'))!,
      at: (await item.locator('time').getAttribute('datetime'))!,
      kind: lines[1]!.split(' · ')[0]!,
      line: lines[1]!,
      design: lines[2]!,
      caption: lines[3]!,
      state: lines[4]!,
    })
  }
  return all
}

const minutesOf = (at: string) => Date.parse(`${at}:00Z`) / 60_000

/** The list's "dd/mm/aaaa, hh:mm" of a piece's time. */
const listed = (at: string) => `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)}, ${at.slice(11, 16)}`

async function memberPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: base(), locale: 'pt-BR' })
  await signInWithForm(context.request, user)
  return context.newPage()
}

/** An Imobiliária owner signed in on `page` with a gestor in the team, and `homes` properties. */
async function agency(page: Page, homes: number) {
  const owner = await createUser(page.request)
  await signInWithForm(page.request, owner)
  await subscribe(page.request, 'imobiliaria_mensal')
  const gestor = await createUser(page.request)
  await joinTeam(await signIn(base(), owner), await signIn(base(), ADMIN_USER), await signIn(base(), gestor), 'gestor')
  const names: string[] = []
  for (const home of DEMO_HOMES.slice(0, homes)) {
    await createHome(page.request, home, { photos: 2 })
    names.push(home.name)
  }
  return { owner, gestor, names }
}

const piece = (page: Page, id: string): Locator => page.locator(`#${id}`)

test('a Profissional agent with 5 properties drafts the next 30 days at “Regular”: ≥ 12 pieces of ≥ 3 kinds, ≥ 6 covers, every rule kept', async ({
  signedInPage: page,
}) => {
  test.setTimeout(420_000)
  await subscribe(page.request, 'profissional_mensal')
  const names: string[] = []
  for (const home of DEMO_HOMES.slice(0, 5)) {
    await createHome(page.request, home, { photos: 2 })
    names.push(home.name)
  }
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Mês pronto', exact: true }).first()).toHaveAttribute(
    'href',
    '/mes-pronto',
  )
  await page.goto('/mes-pronto')
  await expect(page.getByRole('radio', { name: /^Regular/ })).toBeChecked()
  for (const name of names) await expect(page.getByRole('checkbox', { name })).toBeChecked()
  await expect(page.getByLabel('Quantos dias')).toHaveValue('30')
  await page.getByRole('button', { name: 'Preparar o mês' }).click()
  await drafted(page, 300_000)

  const month = await readPieces(page)
  expect(month.length).toBeGreaterThanOrEqual(12)
  expect(await page.getByRole('region', { name: /^Semana \d/ }).count()).toBeGreaterThanOrEqual(4)
  expect(new Set(month.map((p) => p.kind)).size).toBeGreaterThanOrEqual(3)
  expect(new Set(month.map((p) => p.design)).size).toBeGreaterThanOrEqual(6)
  const byTime = [...month].sort((a, b) => a.at.localeCompare(b.at))
  byTime.forEach((p, i) => {
    const minutes = Number(p.at.slice(11, 13)) * 60 + Number(p.at.slice(14, 16))
    expect(minutes, `${p.at} between 08:00 and 22:00`).toBeGreaterThanOrEqual(8 * 60)
    expect(minutes).toBeLessThanOrEqual(22 * 60)
    const previous = byTime[i - 1]
    if (!previous) return
    expect(minutesOf(p.at) - minutesOf(previous.at), `${previous.at} → ${p.at}`).toBeGreaterThanOrEqual(120)
    expect(p.design, `${previous.at} and ${p.at} share a cover`).not.toBe(previous.design)
  })
  for (const name of names)
    expect(
      month.some((p) => p.line.includes(name)),
      name,
    ).toBe(true)
  // Every caption opens differently.
  const openings = month.map((p) => p.caption)
  expect(new Set(openings).size).toBe(openings.length)
})

test('“Trocar” changes a cover and “Editar legenda” a caption; both survive “Refazer o mês”; a solo agent approves and schedules in one tap', async ({
  signedInPage: page,
}) => {
  test.setTimeout(240_000)
  await subscribe(page.request, 'profissional_mensal')
  for (const home of DEMO_HOMES.slice(0, 2)) await createHome(page.request, home, { photos: 2 })
  await draftCustom(page, 3)
  const before = await readPieces(page)
  expect(before).toHaveLength(3)

  const swapped = before[0]!
  const cover = piece(page, swapped.id).getByRole('img')
  const oldSrc = (await cover.getAttribute('src'))!
  const oldBytes = await (await page.request.get(oldSrc)).body()
  await piece(page, swapped.id).getByRole('button', { name: 'Trocar' }).click()
  await expect(page.getByText('Capa trocada')).toBeVisible()
  await expect(piece(page, swapped.id).getByText(/^Capa: /)).not.toHaveText(swapped.design)
  const newDesign = (await piece(page, swapped.id)
    .getByText(/^Capa: /)
    .textContent())!
  const newSrc = (await cover.getAttribute('src'))!
  expect(newSrc).not.toBe(oldSrc)
  expect(Buffer.compare(await (await page.request.get(newSrc)).body(), oldBytes)).not.toBe(0)

  const edited = before[1]!
  await piece(page, edited.id).getByText('Editar legenda').click()
  await piece(page, edited.id).getByLabel('Legenda').fill('Visita guiada neste sábado: venha conhecer!\n\n#imoveis')
  await piece(page, edited.id).getByRole('button', { name: 'Salvar legenda' }).click()
  await expect(page.getByText('Legenda salva')).toBeVisible()
  await expect(piece(page, edited.id)).toContainText('Visita guiada neste sábado: venha conhecer!')

  const redone = before[2]!
  await page.getByRole('button', { name: 'Refazer o mês' }).click()
  await expect(page.getByText('2 peças editadas ficaram como estavam.')).toBeVisible()
  await drafted(page)
  await expect(piece(page, redone.id)).toHaveCount(0)
  await expect(piece(page, swapped.id).getByText(/^Capa: /)).toHaveText(newDesign)
  await expect(piece(page, edited.id)).toContainText('Visita guiada neste sábado: venha conhecer!')
  await expect(pieces(page)).toHaveCount(3)

  // No approval step for a solo agent: the month is approved and scheduled in one tap.
  await page.getByRole('button', { name: 'Aprovar e agendar o mês' }).click()
  await expect(page.getByText('Mês aprovado: 3 peças agendadas')).toBeVisible()
  const scheduled = await readPieces(page)
  expect(scheduled.map((p) => p.state)).toEqual(['Agendado', 'Agendado', 'Agendado'])
  await page.goto('/agendar-posts')
  const upcoming = page.getByRole('region', { name: /Próximas/ })
  for (const p of scheduled) await expect(upcoming).toContainText(listed(p.at))
})

test('in an agency the gestor approves the month in one action; each owner’s link shows only their property; the first piece is published once', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000)
  const { gestor, names } = await agency(page, 2)
  await draftCustom(page, 2)
  const month = await readPieces(page)
  expect(month).toHaveLength(2)
  for (const name of names) expect(month.some((p) => p.line.includes(name))).toBe(true)

  // The first piece a few minutes ahead (the agent's own time), to see it go out.
  const soon = saoPauloIn(3)
  const first = piece(page, month[0]!.id)
  await first.getByText('Mudar horário').click()
  await first.getByLabel('Dia').fill(soon.date)
  await first.getByLabel('Hora').fill(soon.time)
  await first.getByRole('button', { name: 'Salvar horário' }).click()
  await expect(page.getByText('Horário mudado')).toBeVisible()

  await page.getByRole('button', { name: 'Enviar para aprovação' }).click()
  await expect(page.getByText('Mês enviado para aprovação')).toBeVisible()
  expect((await readPieces(page)).map((p) => p.state)).toEqual(['Em aprovação', 'Em aprovação'])
  const monthUrl = page.url()

  const reviewer = await memberPage(browser, gestor)
  await reviewer.goto(monthUrl)
  await reviewer.getByRole('button', { name: 'Aprovar o mês' }).click()
  await expect(reviewer.getByText('Mês aprovado: 2 peças agendadas')).toBeVisible()

  // One link per property; the first owner's shows their property's piece and not the other's.
  await reviewer.getByRole('button', { name: 'Links para os proprietários' }).click()
  const link = await reviewer.getByRole('link', { name: `Link do proprietário: ${names[0]}` }).getAttribute('href')
  const client = await (await browser.newContext({ baseURL: base(), locale: 'pt-BR' })).newPage()
  await client.goto(link!)
  await expect(client.getByRole('heading', { name: 'Aprovação do mês' })).toBeVisible()
  await expect(client.getByText(names[0]!)).toBeVisible()
  await expect(client.getByText(names[1]!)).toHaveCount(0)
  await expect(client.getByRole('listitem')).toHaveCount(1)
  await client.getByRole('button', { name: 'Aprovar tudo' }).click()
  await expect(client.getByText('Obrigado! Suas peças foram aprovadas.')).toBeVisible()

  const scheduled = await readPieces(reviewer)
  await page.goto('/agendar-posts')
  const upcoming = page.getByRole('region', { name: /Próximas/ })
  for (const p of scheduled) await expect(upcoming).toContainText(listed(p.at))

  // At its time the first goes to the outbox, once.
  await expect(async () => {
    await page.goto('/integracoes/saida')
    await expect(page.getByRole('heading', { name: /^Enviado à caixa de saída em/ })).toHaveCount(1)
  }).toPass({ timeout: 300_000, intervals: [5_000] })
  await page.goto(monthUrl)
  await expect(piece(page, month[0]!.id)).toContainText('Publicado')
  await page.goto('/integracoes/saida')
  await expect(page.getByRole('heading', { name: /^Enviado à caixa de saída em/ })).toHaveCount(1)
})

test('a piece edited after approval leaves the schedule and is not published until approved again', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const { gestor } = await agency(page, 2)
  await draftCustom(page, 2)
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click()
  await expect(page.getByText('Mês enviado para aprovação')).toBeVisible()
  const monthUrl = page.url()
  const reviewer = await memberPage(browser, gestor)
  await reviewer.goto(monthUrl)
  await reviewer.getByRole('button', { name: 'Aprovar o mês' }).click()
  await expect(reviewer.getByText('Mês aprovado: 2 peças agendadas')).toBeVisible()

  await page.goto(monthUrl)
  const [edited, other] = await readPieces(page)
  await piece(page, edited!.id).getByText('Editar legenda').click()
  await piece(page, edited!.id).getByLabel('Legenda').fill('Preço novo, mesma vista incrível.\n\n#imoveis')
  await piece(page, edited!.id).getByRole('button', { name: 'Salvar legenda' }).click()
  await expect(piece(page, edited!.id)).toContainText('Precisa de nova aprovação')
  await expect(piece(page, other!.id)).toContainText('Agendado')
  await page.goto('/agendar-posts')
  const upcoming = page.getByRole('region', { name: /Próximas/ })
  await expect(upcoming).toContainText(listed(other!.at))
  await expect(upcoming).not.toContainText(listed(edited!.at))

  await reviewer.goto(monthUrl)
  await piece(reviewer, edited!.id).getByRole('button', { name: 'Aprovar' }).click()
  await expect(reviewer.getByText('Peça aprovada e agendada')).toBeVisible()
  await page.goto('/agendar-posts')
  await expect(upcoming).toContainText(listed(edited!.at))
  await expect(upcoming).toContainText('Preço novo, mesma vista incrível.')
})

test('without JavaScript the month is drafted, reviewed and sent for approval @nojs', async ({ page }) => {
  test.setTimeout(180_000)
  const owner = await createUser(page.request)
  await signInWithForm(page.request, owner)
  await subscribe(page.request, 'imobiliaria_mensal')
  await createHome(page.request, DEMO_HOMES[0], { photos: 2 })
  await createHome(page.request, DEMO_HOMES[1], { photos: 2 })
  await draftCustom(page, 2)
  const [first] = await readPieces(page)
  await piece(page, first!.id).getByText('Editar legenda').click()
  await piece(page, first!.id).getByLabel('Legenda').fill('')
  await piece(page, first!.id).getByRole('button', { name: 'Salvar legenda' }).click()
  await expect(piece(page, first!.id).getByText('Escreva a legenda.')).toBeVisible()
  await piece(page, first!.id).getByLabel('Legenda').fill('Apartamento pronto para morar, sem JavaScript.')
  await piece(page, first!.id).getByRole('button', { name: 'Salvar legenda' }).click()
  await expect(piece(page, first!.id)).toContainText('Apartamento pronto para morar, sem JavaScript.')
  await page.getByRole('button', { name: 'Enviar para aprovação' }).click()
  await expect(page.getByText('Mês enviado para aprovação')).toBeVisible()
  expect((await readPieces(page)).map((p) => p.state)).toEqual(['Em aprovação', 'Em aprovação'])
})

test('the plan’s quotas are checked before drafting: the message says how many pieces it allows @nojs', async ({
  signedInPage: page,
}) => {
  await subscribe(page.request, 'corretor_mensal')
  await page.goto('/mes-pronto')
  await page.getByRole('radio', { name: /^Intenso/ }).check()
  await page.getByRole('button', { name: 'Preparar o mês' }).click()
  await expect(page.getByRole('alert')).toContainText(
    'Seu plano Corretor ainda permite 30 posts este mês, e o ritmo Intenso precisa de',
  )
  await expect(page.getByRole('alert')).toContainText('Escolha o ritmo Regular ou mude para o plano Profissional.')
  await expect(page.getByRole('radio', { name: /^Intenso/ })).toBeChecked()
  await page.goto('/mes-pronto')
  await expect(page.getByRole('region', { name: 'Meses preparados' })).toHaveCount(0)
})
