import { expect, test } from 'vitest'
import { safeRedirect } from './redirect'

test('follows only same-site relative paths', () => {
  expect(safeRedirect('/imoveis?page=2')).toBe('/imoveis?page=2')
  expect(safeRedirect('https://evil.example')).toBe('/')
  expect(safeRedirect('//evil.example/x')).toBe('/')
  expect(safeRedirect('/\\evil.example')).toBe('/')
  expect(safeRedirect('javascript:alert(1)')).toBe('/')
  expect(safeRedirect(null, '/modelos')).toBe('/modelos')
})

test('a path that normalises to another host is refused (/.//evil.example, ADR 210)', () => {
  for (const sneaky of [
    '/.//evil.example',
    '/..//evil.example/x',
    '/./\\evil.example',
    '/%2e//evil.example',
    '/\t/evil.example',
  ])
    expect(safeRedirect(sneaky, '/inicio')).toBe('/inicio')
  expect(safeRedirect('/imoveis/./novo')).toBe('/imoveis/novo')
})
