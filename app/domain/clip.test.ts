import { describe, expect, test } from 'vitest'
import { clip } from './clip'

const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

describe('clip', () => {
  test('a cut through an emoji leaves the whole emoji out, never half of it', () => {
    const caption = `${'a'.repeat(219)}🔹 3 suítes`
    expect(caption.slice(0, 220)).toMatch(lone)
    expect(clip(caption, 220)).toBe('a'.repeat(219))
    expect(clip(caption, 221)).toBe(`${'a'.repeat(219)}🔹`)
  })

  test('short text and cuts between plain letters are as slice makes them', () => {
    expect(clip('Apartamento', 40)).toBe('Apartamento')
    expect(clip('Apartamento à venda', 11)).toBe('Apartamento')
  })

  test('no cut of an emoji-rich caption ends in half a character', () => {
    const caption = '🏡 Casa 🔹 3 suítes 🔹 2 vagas ✨ lazer 🌳 jardim 📍 Pinheiros'
    for (let max = 1; max <= caption.length; max++) expect(clip(caption, max)).not.toMatch(lone)
  })
})
