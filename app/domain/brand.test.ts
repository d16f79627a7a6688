import { describe, expect, test } from 'vitest'
import { BrandSchema, brandContacts, brandPostTheme, fontPairOf } from './brand'
import { clearBackground, flatBackground, suggestColours } from './logo-pixels'

function image(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]) {
  const data = new Uint8Array(width * height * 4)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4)
  return { data, width, height }
}

describe('brand', () => {
  test('the brand reaches the renderer theme; a property theme still wins field by field', () => {
    const brand = { primary_color: '#0b6e4f', secondary_color: '#F2C14E', font: 'Playfair Display', creci: '12345-F' }
    expect(brandPostTheme(brand)).toMatchObject({ primary: '#0B6E4F', secondary: '#F2C14E', font: 'Playfair Display' })
    expect(brandPostTheme(brand, { primary_color: '#112233' })).toMatchObject({
      primary: '#112233',
      secondary: '#F2C14E',
    })
    expect(brandPostTheme(null).primary).toBe('#14213D')
  })

  test('contacts are formatted and only those given', () => {
    expect(brandContacts({ creci: ' CRECI 12345-F ', instagram: 'ana.imoveis', whatsapp: '11987654321' })).toEqual({
      creci: 'CRECI 12345-F',
      instagram: '@ana.imoveis',
      whatsapp: '(11) 98765-4321',
    })
    expect(brandContacts({})).toEqual({})
  })

  test('the form reads colours, handle and number the way people type them, and refuses the rest', () => {
    const ok = BrandSchema.safeParse({
      primary_color: '0b6e4f',
      secondary_color: '#abc',
      font: 'Inter',
      instagram: '@Ana.Imoveis',
      whatsapp: '+55 (11) 98765-4321',
      creci: 'CRECI 12345-F',
    })
    expect(ok.success && ok.data).toMatchObject({
      primary_color: '#0B6E4F',
      secondary_color: '#AABBCC',
      instagram: 'Ana.Imoveis',
      whatsapp: '11987654321',
    })
    const bad = BrandSchema.safeParse({
      primary_color: 'azul',
      secondary_color: '#abc',
      font: 'Comic Sans',
      instagram: 'ana imoveis',
      whatsapp: '123',
      creci: 'F',
    })
    expect(bad.success).toBe(false)
    const paths = bad.error!.issues.map((issue) => issue.path[0]).sort()
    expect(paths).toEqual(['creci', 'font', 'instagram', 'primary_color', 'whatsapp'])
    expect(fontPairOf('nope').heading).toBe('Montserrat')
  })
})

describe('logo pixels', () => {
  const logo = image(40, 40, (x, y) =>
    x >= 10 && x < 30 && y >= 10 && y < 30 ? (x < 20 ? [11, 110, 79, 255] : [242, 193, 78, 255]) : [255, 255, 255, 255],
  )

  test('a logo on a flat white background loses the background and keeps its shape', () => {
    expect(flatBackground(logo)).toEqual([255, 255, 255])
    const cleared = clearBackground(logo, [255, 255, 255])
    expect(cleared).toBe(40 * 40 - 20 * 20)
    expect(logo.data[3]).toBe(0)
    expect(logo.data[(15 * 40 + 15) * 4 + 3]).toBe(255)
  })

  test('a busy or transparent edge is no flat background', () => {
    expect(flatBackground(image(20, 20, (x) => [x * 12, 0, 0, 255]))).toBeNull()
    expect(flatBackground(image(20, 20, () => [255, 255, 255, 0]))).toBeNull()
  })

  test('colours are suggested from the logo', () => {
    expect(suggestColours(logo)).toEqual({ primary: '#0B6E4F', accent: '#F2C14E' })
  })
})
