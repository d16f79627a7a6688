import { expect, test } from 'vitest'
import { EnhanceFormSchema, stagingPrompt, straightenCrop } from './room-styles'

test('straightening keeps the proportions and crops inside the turned picture', () => {
  for (const [width, height, degrees] of [
    [1200, 900, 3],
    [900, 1200, -5],
    [1000, 1000, 10],
  ] as const) {
    const crop = straightenCrop(width, height, degrees)
    expect(crop.width / crop.height).toBeCloseTo(width / height, 2)
    expect(crop.width).toBeLessThan(width)
    expect(crop.left + crop.width).toBeLessThanOrEqual(crop.rotatedWidth)
    expect(crop.top + crop.height).toBeLessThanOrEqual(crop.rotatedHeight)
    // The crop's corners lie inside the turned picture.
    const angle = (Math.abs(degrees) * Math.PI) / 180
    const x = (crop.width / 2) * Math.cos(angle) + (crop.height / 2) * Math.sin(angle)
    const y = (crop.width / 2) * Math.sin(angle) + (crop.height / 2) * Math.cos(angle)
    expect(x).toBeLessThanOrEqual(width / 2 + 1)
    expect(y).toBeLessThanOrEqual(height / 2 + 1)
  }
  expect(straightenCrop(800, 600, 0)).toMatchObject({ width: 800, height: 600, left: 0, top: 0 })
})

test('the enhancement form reads checkboxes and bounds the numbers', () => {
  const parsed = EnhanceFormSchema.parse({
    photo: '/uploads/a.jpg',
    auto_level: 'on',
    brightness: '10',
    straighten: '-2.5',
  })
  expect(parsed).toEqual({
    photo: '/uploads/a.jpg',
    auto_level: true,
    white_balance: false,
    sharpen: false,
    brightness: 10,
    straighten: -2.5,
  })
  expect(EnhanceFormSchema.safeParse({ photo: 'x', straighten: '45' }).success).toBe(false)
})

test('the staging prompt names the style and keeps the architecture', () => {
  expect(stagingPrompt('escandinavo')).toMatch(/Scandinavian/)
  expect(stagingPrompt('industrial')).toMatch(/Keep the architecture/)
})
