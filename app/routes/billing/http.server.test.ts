// Return addresses of the billing routes stay on our origin once the browser has resolved them.
import { expect, test } from 'vitest'
import { localPath, sameOriginUrl } from './http.server'

const origin = 'https://vitrine.example'

test('a return address on our origin is kept, absolute or as a path', () => {
  expect(sameOriginUrl('/minha-conta/plano?aba=1', origin)).toBe(`${origin}/minha-conta/plano?aba=1`)
  expect(sameOriginUrl(`${origin}/plano/sucesso`, origin)).toBe(`${origin}/plano/sucesso`)
  expect(localPath(`${origin}/plano/sucesso#fim`, origin, '/x')).toBe('/plano/sucesso#fim')
})

test('a return address that resolves to another host is refused (/.//evil.example, ADR 210)', () => {
  for (const sneaky of ['/.//evil.example', `${origin}/.//evil.example`, '//evil.example', 'https://evil.example/'])
    expect(sameOriginUrl(sneaky, origin)).toBeNull()
  expect(localPath('/.//evil.example', origin, '/minha-conta/plano')).toBe('/minha-conta/plano')
})
