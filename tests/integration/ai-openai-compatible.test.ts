// The OpenAI-compatible path with the real `ai` SDK against a local chat completions server.
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { planSlides, seededRandom } from '../../app/domain/post-plan'
import { interpolatePrompts, promptVariables, type HomeFacts } from '../../app/domain/prompts'
import { AI_MESSAGES } from '../../app/integrations/ai/openai-compatible.server'
import { CopyWriterError, createCopyWriter, type CopyRequest } from '../../app/integrations/ai/ai.server'
import { startMockOpenAI, type MockOpenAI } from '../mocks/openai'

let ai: MockOpenAI
beforeAll(async () => {
  ai = await startMockOpenAI()
})
afterAll(() => ai.close())
beforeEach(() => {
  ai.requests.length = 0
})

const home: HomeFacts = {
  id: 9,
  name: 'Casa Alto de Pinheiros',
  status: 'sale',
  category: 'house',
  neighborhood: 'Alto de Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  price: 320000000,
  bedrooms: 4,
  area: 350,
  gallery: [
    { name: 'a', url: '/uploads/9/a.jpg', featured: true },
    { name: 'b', url: '/uploads/9/b.jpg' },
  ],
}

function request(): CopyRequest {
  const slides = planSlides({ design: { kind: 'listing' }, format: 'carousel', home, random: seededRandom(1) })
  const fields = [{ type: 'text' as const, name: 'headline', label: 'Chamada' }]
  const values = { headline: 'Casa dos sonhos' }
  return {
    template: { name: 'Carrossel de venda', kind: 'listing', format: 'carousel' },
    home,
    fields,
    values,
    agent: { name: 'Marina Costa', phone: '(11) 98765-4321' },
    slides,
    messages: interpolatePrompts(
      [
        { role: 'system', content: 'Você escreve posts para corretores de imóveis no Brasil.' },
        {
          role: 'user',
          content: 'Escreva um carrossel para {{home.name}} por {{home.price}}. Chamada: {{fields.headline}}',
        },
      ],
      promptVariables({ home, fields, values }),
    ),
  }
}

const writer = (timeoutMs = 5_000) =>
  createCopyWriter({ AI_BASE_URL: ai.url, AI_API_KEY: 'sk-test', AI_MODEL: 'gpt-test' }, { timeoutMs, maxRetries: 0 })

test('without AI settings the offline writer answers', () => {
  expect(createCopyWriter({}).name).toBe('offline')
  expect(writer().name).toBe('openai-compatible')
})

