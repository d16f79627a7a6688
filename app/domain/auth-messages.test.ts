import { describe, expect, test } from 'vitest'
import { authMessage, authMessages } from './auth-messages'

describe('auth messages in pt-BR', () => {
  test('the product’s quoted messages, verbatim', () => {
    expect(authMessage({ message: 'User already registered', code: 'user_already_exists' })).toBe(
      'Já existe um usuário com este email',
    )
    expect(authMessage({ message: 'Invalid login credentials' })).toBe('Usuário ou senha inválidos')
    expect(authMessage({ message: 'Email not confirmed' })).toBe('Confirme seu e-mail para fazer login')
  })

  test('messages with or without a trailing period, and by code when worded differently', () => {
    expect(authMessage({ message: 'Password should be at least 6 characters.' })).toBe(
      'A senha deve ter pelo menos 6 caracteres.',
    )
    expect(authMessage({ message: 'Only an email address or phone number should be provided on signup.' })).toBe(
      'Informe apenas um e-mail ou um telefone para criar a conta.',
    )
    expect(authMessage({ message: 'Credenciais erradas', code: 'invalid_credentials' })).toBe(
      'Usuário ou senha inválidos',
    )
    expect(authMessage({ message: 'You must provide either an email or phone number and a password' })).toBe(
      'Informe um e-mail ou telefone e uma senha.',
    )
    expect(authMessage({ message: 'You must provide either an email or phone number.' })).toBe(
      'Informe um e-mail ou telefone.',
    )
  })

  test('unknown messages are shown as they are', () => {
    expect(authMessage({ message: 'Something new happened' })).toBe('Something new happened')
  })

  test('a weak password lists its reasons', () => {
    expect(authMessages({ code: 'weak_password', message: 'weak', reasons: ['length', 'pwned'] })).toEqual([
      'A senha deve ter pelo menos 6 caracteres.',
      'Esta senha apareceu em vazamentos de dados. Escolha outra.',
    ])
  })
})
