import { expect, test } from 'vitest'
import { fileSlug } from './file-names'

test('file names drop accents and punctuation, and never end in a hyphen', () => {
  expect(fileSlug('Apartamento 3 suítes — Itaim Bibi!')).toBe('apartamento-3-suites-itaim-bibi')
  expect(fileSlug('Ação', 3)).toBe('aca')
  expect(fileSlug('casa de praia', 5)).toBe('casa')
  expect(fileSlug('!!!')).toBe('')
  expect(fileSlug(null)).toBe('')
})
