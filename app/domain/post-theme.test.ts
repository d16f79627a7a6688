import { describe, expect, test } from 'vitest'
import {
  DEFAULT_POST_THEME,
  contrastRatio,
  normalizeFont,
  normalizeHex,
  readableOn,
  resolvePostTheme,
} from './post-theme'

describe('post theme', () => {
  test('colours are normalised; junk falls back to the default', () => {
    expect(normalizeHex('abc')).toBe('#AABBCC')
    expect(normalizeHex('#0b6e4f')).toBe('#0B6E4F')
    expect(normalizeHex('red')).toBeNull()
    expect(resolvePostTheme({ primary_color: 'not a colour' }, null).primary).toBe(DEFAULT_POST_THEME.primary)
  })

  test('text on the brand colours stays readable', () => {
    const light = resolvePostTheme({ primary_color: '#F5F5DC', secondary_color: '#FFD700' }, null)
    expect(light.onPrimary).not.toBe('#FFFFFF')
    expect(contrastRatio(light.primary, light.onPrimary)).toBeGreaterThan(4.5)
    expect(readableOn('#14213D')).toBe('#FFFFFF')
    // A text colour too light for the light surfaces is replaced.
    expect(resolvePostTheme({ text_color: '#FAFAFA' }, null).text).toBe(DEFAULT_POST_THEME.text)
  })

  test('fonts by name, any case; the logo from the property, else the account', () => {
    expect(normalizeFont('playfair-display')).toBe('Playfair Display')
    expect(normalizeFont('Comic Sans')).toBeNull()
    expect(resolvePostTheme(null, { logo: '/uploads/x.png', font: 'inter' })).toMatchObject({
      logo: '/uploads/x.png',
      font: 'Inter',
    })
    expect(resolvePostTheme({ logo: '/uploads/y.png' }, { logo: '/uploads/x.png' }).logo).toBe('/uploads/y.png')
  })
})
