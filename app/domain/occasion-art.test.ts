import { describe, expect, test } from 'vitest'
import { ART_COMPOSITIONS, ART_THEMES, postArt } from './occasion-art'
import { OCCASION_OPTIONS } from './template-library/content-options'

describe('which art a post is drawn on', () => {
  test('each occasion the agent can pick has its own art; any other date, the generic one', () => {
    for (const theme of ART_THEMES.filter((t) => t !== 'generica'))
      expect(postArt({ id: 1, hasHome: false, fields: { occasion: theme } })?.theme).toBe(theme)
    expect(postArt({ id: 1, hasHome: false, fields: { occasion: 'outra' } })?.theme).toBe('generica')
    const picked = new Set(OCCASION_OPTIONS.map((option) => option.value))
    for (const theme of ART_THEMES.filter((t) => t !== 'generica')) expect(picked.has(theme), theme).toBe(true)
  })

  test('a post about no property (dicas, institucional, depoimentos) gets the generic art; a property post none', () => {
    expect(postArt({ id: 1, hasHome: false, fields: {} })?.theme).toBe('generica')
    expect(postArt({ id: 1, hasHome: true, fields: {} })).toBeNull()
    expect(postArt({ id: 1, hasHome: true, fields: { occasion: 'natal' } })?.theme).toBe('natal')
  })

  test('posts take turns through the compositions', () => {
    const seen = new Set(
      Array.from({ length: 6 }, (_, id) => postArt({ id, hasHome: false, fields: { occasion: 'natal' } })?.composition),
    )
    expect(seen.size).toBe(ART_COMPOSITIONS)
  })
})
