// The provider paths of the AI areas against a local OpenAI-compatible server
// (tests/mocks/openai.ts), with the real clients: the assistant's streamed chat (`ai` SDK
// streamText), speech (POST /audio/speech) and image edits (`ai` SDK generateImage →
// POST /images/edits). Offline defaults are what the same factories return without settings.
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { mp3DurationMs, oggDurationMs } from '../../app/domain/audio-duration'
import { DEMO_HOME } from '../../app/domain/demo-home'
import { AssistantError, createAssistant } from '../../app/integrations/ai/assistant.server'
import { createRoomStager, StagingError } from '../../app/integrations/ai/image-edit.server'
import { AI_MESSAGES } from '../../app/integrations/ai/openai-compatible.server'
import { markBox } from '../../app/integrations/images/enhance.server'
import { createSpeech, SpeechError, SPEECH_MESSAGES } from '../../app/integrations/speech/speech.server'
import { startMockOpenAI, type MockOpenAI } from '../mocks/openai'

let ai: MockOpenAI
beforeAll(async () => {
  ai = await startMockOpenAI()
})
afterAll(() => ai.close())
beforeEach(() => {
  ai.requests.length = 0
  ai.headers.length = 0
  ai.speech.requests.length = 0
  ai.images.requests.length = 0
})

const settings = () => ({
  AI_BASE_URL: ai.url,
  AI_API_KEY: 'sk-test',
  AI_MODEL: 'chat-teste',
  AI_TTS_MODEL: 'tts-teste',
  AI_IMAGE_MODEL: 'img-teste',
})

test('without settings the offline engines answer', () => {
  expect(createAssistant({}).name).toBe('offline')
  expect(createSpeech({}).name).toBe('offline')
  expect(createRoomStager({}).name).toBe('offline')
  // The chat model alone does not switch speech or images to the provider.
  expect(createSpeech({ AI_BASE_URL: ai.url }).name).toBe('offline')
  expect(createRoomStager({ AI_BASE_URL: ai.url, AI_API_KEY: 'x' }).name).toBe('offline')
})

test("the assistant streams the model's answer in pieces, grounded on the property and the conversation", async () => {
  const answer =
    'Olá! Tenho um apartamento à venda no Itaim Bibi por R$ 2.450.000,00, com 3 suítes e varanda gourmet. Vamos marcar uma visita?'
  ai.answer({ text: answer })
  const assistant = createAssistant(settings(), { maxRetries: 0 })
  expect(assistant.name).toBe('openai-compatible')
  const pieces: string[] = []
  const history = [
    { role: 'user' as const, content: 'Descreva o imóvel.' },
    { role: 'assistant' as const, content: 'Apartamento amplo…' },
  ]
  for await (const piece of assistant.stream({
    task: 'whatsapp',
    home: DEMO_HOME,
    agent: { name: 'Marina', phone: '11 9999-0000' },
    message: 'Para um casal com filhos',
    history,
  }))
    pieces.push(piece)
  expect(pieces.length).toBeGreaterThan(3)
  expect(pieces.join('')).toBe(answer)

  const sent = ai.requests[0]!
  expect(sent).toMatchObject({ model: 'chat-teste', stream: true })
  expect(sent.messages[0]!.role).toBe('system')
  expect(sent.messages[0]!.content).toContain('Tarefa: Escreva uma mensagem de WhatsApp')
  expect(sent.messages[0]!.content).toContain('- Preço: R$ 2.450.000,00')
  expect(sent.messages[0]!.content).toContain('Itaim Bibi')
  expect(sent.messages[0]!.content).toContain('Corretor: Marina · 11 9999-0000')
  expect(sent.messages.slice(1)).toEqual([
    { role: 'user', content: 'Descreva o imóvel.' },
    { role: 'assistant', content: 'Apartamento amplo…' },
    { role: 'user', content: 'Para um casal com filhos' },
  ])
  expect(ai.headers[0]!.authorization).toBe('Bearer sk-test')
})

test('a provider error is a pt-BR AssistantError', async () => {
  ai.answer({ status: 500, error: { message: 'boom', type: 'server_error' } })
  const assistant = createAssistant(settings(), { maxRetries: 0 })
  const consume = async () => {
    for await (const piece of assistant.stream({
      task: 'semana',
      home: DEMO_HOME,
      agent: null,
      message: '',
      history: [],
    }))
      void piece
  }
  await expect(consume()).rejects.toThrow(AssistantError)
  await expect(consume()).rejects.toThrow(AI_MESSAGES.unavailable)
})

