import { describe, expect, test } from 'vitest'
import { ProfileSchema } from './account-schemas'
import { LoginSchema, NewPasswordSchema, RegisterSchema, TotpCodeSchema } from './auth-schemas'

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('auth form schemas speak pt-BR', () => {
  test('sign-in: required and e-mail format', () => {
    expect(messages(LoginSchema.safeParse({}))).toEqual({ email: 'Obrigatório', password: 'Obrigatório' })
    expect(messages(LoginSchema.safeParse({ email: 'ana', password: 'x' }))).toEqual({ email: 'E-mail inválido' })
    expect(LoginSchema.parse({ email: ' Ana@Example.COM ', password: 'x' }).email).toBe('ana@example.com')
  })

  test('registration: password minimum 6, Brazilian phone', () => {
    const result = RegisterSchema.safeParse({
      full_name: 'Ana',
      email: 'ana@example.com',
      phone: '123',
      password: '12345',
      terms: 'on',
    })
    expect(messages(result)).toEqual({
      phone: 'Telefone inválido',
      password: 'Deve ter pelo menos 6 caracteres',
    })
    for (const ok of ['(11) 98765-4321', '+55 11 98765-4321', '1133334444'])
      expect(RegisterSchema.shape.phone.safeParse(ok).success).toBe(true)
  })

  test('a name with a control character is refused with a message (Postgres refuses a NUL: was a 500)', () => {
    for (const name of ['\u0000\u0001\u0007', 'Ana\u0000', 'Ana\nLima'])
      expect(messages(ProfileSchema.safeParse({ full_name: name }))).toEqual({
        full_name: 'O nome tem caracteres inválidos',
      })
    expect(RegisterSchema.shape.full_name.safeParse('\u0000').success).toBe(false)
    expect(ProfileSchema.parse({ full_name: ' Ana Lima ' }).full_name).toBe('Ana Lima')
  })

  test('new password must be confirmed', () => {
    expect(messages(NewPasswordSchema.safeParse({ password: 'segredo1', confirmPassword: 'segredo2' }))).toEqual({
      confirmPassword: 'As senhas não conferem',
    })
  })

  test('a TOTP code is six digits, spaces ignored', () => {
    expect(TotpCodeSchema.parse({ code: '123 456' }).code).toBe('123456')
    expect(messages(TotpCodeSchema.safeParse({ code: '12ab' }))).toEqual({
      code: 'Digite os 6 números do aplicativo',
    })
  })
})

test('registration needs the terms accepted', () => {
  const result = RegisterSchema.safeParse({
    full_name: 'Ana',
    email: 'ana@example.com',
    phone: '11987654321',
    password: 'segredo1',
  })
  expect(messages(result)).toEqual({
    terms: 'Aceite os Termos de uso e a Política de privacidade para criar a conta',
  })
})
