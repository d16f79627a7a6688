import { describe, expect, test } from 'vitest'
import {
  COMPOSITIONS,
  COMPOSITION_IDS,
  compositionsFor,
  defaultComposition,
  postComposition,
  withComposition,
} from './compositions'
import { readTemplateDesign } from './post-plan'
import { LIBRARY_TEMPLATES } from './template-library'

describe('cover compositions', () => {
  test('every composition has a pt-BR name and a font pairing', () => {
    for (const id of COMPOSITION_IDS) {
      expect(COMPOSITIONS[id].id).toBe(id)
      expect(COMPOSITIONS[id].label).toMatch(/^\p{Lu}/u)
    }
  })

  test('the property templates use at least 6 compositions, none more than 3 times', () => {
    const counts = new Map<string, string[]>()
    for (const template of LIBRARY_TEMPLATES) {
      const design = readTemplateDesign(template.design as never)
      if (!template.needs_home || !design.slides?.includes('cover')) continue
      const id = defaultComposition(design)
      counts.set(id, [...(counts.get(id) ?? []), template.slug])
    }
    expect(counts.size).toBeGreaterThanOrEqual(6)
    for (const [id, slugs] of counts) expect(slugs.length, `${id}: ${slugs.join(', ')}`).toBeLessThanOrEqual(3)
  })

  test('each template kind gets the composition its message asks for', () => {
    const of = (slug: string) =>
      defaultComposition(readTemplateDesign(LIBRARY_TEMPLATES.find((t) => t.slug === slug)!.design as never))
    expect(of('venda-vendido')).toBe('stamp')
    expect(of('aluguel-alugado')).toBe('stamp')
    expect(of('venda-visita-aberta')).toBe('date')
    expect(of('lancamento-carrossel')).toBe('magazine')
    expect(of('venda-destaques')).toBe('collage')
    expect(of('dica-guia-do-bairro')).toBe('neighborhood')
    expect(of('venda-baixou-o-preco')).toBe('price')
  })

  test('an available listing can never be switched to the "Vendido/Alugado" stamp, nor a post with no visit to a date', () => {
    const design = (slug: string) => readTemplateDesign(LIBRARY_TEMPLATES.find((t) => t.slug === slug)!.design as never)
    const listing = compositionsFor(design('venda-destaques'))
    expect(listing).not.toContain('stamp')
    expect(listing).not.toContain('date')
    expect(listing).toContain('full-bleed')
    expect(compositionsFor(design('aluguel-alugado'))).toContain('stamp')
    expect(compositionsFor(design('venda-visita-aberta'))).toContain('date')
    expect(compositionsFor(design('venda-visita-aberta'))).not.toContain('stamp')
  })

  test('a post keeps the composition it was given; an older post keeps the cover of its style', () => {
    expect(postComposition({ composition: 'collage', style: 'moderno' })).toBe('collage')
    expect(postComposition({ style: 'moderno' })).toBe('split')
    expect(postComposition({ composition: 'nonsense' })).toBe('full-bleed')
    expect(postComposition(null)).toBe('full-bleed')
  })

  test('a new post gets the template default unless the answers name one', () => {
    expect(withComposition({ headline: 'x' }, { kind: 'sold' })).toEqual({ headline: 'x', composition: 'stamp' })
    expect(withComposition({ composition: 'arch' }, { kind: 'sold' })).toEqual({ composition: 'arch' })
    expect(withComposition({}, { kind: 'listing', cover: 'minimal' })).toEqual({ composition: 'minimal' })
  })
})
