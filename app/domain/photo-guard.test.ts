// Which shipped templates show the property's photos (the guard rail of ADR 166), and the photo check.
import { expect, test } from 'vitest'
import { LIBRARY_TEMPLATES } from './template-library'
import { hasPhotos, templateNeedsPhotos } from './photo-guard'

const bySlug = (slug: string) => LIBRARY_TEMPLATES.find((template) => template.slug === slug)!

test('templates whose slides show the property are photo templates; title covers and text ones are not', () => {
  for (const slug of [
    'venda-carrossel-completo',
    'venda-post-feed',
    'venda-story',
    'venda-carrossel-rapido',
    'venda-baixou-o-preco',
    'lancamento-carrossel',
    'aluguel-carrossel',
  ])
    expect(templateNeedsPhotos(bySlug(slug)), slug).toBe(true)
  for (const slug of ['dica-guia-do-bairro', 'dica-carrossel', 'datas-post-feed', 'institucional-depoimento'])
    expect(templateNeedsPhotos(bySlug(slug)), slug).toBe(false)
  // A design of text and contact slides only needs no photo, whatever its kind.
  expect(
    templateNeedsPhotos({ design: { kind: 'listing', slides: ['features', 'closing'] }, format: 'carousel' }),
  ).toBe(false)
})

test('a property has photos when its gallery has one with an address', () => {
  expect(hasPhotos({ gallery: [{ url: '/uploads/a.jpg' }] })).toBe(true)
  expect(hasPhotos({ gallery: [{ url: '' }] })).toBe(false)
  expect(hasPhotos({ gallery: [] })).toBe(false)
  expect(hasPhotos(null)).toBe(false)
})
