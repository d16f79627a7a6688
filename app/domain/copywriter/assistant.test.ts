import { expect, test } from 'vitest'
import { DEMO_HOME } from '~/domain/demo-home'
import { seededRandom } from '~/domain/post-plan'
import type { HomeFacts } from '~/domain/prompts'
import { answerOffline } from './assistant'

const agent = { name: 'Marina Costa', phone: '(11) 98765-4321' }
const ask = (task: Parameters<typeof answerOffline>[0]['task'], message = '', home: HomeFacts = DEMO_HOME) =>
  answerOffline({ task, home, agent, message, history: [] }, seededRandom(7))

test('the WhatsApp message carries the price, the neighbourhood and the signature', () => {
  for (let seed = 1; seed <= 5; seed++) {
    const text = answerOffline(
      { task: 'whatsapp', home: DEMO_HOME, agent, message: '', history: [] },
      seededRandom(seed),
    )
    expect(text).toContain('R$ 2.450.000,00')
    expect(text).toContain('Itaim Bibi')
    expect(text).toContain('3 suítes')
    expect(text).toContain('Marina Costa · (11) 98765-4321')
    expect(text).not.toContain('#')
  }
})

test('a rental says the monthly rent', () => {
  const rental: HomeFacts = { ...DEMO_HOME, status: 'rent', rental_price: 850000, price: null }
  expect(ask('whatsapp', '', rental)).toContain('R$ 8.500,00 por mês')
})

test('objections get answers grounded on the facts', () => {
  const price = ask('objecoes', 'Achei caro')
  expect(price).toContain('Resposta sugerida para "Achei caro"')
  expect(price).toContain('R$ 17.253,52 por m²')
  expect(ask('objecoes', 'o condomínio é alto')).toContain('R$ 2.800,00')
  const common = ask('objecoes')
  expect(common).toContain('*Preço*')
  expect(common).toContain('*Localização*')
})

test('the week plan has seven days about this property', () => {
  const plan = ask('semana')
  for (const day of ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo'])
    expect(plan).toContain(`*${day}*`)
  expect(plan).toContain('Itaim Bibi')
})

test("the description is the copywriter's caption with hashtags", () => {
  const text = ask('descrever')
  expect(text).toContain('Itaim Bibi')
  expect(text).toMatch(/#itaimbibi/)
  expect(text).toContain('Parque do Povo')
})

test('the narration is for reading aloud: no emojis, no hashtags, the price', () => {
  const text = ask('narracao')
  expect(text).toContain('R$ 2.450.000,00')
  expect(text).toContain('Itaim Bibi')
  expect(text).toContain('Fale com Marina Costa')
  expect(text).not.toMatch(/[#\p{Extended_Pictographic}]/u)
  expect(text.length).toBeGreaterThan(150)
})

test('a free question is routed to the task it names, or gets the guided menu', () => {
  expect(ask('conversa', 'me ajuda com uma mensagem pro zap?')).toContain('R$ 2.450.000,00')
  expect(ask('conversa', 'qual a melhor hora para postar?')).toContain('posso:')
})

test('a feminine noun takes feminine words', () => {
  const house: HomeFacts = { ...DEMO_HOME, category: 'house', neighborhood: 'Campeche', city: 'Florianópolis' }
  for (let seed = 1; seed <= 6; seed++) {
    const text = answerOffline(
      { task: 'narracao', home: house, agent: null, message: '', history: [] },
      seededRandom(seed),
    )
    expect(text).toMatch(/uma casa em Campeche|esta casa à venda em Campeche/)
    expect(text).not.toMatch(/\bum casa|\beste casa/)
  }
})
