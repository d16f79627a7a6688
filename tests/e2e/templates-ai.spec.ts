// Generation through an OpenAI-compatible API: a second app server with AI_BASE_URL pointing at
// a local chat-completions server (tests/mocks/openai.ts). A malformed answer leaves the post
// failed with a pt-BR message and a retry button; the retry then succeeds.
import { expect, register, expectLandedHome, test } from './fixtures'
import { startMockOpenAI, type MockOpenAI } from '../mocks/openai'
import { startAppServer, type AppServer } from './support/app-server'

let ai: MockOpenAI
let app: AppServer

test.beforeAll(async () => {
  ai = await startMockOpenAI()
  app = await startAppServer({ AI_BASE_URL: ai.url, AI_API_KEY: 'sk-test', AI_MODEL: 'modelo-teste' })
})

test.afterAll(async () => {
  await app?.stop()
  await ai?.close()
})

test('a malformed AI answer fails the post with a retry button; the retry writes it @nojs', async ({
  browser,
  javaScriptEnabled,
}) => {
  const context = await browser.newContext({ baseURL: app.url, javaScriptEnabled, locale: 'pt-BR' })
  const page = await context.newPage()
  await register(page)
  await expectLandedHome(page)

  ai.answer(
    { text: 'Claro! Aqui vai uma mensagem de Natal linda para seus clientes…' },
    {
      json: {
        caption: 'Feliz Natal! Que a sua casa se encha de paz. #feliznatal #imobiliaria',
        slides: [{ title: 'Feliz Natal', description: 'Paz e alegria no seu lar', button: null, caption: null }],
        headlines: null,
      },
    },
  )

  await page.goto('/modelos')
  await page
    .getByRole('region', { name: 'Datas comemorativas' })
    .getByRole('link', { name: /^Datas comemorativas/ })
    .click()
  // With JavaScript the catalogue link navigates client-side: wait for the template's page.
  await expect(page).toHaveURL(/\/modelos\/\d+/)
  // By role: the catalogue's "Datas comemorativas" section also answers to /^Data/ until it goes.
  await page.getByRole('combobox', { name: /^Data/ }).selectOption('natal')
  await page.getByRole('button', { name: 'Gerar post' }).click()

  const failure = page.getByRole('alert').filter({ hasText: 'Não foi possível gerar o post.' })
  await expect(failure).toContainText(
    'A inteligência artificial respondeu em um formato inesperado. Tente gerar de novo.',
  )
  expect(ai.requests.at(-1)!.model).toBe('modelo-teste')

  await page.goto('/modelos/historico')
  await expect(page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first()).toContainText('Falhou')
  await page
    .getByRole('link', { name: /^Abrir/ })
    .first()
    .click()

  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(page.getByLabel('Legenda')).toHaveValue(
    'Feliz Natal! Que a sua casa se encha de paz. #feliznatal #imobiliaria',
  )
  await expect(page.getByLabel('Título do slide 1', { exact: true })).toHaveValue('Feliz Natal')
  await expect(page.getByText('Não foi possível gerar o post.')).toHaveCount(0)
  await context.close()
})
