import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  CNPJ_INVALID_MESSAGE,
  CPF_INVALID_MESSAGE,
  DOCUMENT_REQUIRED_MESSAGE,
  cnpjCheckDigits,
  cpfCheckDigits,
  formatDocument,
  isValidCnpj,
  isValidCpf,
  maskCep,
  maskDocument,
} from './fiscal'
import { FiscalDataSchema } from './fiscal-schema'

test('known CPFs, valid and invalid', () => {
  expect(isValidCpf('12345678909')).toBe(true)
  expect(isValidCpf('123.456.789-09')).toBe(true)
  expect(isValidCpf('529.982.247-25')).toBe(true)
  expect(isValidCpf('11111111111')).toBe(false)
  expect(isValidCpf('12345678900')).toBe(false)
  expect(isValidCpf('1234567890')).toBe(false)
  expect(isValidCpf('123456789091')).toBe(false)
  expect(isValidCpf('123.456.789-0a')).toBe(false)
})

test('known CNPJs', () => {
  expect(isValidCnpj('11222333000181')).toBe(true)
  expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
  expect(isValidCnpj('11.444.777/0001-61')).toBe(true)
  expect(isValidCnpj('11222333000182')).toBe(false)
  expect(isValidCnpj('00000000000000')).toBe(false)
  expect(isValidCnpj('1122233300018')).toBe(false)
})

const digitString = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''))

test('any nine digits completed with their check digits make a valid CPF, unless all alike', () => {
  fc.assert(
    fc.property(digitString(9), (nine) => {
      const cpf = nine + cpfCheckDigits(nine)
      expect(isValidCpf(cpf)).toBe(!/^(\d)\1*$/.test(cpf))
      expect(isValidCpf(formatDocument('cpf', cpf))).toBe(isValidCpf(cpf))
    }),
  )
})

// (A change in the body can keep both check digits: the rule maps remainders 0 and 1 to 0.)
test('changing a check digit of a valid CPF or CNPJ makes it invalid', () => {
  fc.assert(
    fc.property(digitString(9), fc.integer({ min: 9, max: 10 }), fc.integer({ min: 1, max: 9 }), (nine, at, delta) => {
      const cpf = nine + cpfCheckDigits(nine)
      fc.pre(!/^(\d)\1*$/.test(cpf))
      const changed = cpf.slice(0, at) + ((Number(cpf[at]) + delta) % 10) + cpf.slice(at + 1)
      expect(isValidCpf(changed)).toBe(false)
    }),
  )
  fc.assert(
    fc.property(
      digitString(12),
      fc.integer({ min: 12, max: 13 }),
      fc.integer({ min: 1, max: 9 }),
      (twelve, at, delta) => {
        const cnpj = twelve + cnpjCheckDigits(twelve)
        fc.pre(!/^(\d)\1*$/.test(cnpj))
        expect(isValidCnpj(cnpj)).toBe(true)
        const changed = cnpj.slice(0, at) + ((Number(cnpj[at]) + delta) % 10) + cnpj.slice(at + 1)
        expect(isValidCnpj(changed)).toBe(false)
      },
    ),
  )
})

test('one repeated digit is never valid', () => {
  for (let d = 0; d <= 9; d++) {
    expect(isValidCpf(String(d).repeat(11))).toBe(false)
    expect(isValidCnpj(String(d).repeat(14))).toBe(false)
  }
})

test('masks follow what is typed and keep only the digits', () => {
  expect(maskDocument('1234567')).toBe('123.456.7')
  expect(maskDocument('12345678909')).toBe('123.456.789-09')
  expect(maskDocument('112223330001')).toBe('11.222.333/0001')
  expect(maskDocument('11.222.333/0001-81')).toBe('11.222.333/0001-81')
  expect(maskDocument('11222333000181999')).toBe('11.222.333/0001-81')
  expect(maskCep('01310100')).toBe('01310-100')
  fc.assert(
    fc.property(fc.string(), (typed) => {
      const masked = maskDocument(typed)
      expect(masked.replace(/\D/g, '')).toBe(typed.replace(/\D/g, '').slice(0, 14))
      expect(maskDocument(masked)).toBe(masked)
    }),
  )
})

const valid = {
  document: '123.456.789-09',
  name: 'Ana Corretora',
  zipcode: '01310100',
  street: 'Avenida Paulista',
  street_number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
  invoice_email: 'notas@example.com',
}

test('the fiscal form: CPF/CNPJ required, checked by length, address and e-mail', () => {
  const ok = FiscalDataSchema.parse(valid)
  expect(ok.document).toEqual({ type: 'cpf', digits: '12345678909' })
  expect(ok.zipcode).toBe('01310-100')
  expect(ok.complement).toBeNull()
  expect(FiscalDataSchema.parse({ ...valid, document: '11222333000181' }).document).toEqual({
    type: 'cnpj',
    digits: '11222333000181',
  })
  const messageOf = (document: string | undefined) =>
    FiscalDataSchema.safeParse({ ...valid, document }).error?.issues.find((i) => i.path[0] === 'document')?.message
  expect(messageOf('')).toBe(DOCUMENT_REQUIRED_MESSAGE)
  expect(messageOf(undefined)).toBe(DOCUMENT_REQUIRED_MESSAGE)
  expect(messageOf('11111111111')).toBe(CPF_INVALID_MESSAGE)
  expect(messageOf('12345678900')).toBe(CPF_INVALID_MESSAGE)
  expect(messageOf('11222333000182')).toBe(CNPJ_INVALID_MESSAGE)
  const bad = FiscalDataSchema.safeParse({ ...valid, invoice_email: 'x', state: 'XX', city: '' })
  const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]))
  expect(messages).toMatchObject({ invoice_email: 'E-mail inválido', state: 'Escolha o estado', city: 'Obrigatório' })
})

test('alphanumeric CNPJs (Receita Federal, from July 2026): letters count as their ASCII code minus 48', () => {
  expect(cnpjCheckDigits('12ABC34501DE')).toBe('35')
  expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true)
  expect(isValidCnpj('12ABC34501DE35')).toBe(true)
  expect(isValidCnpj('12.abc.345/01de-35')).toBe(true)
  expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false)
  expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false)
  expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false)
  expect(maskDocument('12abc34501de35')).toBe('12.ABC.345/01DE-35')
  expect(maskDocument('12A')).toBe('12.A')
  expect(maskDocument('123456789012AB')).toBe('12.345.678/9012')
  expect(formatDocument('cnpj', '12ABC34501DE35')).toBe('12.ABC.345/01DE-35')
  expect(FiscalDataSchema.parse({ ...valid, document: '12.ABC.345/01DE-35' }).document).toEqual({
    type: 'cnpj',
    digits: '12ABC34501DE35',
  })
  const refused = FiscalDataSchema.safeParse({ ...valid, document: '12.ABC.345/01DE-36' })
  expect(refused.error?.issues.find((i) => i.path[0] === 'document')?.message).toBe(CNPJ_INVALID_MESSAGE)
})
