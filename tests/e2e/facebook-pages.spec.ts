// Instagram and a Facebook Page (issue 63 item 3, ADR 308), as an agent meets them: a second app
// server with Meta's addresses pointed at the local Graph server (tests/mocks/meta-graph.ts),
// which stands in for Instagram Login, Facebook Login and both APIs. The agent connects Instagram
// and their Page on /integracoes, picks both destinations on the scheduling form (none picked is
// refused beside the field, 400), and each goes out once with its own status: one media_publish
// on Instagram, one post on the Page. @nojs: the form works with JavaScript off too.
import type { Page } from '@playwright/test'
import { expect, expectLandedHome, register, subscribe, test } from './fixtures'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { startAppServer, type AppServer } from './support/app-server'
import { saoPauloIn } from './support/sao-paulo'

let graph: Awaited<ReturnType<typeof startMockMetaGraph>>
let app: AppServer

test.beforeAll(async () => {
  graph = await startMockMetaGraph()
  app = await startAppServer(
    {
      META_APP_ID: 'app-teste',
      META_APP_SECRET: 'segredo-teste',
      META_GRAPH_URL: graph.graphUrl,
      META_LOGIN_URL: graph.url,
      FACEBOOK_GRAPH_URL: graph.graphUrl,
      FACEBOOK_LOGIN_URL: graph.url,
    },
    { seed: true },
  )
})

test.afterAll(async () => {
  await app?.stop()
  await graph?.close()
})

/** A post of the agent's own, from a template that needs no property (offline copywriter). */
async function createPost(page: Page): Promise<number> {
  await page.goto('/modelos')
  await page
    .getByRole('region', { name: 'Datas comemorativas' })
    .getByRole('link', { name: /^Datas comemorativas/ })
    .click()
  await expect(page).toHaveURL(/\/modelos\/\d+/)
  await page.getByRole('combobox', { name: /^Data/ }).selectOption('natal')
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/, { timeout: 30_000 })
  return Number(new URL(page.url()).searchParams.get('post'))
}

test('a piece picked for Instagram and the Facebook Page goes out once to each, with its own status @nojs', async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(420_000)
  const context = await browser.newContext({ baseURL: app.url, locale: 'pt-BR', javaScriptEnabled })
  const page = await context.newPage()
  await register(page)
  await expectLandedHome(page)
  await subscribe(page.request)

  // Instagram Login, then Facebook Login, each through Meta's consent page and back.
  await page.goto('/integracoes')
  await page.getByRole('link', { name: 'Conectar Instagram' }).click()
  await expect(page.getByText('Instagram conectado')).toBeVisible()
  await page.getByRole('link', { name: 'Conectar Página do Facebook' }).click()
  await expect(page.getByText('Página do Facebook conectada')).toBeVisible()
  await expect(page.getByText('Imobiliária Teste', { exact: true })).toBeVisible()

  const postId = await createPost(page)
  await page.goto(`/agendar-posts/agendamento?post=${postId}`)
  const instagram = page.getByRole('checkbox', { name: '@imobiliaria.teste' })
  const facebook = page.getByRole('checkbox', { name: 'Imobiliária Teste · Página do Facebook' })
  const outbox = page.getByRole('checkbox', { name: 'Caixa de saída local' })
  const at = saoPauloIn(3)
  await page.getByLabel('Data').fill(at.date)
  await page.getByLabel('Horário (Brasília)').fill(at.time)

  // No destination: refused beside the field, the values kept.
  await outbox.uncheck()
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/agendar-posts/agendamento')),
    page.getByRole('button', { name: 'Agendar' }).click(),
  ])
  expect(refused.status()).toBe(400)
  await expect(page.getByText('Escolha ao menos uma conta.')).toBeVisible()
  await expect(page.getByLabel('Horário (Brasília)')).toHaveValue(at.time)

  const publishesBefore = graph.state.requests.filter((r) => r.endsWith('/media_publish')).length
  const pagePostsBefore = graph.state.pagePosts.length
  await instagram.check()
  await facebook.check()
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText('2 publicações agendadas')).toBeVisible()
  const upcoming = page.getByRole('region', { name: /^Próximas/ }).getByRole('listitem')
  await expect(upcoming).toHaveCount(2)
  await expect(upcoming.filter({ hasText: '@imobiliaria.teste' })).toContainText('Agendada')
  await expect(upcoming.filter({ hasText: 'Imobiliária Teste' })).toContainText('Agendada')

  // Publishing at its time is the server's work, the same with JavaScript off: the JavaScript run
  // waits the minutes for it, the other has checked the form.
  if (!javaScriptEnabled) return
  // At its time each goes out, and each shows its own status.
  const published = page.getByRole('region', { name: /^Publicadas/ }).getByRole('listitem')
  await expect(async () => {
    await page.goto('/agendar-posts')
    await expect(published).toHaveCount(2)
  }).toPass({ timeout: 360_000, intervals: [5_000] })
  await expect(published.filter({ hasText: '@imobiliaria.teste' })).toContainText('Publicada')
  await expect(published.filter({ hasText: 'Imobiliária Teste' })).toContainText('Publicada')
  await expect(
    published.filter({ hasText: 'Imobiliária Teste' }).getByRole('link', { name: 'Ver publicação' }),
  ).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\/900100200300\/posts\/\d+$/)

  // What reached "Meta": one Instagram publish and one Page post, and no more a while later.
  expect(graph.state.requests.filter((r) => r.endsWith('/media_publish')).length - publishesBefore).toBe(1)
  const made = graph.state.pagePosts.slice(pagePostsBefore)
  expect(made).toHaveLength(1)
  expect(made[0]).toMatchObject({ kind: 'post', pageId: '900100200300' })
  expect(made[0]!.photoIds.length).toBeGreaterThan(0)
  await page.waitForTimeout(5_000)
  expect(graph.state.pagePosts.length - pagePostsBefore).toBe(1)
  await context.close()
})
