import { expect, test } from 'vitest'
import {
  brazilianStates,
  dealPhrase,
  effectiveTheme,
  formatZipcode,
  homeAmenities,
  homeAmenityLabels,
  homeCategories,
  homeCategoryLabel,
  homeFeatures,
  nearbyPlaceLabel,
} from './home'

test("has the sizes the product's enumerations give, each key with a Portuguese label", () => {
  expect(homeCategories).toHaveLength(11)
  expect(homeFeatures).toHaveLength(11)
  expect(brazilianStates).toHaveLength(27)
  expect(homeAmenities).toHaveLength(20)
  expect(homeAmenities).toEqual(expect.arrayContaining(['gym', 'pool', 'playground', 'sauna', 'spa', 'cinema']))
  for (const key of homeAmenities) expect(homeAmenityLabels[key]).toMatch(/^[A-ZÁ-Ú]/)
  expect(new Set(Object.values(homeAmenityLabels)).size).toBe(20)
})

test('labels read as a listing would', () => {
  expect(homeCategoryLabel('penthouse')).toBe('Cobertura')
  expect(homeCategoryLabel('castle')).toBe('castle')
  expect(dealPhrase('apartment', 'sale')).toBe('Apartamento à venda')
  expect(dealPhrase('house', 'rent')).toBe('Casa para alugar')
  expect(formatZipcode('01310100')).toBe('01310-100')
  expect(nearbyPlaceLabel({ primaryType: null, types: ['subway_station', 'transit_station'] })).toBe('Metrô')
})

test('a property inherits the account brand unless it sets its own values', () => {
  const account = { logo: '/uploads/users/a/logo.png', primary_color: '#0f766e', font: 'Inter' }
  expect(effectiveTheme(null, account)).toEqual({
    logo: '/uploads/users/a/logo.png',
    primary_color: '#0f766e',
    secondary_color: null,
    text_color: null,
    font: 'Inter',
  })
  expect(effectiveTheme({ primary_color: '#222222', font: null }, account)).toMatchObject({
    primary_color: '#222222',
    font: 'Inter',
  })
})
