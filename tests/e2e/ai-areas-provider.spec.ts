// The AI areas through an OpenAI-compatible service: a second app server with AI_BASE_URL,
// AI_MODEL, AI_TTS_MODEL and AI_IMAGE_MODEL pointing at a local test server
// (tests/mocks/openai.ts). The assistant's answer is the model's, streamed; the narration is
// the speech API's file with its duration; the staged room is the image model's picture, marked
// "Imagem ilustrativa" and sized like the original.
import sharp from 'sharp'
import { mp3DurationMs } from '../../app/domain/audio-duration'
import { formatDuration } from '../../app/domain/spoken-text'
import { createEspeakSpeech } from '../../app/integrations/speech/espeak.server'
import { OFFLINE_VOICES } from '../../app/domain/narration'
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { expect, register, expectLandedHome, test, photosSent } from './fixtures'
import { startMockOpenAI, type MockOpenAI } from '../mocks/openai'
import { startAppServer, type AppServer } from './support/app-server'

let ai: MockOpenAI
let app: AppServer
let speechFile: Uint8Array

test.beforeAll(async () => {
  ai = await startMockOpenAI()
  app = await startAppServer({
    AI_BASE_URL: ai.url,
    AI_API_KEY: 'sk-test',
    AI_MODEL: 'chat-teste',
    AI_TTS_MODEL: 'tts-teste',
    AI_IMAGE_MODEL: 'img-teste',
  })
  const offline = createEspeakSpeech({ voices: OFFLINE_VOICES, idleMs: 500 })
  speechFile = (
    await offline.synthesize({
      text: 'Uma narração de teste, feita para o servidor falso devolver como se fosse a voz do serviço.',
      voice: 'feminina',
      speed: 'normal',
      format: 'mp3',
    })
  ).bytes
})

test.afterAll(async () => {
  await app?.stop()
  await ai?.close()
})

test('assistant, audio and staging go through the configured AI service', async ({ browser }) => {
  test.setTimeout(180_000)
  const context = await browser.newContext({ baseURL: app.url, locale: 'pt-BR' })
  const page = await context.newPage()
  await register(page)
  await expectLandedHome(page)

  // A property with one photo.
  await page.goto('/imoveis/novo')
  await page.getByLabel('Venda', { exact: true }).check()
  await page.getByLabel('Nome do imóvel').fill('Cobertura duplex na Vila Madalena')
  await page.getByLabel('Categoria').selectOption({ label: 'Cobertura' })
  await page.getByLabel('Preço de venda').fill('R$ 3.100.000,00')
  await page.getByLabel('CEP').fill('05433-000')
  await page.getByLabel('Bairro').fill('Vila Madalena')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')
  await page.getByLabel('Adicionar fotos').setInputFiles([
    {
      name: 'sala.jpg',
      mimeType: 'image/jpeg',
      buffer: await roomPhoto('living', 4, { width: 1200, height: 900, grain: 0 }),
    },
  ])
  await expect(page.getByRole('list', { name: 'Fotos do imóvel' }).getByRole('listitem')).toHaveCount(1)
  await photosSent(page)
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  const homeId = Number(new URL(page.url()).pathname.split('/').pop())

  // Assistant: the model's words, streamed.
  ai.answer({ text: 'Oi! Separei uma cobertura duplex na Vila Madalena por R$ 3.100.000,00. Quer visitar no sábado?' })
  await page.goto('/assistente')
  await expect(page.getByText('Modo guiado', { exact: false })).toHaveCount(0)
  await expect(page.locator('form[data-streaming="on"]')).toHaveCount(1)
  await page.getByText('Mensagem de WhatsApp', { exact: true }).click()
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByRole('log', { name: 'Conversa' }).getByRole('article', { name: 'Assistente' })).toHaveText(
    /Oi! Separei uma cobertura duplex na Vila Madalena por R\$ 3\.100\.000,00\. Quer visitar no sábado\?/,
  )
  const chat = ai.requests.at(-1)!
  expect(chat).toMatchObject({ model: 'chat-teste', stream: true })
  expect(chat.messages[0]!.content).toContain('- Nome: Cobertura duplex na Vila Madalena')

  // Audio: the provider's voices and file.
  ai.speech.answer({ bytes: speechFile, contentType: 'audio/mpeg' })
  await page.goto('/audio')
  await expect(page.getByLabel('Voz')).toContainText('Nova (feminina)')
  await page.getByLabel('Voz').selectOption({ label: 'Onyx (masculina)' })
  await page.getByRole('button', { name: 'Gerar áudio' }).click()
  await expect(page.getByRole('status').getByText('Áudio pronto')).toBeVisible({ timeout: 30_000 })
  expect(ai.speech.requests.at(-1)).toMatchObject({ model: 'tts-teste', voice: 'onyx', response_format: 'mp3' })
  expect(ai.speech.requests.at(-1)!.input).toContain('Vila Madalena')
  const item = page.getByRole('list', { name: 'Áudios' }).getByRole('listitem').first()
  await expect(item).toContainText(`Duração: ${formatDuration(mp3DurationMs(speechFile))}`)
  await expect(item).toContainText('Onyx (masculina)')

  // Staging: the image model's picture, marked and fitted to the original's size.
  ai.images.answer({
    bytes: await sharp({ create: { width: 512, height: 512, channels: 3, background: '#f5f1ea' } })
      .png()
      .toBuffer(),
  })
  await page.goto(`/ambientes?imovel=${homeId}`)
  await expect(page.getByText('A inteligência artificial redecora o ambiente', { exact: false })).toBeVisible()
  await page.getByLabel('Estilo', { exact: true }).selectOption({ label: 'Escandinavo' })
  await page.getByRole('button', { name: 'Decorar ambiente' }).click()
  await expect(page.getByRole('status').getByText('Ambiente decorado')).toBeVisible({ timeout: 30_000 })
  expect(ai.images.requests.at(-1)!.model).toBe('img-teste')
  expect(ai.images.requests.at(-1)!.prompt).toContain('Scandinavian')
  const staged = page.getByRole('article', { name: 'Decoração estilo Escandinavo' })
  await expect(staged.getByText('Imagem ilustrativa', { exact: true })).toBeVisible()
  const src = (await staged.getByRole('img', { name: /^Depois/ }).getAttribute('src'))!
  const bytes = await (await page.request.get(src)).body()
  expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 900 })
  await context.close()
})
