import { expect, test } from 'vitest'
import { dpoContact, formatLegalDate, legalFacts } from './legal'

const base = { APP_NAME: 'Vitrine', MAIL_FROM: 'Vitrine <nao-responda@vitrine.app>' }

test('the encarregado named in configuration is the one the pages show', () => {
  expect(dpoContact({ ...base, DPO_NAME: 'Ana Souza', DPO_EMAIL: 'dpo@imob.com.br' })).toEqual({
    name: 'Ana Souza',
    email: 'dpo@imob.com.br',
    configured: true,
  })
})

test('without configuration the privacy channel sits on the domain the product mails from', () => {
  expect(dpoContact(base)).toEqual({
    name: 'Encarregado de proteção de dados da Vitrine',
    email: 'privacidade@vitrine.app',
    configured: false,
  })
  expect(dpoContact({ ...base, MAIL_FROM: 'sem-endereco', APP_URL: 'https://app.imob.com.br' }).email).toBe(
    'privacidade@app.imob.com.br',
  )
})

test('names where analytics and AI requests go', () => {
  expect(legalFacts(base).analyticsHost).toBe('us.i.posthog.com')
  expect(legalFacts(base).aiHost).toBeNull()
  const facts = legalFacts({
    ...base,
    POSTHOG_HOST: 'https://eu.i.posthog.com',
    AI_BASE_URL: 'https://api.openai.com/v1',
  })
  expect(facts.analyticsHost).toBe('eu.i.posthog.com')
  expect(facts.aiHost).toBe('api.openai.com')
})

test('dates read the Brazilian way', () => {
  expect(formatLegalDate('2026-11-21')).toBe('21 de novembro de 2026')
})
