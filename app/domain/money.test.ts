import fc from 'fast-check'
import { expect, test } from 'vitest'
import { formatBRL, formatBRLShort, formatMoneyInput, parseMoney } from './money'

test('reads the ways people type money', () => {
  expect(parseMoney('R$ 1.234,56')).toBe(123456)
  expect(parseMoney('1234,56')).toBe(123456)
  expect(parseMoney('1.234')).toBe(123400)
  expect(parseMoney('R$ 1.234.567,89')).toBe(123456789)
  expect(parseMoney('R$\u00a01.234,5')).toBe(123450)
  expect(parseMoney('1234.56')).toBe(123456)
  expect(parseMoney('  850000 ')).toBe(85000000)
  expect(parseMoney(',50')).toBe(50)
})

test('empty becomes 0', () => {
  expect(parseMoney('')).toBe(0)
  expect(parseMoney('   ')).toBe(0)
  expect(parseMoney('R$')).toBe(0)
  expect(parseMoney(undefined)).toBe(0)
})

test('refuses text that is not an amount', () => {
  for (const bad of ['abc', '1,234', '1.23.4', '12a', '1,2,3', 'R$ 1.2345,00', '--1'])
    expect(parseMoney(bad), bad).toBeNull()
})

test('keeps the sign so the schema can say it must be at least 0', () => {
  expect(parseMoney('-R$ 10,00')).toBe(-1000)
  expect(parseMoney('-5')).toBe(-500)
})

test('shows BRL the pt-BR way with a plain space, and a null price as R$ -,--', () => {
  expect(formatBRL(123456789)).toBe('R$ 1.234.567,89')
  expect(formatBRL(0)).toBe('R$ 0,00')
  expect(formatBRL(5)).toBe('R$ 0,05')
  expect(formatBRL(100000)).toBe('R$ 1.000,00')
  expect(formatBRL(null)).toBe('R$ -,--')
  expect(formatBRL(undefined)).toBe('R$ -,--')
  expect(formatBRL(-1050)).toBe('-R$ 10,50')
  expect(formatMoneyInput(123456)).toBe('1.234,56')
  expect(formatMoneyInput(null)).toBe('')
  expect(formatBRLShort(125000000)).toBe('R$ 1,3 mi')
  expect(formatBRLShort(85000000)).toBe('R$ 850 mil')
})

test('matches Intl pt-BR apart from the space after R$', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (cents) => {
      const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
        .format(cents / 100)
        .replace(/\s/g, ' ')
      expect(formatBRL(cents)).toBe(intl)
    }),
  )
})

const cents = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER - 99 })

test('parse ∘ format is the identity on cents', () => {
  fc.assert(
    fc.property(cents, (c) => {
      expect(parseMoney(formatBRL(c))).toBe(c)
      expect(parseMoney(formatMoneyInput(c))).toBe(c)
    }),
  )
})

test('format ∘ parse normalises any typed amount to one canonical text', () => {
  fc.assert(
    fc.property(cents, (c) => {
      const text = formatBRL(c)
      const parsed = parseMoney(text)
      expect(formatBRL(parsed)).toBe(text)
    }),
  )
})

test('plain digits with a comma parse to the same cents as the formatted text', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 99 }), (r, c) => {
      const typed = `${r},${String(c).padStart(2, '0')}`
      expect(parseMoney(typed)).toBe(r * 100 + c)
    }),
  )
})
