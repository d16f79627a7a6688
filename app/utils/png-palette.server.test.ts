import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { palettePng, quantize } from './png-palette.server'

/** A smooth sky-like gradient with a flat brand band at the bottom. */
function gradientWithBand(width: number, height: number) {
  const pixels = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const band = y >= height - 40
      pixels[i] = band ? 0x14 : Math.round(90 + (y / height) * 120)
      pixels[i + 1] = band ? 0x21 : Math.round(140 + (y / height) * 90)
      pixels[i + 2] = band ? 0x3d : Math.round(210 + (x / width) * 40)
      pixels[i + 3] = 255
    }
  return { pixels, width, height }
}

describe('palette PNG', () => {
  test('decodes as an 8-bit palette PNG of the same size', async () => {
    const png = await palettePng(gradientWithBand(320, 200), ['#14213D'])
    const meta = await sharp(png).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 200])
    // IHDR: bit depth 8, colour type 3 (indexed).
    expect([png[24], png[25]]).toEqual([8, 3])
  })

  test('the fixed colour stays exact and undithered; the gradient keeps its average (no banding)', async () => {
    const image = gradientWithBand(320, 200)
    const png = await palettePng(image, ['#14213D'])
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    for (let y = 160; y < 200; y++)
      for (let x = 0; x < 320; x++) {
        const i = (y * info.width + x) * 3
        expect([data[i], data[i + 1], data[i + 2]]).toEqual([0x14, 0x21, 0x3d])
      }
    // Averages of 10-row strips follow the source within a level: the gradient has no steps.
    for (let top = 0; top < 150; top += 10) {
      let sum = 0
      let want = 0
      for (let y = top; y < top + 10; y++)
        for (let x = 0; x < 320; x++) {
          sum += data[(y * 320 + x) * 3]!
          want += image.pixels[(y * 320 + x) * 4]!
        }
      expect(Math.abs(sum - want) / 3200).toBeLessThan(1)
    }
  })

  test('never more than 256 colours', () => {
    const noise = new Uint8Array(64 * 64 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 2654435761) % 251))
    const { palette } = quantize({ pixels: noise, width: 64, height: 64 }, { fixed: ['#FFFFFF'] })
    expect(palette.length / 3).toBeLessThanOrEqual(256)
  })
})