test('a valid answer becomes the caption and the words of each planned slide', async () => {
  const req = request()
  ai.answer({
    json: {
      caption: 'Casa dos sonhos em Alto de Pinheiros por R$ 3.200.000,00. #imoveis #altodepinheiros',
      slides: [
        { title: 'Casa dos sonhos', description: 'R$ 3.200.000,00', button: null, caption: 'À venda' },
        { title: null, description: null, button: null, caption: 'Jardim amplo' },
      ],
      headlines: [
        'Casa de 350 m² em Alto de Pinheiros',
        '4 quartos em Alto de Pinheiros',
        'Casa à venda por R$ 3,2 milhões',
      ],
    },
  })
  const copy = await writer().write(req)
  expect(copy.caption).toContain('R$ 3.200.000,00')
  expect(copy.slides).toHaveLength(req.slides.length)
  expect(copy.slides[0]).toEqual({
    title: 'Casa dos sonhos',
    description: 'R$ 3.200.000,00',
    button: null,
    caption: 'À venda',
  })
  expect(copy.slides[2]).toEqual({ title: null, description: null, button: null, caption: null })

  const sent = ai.requests[0]!
  expect(sent.model).toBe('gpt-test')
  expect(sent.response_format?.type).toBe('json_schema')
  expect(ai.headers[0]!.authorization).toBe('Bearer sk-test')
  const text = sent.messages.map((message) => message.content).join('\n')
  expect(text).toContain(
    'Escreva um carrossel para Casa Alto de Pinheiros por R$ 3.200.000,00. Chamada: Casa dos sonhos',
  )
  expect(text).toContain('Alto de Pinheiros')
  expect(sent.messages.at(-1)!.content).not.toMatch(/undefined|null|\{\{/)
  // One system message, first: our instructions and the template's own, never one among the rest.
  expect(sent.messages.filter((message) => message.role === 'system')).toHaveLength(1)
  expect(sent.messages[0]!.role).toBe('system')
  expect(sent.messages[0]!.content).toContain('Responda apenas com JSON')
  expect(sent.messages[0]!.content).toContain('Você escreve posts para corretores de imóveis no Brasil.')
  // The scheduler's own advice on hashtags (it warns above 5), not a range past it.
  expect(sent.messages[0]!.content).toContain('no máximo 5 hashtags relevantes')
  expect(sent.messages[0]!.content).not.toMatch(/de \d+ a \d+ hashtags/)
})

test('a malformed answer fails with a pt-BR message', async () => {
  ai.answer({ text: 'Claro! Aqui está o seu post: Casa linda…' })
  const error = await writer()
    .write(request())
    .catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(CopyWriterError)
  expect((error as CopyWriterError).reason).toBe('invalid-answer')
  expect((error as CopyWriterError).message).toBe(AI_MESSAGES.invalid)
})

test('an answer of the wrong shape fails the same way', async () => {
  ai.answer({ json: { legenda: 'sem o campo certo', slides: 'não é lista' } })
  const error = await writer()
    .write(request())
    .catch((caught: unknown) => caught)
  expect((error as CopyWriterError).reason).toBe('invalid-answer')
})

test('a slow answer times out with a pt-BR message', async () => {
  ai.answer({ delayMs: 2_000, json: { caption: 'tarde demais', slides: [] } })
  const started = Date.now()
  const error = await writer(300)
    .write(request())
    .catch((caught: unknown) => caught)
  expect(Date.now() - started).toBeLessThan(1_900)
  expect((error as CopyWriterError).reason).toBe('timeout')
  expect((error as CopyWriterError).message).toBe(AI_MESSAGES.timeout)
})

test('an HTTP error from the API is reported as unavailable', async () => {
  ai.answer({ status: 500, error: { message: 'The server had an error', type: 'server_error' } })
  const error = await writer()
    .write(request())
    .catch((caught: unknown) => caught)
  expect((error as CopyWriterError).reason).toBe('unavailable')
  expect((error as CopyWriterError).message).toBe(AI_MESSAGES.unavailable)
})

test('overlong words are cut to fit the slide', async () => {
  ai.answer({
    json: {
      caption: 'ok #imoveis',
      slides: [{ title: 'x'.repeat(300), description: null, button: 'y'.repeat(80), caption: null }],
      headlines: ['Um', 'Dois', 'Três'],
    },
  })
  const copy = await writer().write(request())
  expect(copy.slides[0]!.title!.length).toBe(120)
  expect(copy.slides[0]!.button!.length).toBe(40)
})

test('a post about a property comes with three headline options, asked for and checked', async () => {
  const options = [
    'Casa de 350 m² em Alto de Pinheiros',
    '  4 quartos e jardim  ',
    `Casa com ${'quintal '.repeat(20)}`,
    'Quarta opção',
  ]
  ai.answer({ json: { caption: 'Casa à venda. #imoveis', slides: [], headlines: options } })
  const copy = await writer().write(request())
  expect(copy.headlines).toHaveLength(3)
  expect(copy.headlines![0]).toBe('Casa de 350 m² em Alto de Pinheiros')
  expect(copy.headlines![1]).toBe('4 quartos e jardim')
  expect(copy.headlines![2]!.length).toBeLessThanOrEqual(80)
  expect(copy.headlines![2]).toMatch(/quintal$/)
  const sent = ai.requests[0]!
  // Strict structured output: every property, headlines included, is required.
  expect((sent.response_format?.json_schema?.schema as { required: string[] }).required).toEqual([
    'caption',
    'slides',
    'headlines',
  ])
  expect(sent.messages[0]!.content).toContain('3 opções de título para a capa')
  expect(sent.messages[0]!.content).toContain('Espaço para viver bem')
})

test('missing or empty headline options are a malformed answer (the post fails with the retry button)', async () => {
  ai.answer({ json: { caption: 'Casa à venda. #imoveis', slides: [] } })
  const missing = await writer()
    .write(request())
    .catch((caught: unknown) => caught)
  expect((missing as CopyWriterError).reason).toBe('invalid-answer')
  expect((missing as CopyWriterError).message).toBe(AI_MESSAGES.invalid)
  ai.answer({ json: { caption: 'Casa à venda. #imoveis', slides: [], headlines: ['Só uma', ''] } })
  const short = await writer()
    .write(request())
    .catch((caught: unknown) => caught)
  expect((short as CopyWriterError).reason).toBe('invalid-answer')
})

test('a post about no property (a date) needs no headline options', async () => {
  ai.answer({
    json: {
      caption: 'Feliz Natal! #feliznatal',
      slides: [{ title: 'Feliz Natal', description: null, button: null, caption: null }],
      headlines: null,
    },
  })
  const copy = await writer().write({
    ...request(),
    home: null,
    template: { name: 'Datas', kind: 'holiday', format: 'feed' },
  })
  expect(copy.caption).toBe('Feliz Natal! #feliznatal')
  expect(copy.headlines).toBeUndefined()
  expect(ai.requests[0]!.messages[0]!.content).toContain('Em "headlines", responda null.')
})
