// Instagram and a Facebook Page (issue 63 item 3, ADR 308), as an agent meets them: a second app
// server with Meta's addresses pointed at the local Graph server (tests/mocks/meta-graph.ts),
// which stands in for Instagram Login, Facebook Login and both APIs. The agent connects Instagram
// and their Page on /integracoes, picks both destinations on the scheduling form (none picked is
// refused beside the field, 400), and each goes out once with its own status: one media_publish
// on Instagram, one post on the Page. A property video scheduled as a Reel to the Page the same way
// (ADR 320) goes out through the Page's video_reels upload, once. @nojs: the forms work with
// JavaScript off too.
import type { Page } from '@playwright/test'
import { expect, expectLandedHome, register, subscribe, test } from './fixtures'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { startAppServer, type AppServer } from './support/app-server'
import { createHome, ITAIM_APARTMENT } from './support/homes'
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

/** A fresh agent with Instagram and their Facebook Page connected, each through Meta's consent page. */
async function agentWithPage(page: Page) {
  await register(page)
  await expectLandedHome(page)
  await subscribe(page.request)
  await page.goto('/integracoes')
  await page.getByRole('link', { name: 'Conectar Instagram' }).click()
  await expect(page.getByText('Instagram conectado')).toBeVisible()
  await page.getByRole('link', { name: 'Conectar Página do Facebook' }).click()
  await expect(page.getByText('Página do Facebook conectada')).toBeVisible()
}

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
  // Instagram Login, then Facebook Login, each through Meta's consent page and back.
  await agentWithPage(page)
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

test('a Reel scheduled to the Facebook Page from its video goes out once through video_reels @nojs', async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(420_000)
  const context = await browser.newContext({ baseURL: app.url, locale: 'pt-BR', javaScriptEnabled })
  const page = await context.newPage()
  await agentWithPage(page)

  // A short property video without narration (the e2e budget).
  const homeId = await createHome(page.request, ITAIM_APARTMENT, { photos: 3 })
  await page.goto(`/imoveis/${homeId}/video`)
  await page.getByLabel('Duração').selectOption('15')
  await page.getByRole('checkbox', { name: 'Com narração e legendas' }).uncheck()
  await page.getByRole('button', { name: 'Gerar vídeo' }).click()
  await expect(page.getByRole('heading', { name: 'Agendar como Reel' })).toBeVisible({ timeout: 240_000 })

  // The Reel form lists the Page beside Instagram and the outbox, each a checkbox.
  const outbox = page.getByRole('checkbox', { name: 'Caixa de saída local' })
  const facebook = page.getByRole('checkbox', { name: 'Imobiliária Teste · Página do Facebook' })
  await expect(page.getByRole('checkbox', { name: '@imobiliaria.teste' })).not.toBeChecked()
  await expect(outbox).toBeChecked()
  // Now: the worker takes it at once (a time up to five minutes past is accepted).
  const at = saoPauloIn(0)
  await page.getByLabel('Data').fill(at.date)
  await page.getByLabel('Hora').fill(at.time)
  const caption = 'Apartamento no Itaim, pronto para morar #imoveis'
  await page.getByLabel('Legenda do Reel').fill(caption)

  // None ticked: refused beside the field (400), the values kept.
  await outbox.uncheck()
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && /\/videos\/\d+/.test(r.url())),
    page.getByRole('button', { name: 'Agendar' }).click(),
  ])
  expect(refused.status()).toBe(400)
  await expect(page.getByText('Escolha ao menos uma conta.')).toBeVisible()
  await expect(page.getByLabel('Legenda do Reel')).toHaveValue(caption)
  await expect(page.getByLabel('Hora')).toHaveValue(at.time)
  await expect(outbox).not.toBeChecked()

  const startsBefore = graph.state.videoCalls.filter((call) => call === 'video_reels start').length
  await facebook.check()
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText('Reel agendado', { exact: true })).toBeVisible()
  // Scheduling is the form's; publishing at its time is the server's, the same with JavaScript off.
  if (!javaScriptEnabled) return

  const published = page.getByRole('region', { name: /^Publicadas/ }).getByRole('listitem')
  await expect(async () => {
    await page.goto('/agendar-posts')
    await expect(published.filter({ hasText: 'Imobiliária Teste' })).toHaveCount(1)
  }).toPass({ timeout: 120_000, intervals: [2_000] })
  const reel = published.filter({ hasText: 'Imobiliária Teste' })
  await expect(reel).toContainText('Publicada')
  await expect(reel).toContainText('Reel (vídeo)')
  await expect(reel.getByRole('link', { name: 'Ver publicação' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.facebook\.com\/reel\/\d+$/,
  )
  // What reached "Facebook": one upload session, started and finished once, with the caption.
  const calls = graph.state.videoCalls.filter((call) => call.startsWith('video_reels'))
  expect(calls.filter((call) => call === 'video_reels start').length - startsBefore).toBe(1)
  const made = [...graph.state.pageVideos.values()].filter((v) => v.edge === 'video_reels' && v.finished)
  expect(made.at(-1)!.description).toBe(caption)
  expect(calls.filter((call) => call === 'video_reels finish')).toHaveLength(
    calls.filter((call) => call === 'video_reels start').length,
  )
  await context.close()
})