test('speech goes to /audio/speech with the voice and format; the duration is read from the file', async () => {
  // Real files to hand back: made by the offline engine.
  const offline = createSpeech({})
  const text = 'Apartamento à venda no Itaim Bibi, com três suítes e varanda gourmet. Agende a sua visita.'
  const mp3 = await offline.synthesize({ text, voice: 'masculina', speed: 'normal', format: 'mp3' })
  const ogg = await offline.synthesize({ text, voice: 'masculina', speed: 'normal', format: 'ogg' })

  const speech = createSpeech(settings())
  expect(speech.name).toBe('openai-compatible')
  expect(speech.voices.map((voice) => voice.id)).toContain('nova')

  ai.speech.answer({ bytes: mp3.bytes, contentType: 'audio/mpeg' })
  const spoken = await speech.synthesize({ text, voice: 'nova', speed: 'rapida', format: 'mp3' })
  expect(ai.speech.requests[0]).toEqual({
    model: 'tts-teste',
    input: text,
    voice: 'nova',
    response_format: 'mp3',
    speed: 1.15,
  })
  expect(ai.headers[0]!.authorization).toBe('Bearer sk-test')
  expect(spoken).toMatchObject({ format: 'mp3', contentType: 'audio/mpeg', durationMs: mp3DurationMs(mp3.bytes) })
  expect(spoken.durationMs).toBeGreaterThan(4000)

  ai.speech.answer({ bytes: ogg.bytes, contentType: 'audio/ogg' })
  const opus = await speech.synthesize({ text, voice: 'onyx', speed: 'normal', format: 'ogg' })
  expect(ai.speech.requests[1]).toMatchObject({ voice: 'onyx', response_format: 'opus', speed: 1 })
  expect(opus.durationMs).toBe(oggDurationMs(ogg.bytes))
}, 60_000)

test('a speech error or a body that is not audio is a pt-BR SpeechError', async () => {
  const speech = createSpeech(settings())
  const request = { text: 'Um texto curto para falar.', voice: 'nova', speed: 'normal', format: 'mp3' } as const
  ai.speech.answer({ status: 401, error: { message: 'bad key', type: 'invalid_request_error' } })
  await expect(speech.synthesize(request)).rejects.toThrow(new SpeechError(SPEECH_MESSAGES.unavailable))
  ai.speech.answer({ bytes: new TextEncoder().encode('{"ok":true}'), contentType: 'application/json' })
  await expect(speech.synthesize(request)).rejects.toThrow(SPEECH_MESSAGES.empty)
})

test('staging sends the photo and the style to /images/edits; the result is marked and sized like the photo', async () => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b9a88f' } })
    .jpeg()
    .toBuffer()
  // The "model" answers a white square of another size.
  const white = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
  ai.images.answer({ bytes: white })
  const stager = createRoomStager(settings())
  expect(stager.name).toBe('openai-compatible')
  const staged = await stager.stage(photo, 'moderno')

  const sent = ai.images.requests[0]!
  expect(sent.model).toBe('img-teste')
  expect(sent.prompt).toContain('modern style')
  expect(sent.prompt).toContain('Keep the architecture')
  expect(await sharp(sent.image).metadata()).toMatchObject({ format: 'png', width: 800, height: 600 })

  expect(staged).toMatchObject({ width: 800, height: 600, contentType: 'image/jpeg' })
  const box = markBox(800, 600)
  // stats() reads the input, not the pipeline: extract first, then measure the piece.
  const region = async (left: number, top: number) =>
    sharp(
      await sharp(staged.bytes)
        .extract({ left, top, width: box.height * 3, height: box.height })
        .toBuffer(),
    ).stats()
  const marked = await region(box.left, box.top)
  const clear = await region(box.left, 40)
  // The mark is a dark pill with white words over the (white) picture; elsewhere it stays white.
  expect(marked.channels[0]!.mean).toBeLessThan(150)
  expect(clear.channels[0]!.mean).toBeGreaterThan(245)
})

test('an image-edit error is a pt-BR StagingError', async () => {
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888888' } })
    .jpeg()
    .toBuffer()
  ai.images.answer({ status: 400, error: { message: 'moderation', type: 'invalid_request_error' } })
  await expect(createRoomStager(settings()).stage(photo, 'boho')).rejects.toThrow(StagingError)
})
