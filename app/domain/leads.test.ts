import { expect, test } from 'vitest'
import { csvDateTime } from './dates'
import {
  HandleSchema,
  LeadSchema,
  csvField,
  leadConsentText,
  leadRetentionCutoff,
  csvRow,
  idOfSlug,
  listingSlug,
  whatsappText,
  whatsappUrl,
} from './leads'

const handleError = (handle: string) => {
  const result = HandleSchema.safeParse({ handle })
  return result.success ? null : result.error.issues[0]?.message
}

test('a handle is folded to lower-case ASCII; reserved, short and odd ones are refused in pt-BR', () => {
  expect(HandleSchema.parse({ handle: ' Ana Souza ', noindex: 'on' })).toEqual({ handle: 'ana-souza', noindex: true })
  expect(HandleSchema.parse({ handle: 'joão-imóveis' }).handle).toBe('joao-imoveis')
  expect(handleError('admin')).toBe('Este endereço é reservado. Escolha outro.')
  expect(handleError('leads')).toBe('Este endereço é reservado. Escolha outro.')
  expect(handleError('ab')).toBe('Use de 3 a 30 caracteres')
  expect(handleError('-ana')).toBe('Use só letras, números e hífens (sem hífen no começo ou no fim)')
  expect(handleError('ana--souza')).toBe('Use só letras, números e hífens (sem hífen no começo ou no fim)')
  expect(handleError('ana_souza')).toBe('Use só letras, números e hífens (sem hífen no começo ou no fim)')
})

test('a listing slug is the name in ASCII words and the id, read back to the id', () => {
  const slug = listingSlug({ id: 42, name: 'Apartamento 3 suítes no Itaim Bibi!' })
  expect(slug).toBe('apartamento-3-suites-no-itaim-bibi-42')
  expect(idOfSlug(slug)).toBe(42)
  expect(idOfSlug('42')).toBe(42)
  expect(idOfSlug('sem-numero')).toBeNull()
})

test('the WhatsApp link is wa.me/55 with the property and its code named', () => {
  const url = whatsappUrl('(11) 98765-4321', whatsappText({ id: 7, name: 'Casa no Campeche' }))
  expect(url).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/)
  expect(new URL(url!).searchParams.get('text')).toBe(
    'Olá! Vi o imóvel "Casa no Campeche" (Cód. 7) e gostaria de mais informações.',
  )
  expect(whatsappUrl('5511987654321', 'x')).toBe('https://wa.me/5511987654321?text=x')
  expect(whatsappUrl('123', 'x')).toBeNull()
})

test('the lead form asks for a name, a phone with DDD and the consent', () => {
  const result = LeadSchema.safeParse({ name: '', phone: '123' })
  expect(result.success).toBe(false)
  const messages = result.error!.issues.map((issue) => issue.message)
  expect(messages).toEqual(
    expect.arrayContaining([
      'Informe seu nome',
      'Informe o telefone com DDD (10 ou 11 dígitos)',
      'Para enviar, autorize o uso dos seus dados para este contato',
    ]),
  )
  expect(LeadSchema.parse({ name: 'Ana', phone: '(11) 98765-4321', consent: 'on' }).message).toBe('')
})

test('a CSV field is quoted when needed and never starts a spreadsheet formula', () => {
  expect(csvField('Ana')).toBe('Ana')
  expect(csvField('a,b')).toBe('"a,b"')
  expect(csvField('diz "oi"')).toBe('"diz ""oi"""')
  expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
  expect(csvField('+5511')).toBe("'+5511")
})

test('a CSV line opens in columns in Excel pt-BR: ";" between fields, São Paulo dates', () => {
  expect(csvRow(['Ana', 'R$ 1,5 mi', 'a;b'])).toBe('Ana;"R$ 1,5 mi";"a;b"')
  expect(csvDateTime(new Date('2026-01-02T15:04:00Z'))).toBe('02/01/2026 12:04')
  expect(csvDateTime(new Date('2026-12-31T23:59:00-03:00'))).toBe('31/12/2026 23:59')
})

test('a lead’s name is one line, as registration takes it: a line break or a control character is refused', () => {
  for (const name of ['Ana\nBcc: x', 'Ana\rBia', 'Ana\u0007']) {
    const result = LeadSchema.safeParse({ name, phone: '11912345678', consent: 'on' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['O nome tem caracteres inválidos'])
  }
  expect(LeadSchema.parse({ name: 'Ana Lúcia', phone: '11912345678', consent: 'on' }).name).toBe('Ana Lúcia')
})

test('the retention cutoff goes back whole months, the day kept where the month has it', () => {
  expect(leadRetentionCutoff(new Date('2027-03-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z')
  expect(leadRetentionCutoff(new Date('2026-12-05T08:00:00Z'), 24).toISOString()).toBe('2024-12-05T08:00:00.000Z')
})

test('the consent text names who receives the data and the property', () => {
  expect(leadConsentText('Ana Souza Imóveis', 'Casa na Granja')).toBe(
    'Autorizo Ana Souza Imóveis a usar meu nome, telefone e mensagem para falar comigo sobre “Casa na Granja”. ' +
      'Os dados ficam com Ana Souza Imóveis, não são repassados a terceiros e podem ser excluídos quando eu pedir.',
  )
})
