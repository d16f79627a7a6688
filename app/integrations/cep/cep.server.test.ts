import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockViaCep } from '../../../tests/mocks/viacep'
import { cepDigits, createCepLookup } from './cep.server'

let viacep: Awaited<ReturnType<typeof startMockViaCep>>
let slow: Awaited<ReturnType<typeof startMockViaCep>>
beforeAll(async () => {
  viacep = await startMockViaCep()
  slow = await startMockViaCep({ delayMs: 1500 })
})
afterAll(async () => {
  await viacep.close()
  await slow.close()
})

test('reads CEPs as people type them', () => {
  expect(cepDigits('01310-100')).toBe('01310100')
  expect(cepDigits(' 01310100 ')).toBe('01310100')
  expect(cepDigits('01.310-100')).toBe('01310100')
  expect(cepDigits('0131-0100a')).toBeNull()
  expect(cepDigits('123')).toBeNull()
})

test('fills street, neighbourhood, city and state from ViaCEP, once per CEP', async () => {
  const lookup = createCepLookup({ baseUrl: viacep.url })
  expect(await lookup('01310-100')).toEqual({
    status: 'found',
    address: {
      zipcode: '01310-100',
      street: 'Avenida Paulista',
      complement: 'de 612 a 1510 - lado par',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  })
  await lookup('01310100')
  expect(viacep.requests.filter((r) => r.includes('01310100'))).toHaveLength(1)
})

test('tells an unknown CEP from a malformed one without calling out for the latter', async () => {
  const lookup = createCepLookup({ baseUrl: viacep.url })
  expect(await lookup('99999-999')).toEqual({ status: 'not_found' })
  const before = viacep.requests.length
  expect(await lookup('abc')).toEqual({ status: 'invalid' })
  expect(viacep.requests.length).toBe(before)
})

test('fails quietly and quickly when ViaCEP is slow or unreachable', async () => {
  const started = Date.now()
  expect(await createCepLookup({ baseUrl: slow.url, timeoutMs: 200 })('01310-100')).toEqual({
    status: 'unavailable',
  })
  expect(Date.now() - started).toBeLessThan(1400)
  expect(await createCepLookup({ baseUrl: 'http://127.0.0.1:9/ws' })('01310-100')).toEqual({
    status: 'unavailable',
  })
})
