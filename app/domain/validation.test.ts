import { expect, test } from 'vitest'
import { z } from './validation'

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message

test('speaks Portuguese for the messages the product quotes', () => {
  expect(messageOf(z.object({ a: z.string() }), {})).toBe('Obrigatório')
  expect(messageOf(z.email(), 'nao-e-email')).toBe('E-mail inválido')
  expect(messageOf(z.url(), 'nada')).toBe('URL inválida')
  expect(messageOf(z.iso.date(), '31/02')).toBe('Data inválida')
})

test('names the bound for numbers, texts and lists', () => {
  expect(messageOf(z.number().min(0), -1)).toBe('Deve ser maior ou igual a 0')
  expect(messageOf(z.number().max(10), 11)).toBe('Deve ser menor ou igual a 10')
  expect(messageOf(z.string().min(6), 'abc')).toBe('Deve ter pelo menos 6 caracteres')
  expect(messageOf(z.string().max(3), 'abcd')).toBe('Deve ter no máximo 3 caracteres')
  expect(messageOf(z.array(z.string()).max(1), ['a', 'b'])).toBe('Escolha no máximo 1 item')
  expect(messageOf(z.enum(['rent', 'sale']), 'swap')).toBe('Opção inválida')
})
