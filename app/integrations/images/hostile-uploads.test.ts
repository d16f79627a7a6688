// Hostile uploads (ADR 022): an SVG (script inside) or HTML named .jpg is refused by its bytes, not its
// name; a JPEG carrying HTML after its end is re-encoded, so the stored file holds no markup.
import sharp from 'sharp'
import { expect, test } from 'vitest'
import { ImageRejectedError, processImage } from './images.server'

const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')

test('an SVG or an HTML page named like a photo is refused with a pt-BR message', async () => {
  for (const [bytes, name] of [
    [svg, 'foto.svg'],
    [svg, 'foto.jpg'],
    [html, 'foto.jpg'],
  ] as const) {
    const error = await processImage(bytes, name).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ImageRejectedError)
    expect((error as Error).message).toContain('não é uma imagem')
  }
})

test('a JPEG with HTML appended (a polyglot) is stored re-encoded, without the markup', async () => {
  const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer()
  const polyglot = Buffer.concat([jpeg, html])
  const processed = await processImage(polyglot, 'foto.jpg')
  for (const bytes of [processed.original.bytes, processed.w400, processed.w1080])
    expect(bytes.includes(Buffer.from('<script>'))).toBe(false)
  expect(processed.original.contentType).toBe('image/jpeg')
})
