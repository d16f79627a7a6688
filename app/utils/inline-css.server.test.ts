// The stylesheet written in place of the mark React renders in <head> (ADR 233).
import { describe, expect, it } from 'vitest'
import { INLINE_CSS_MARK } from './inline-css'
import { inlineStylesheet } from './inline-css.server'

const css = 'main{margin:0 auto}'
const stylesheet = Buffer.from(css)

/** The page as written when React hands it over in these pieces. */
function written(pieces: Array<Uint8Array | string>) {
  const splice = inlineStylesheet(stylesheet)
  return Buffer.concat([...pieces.flatMap((piece) => splice.write(piece)), ...splice.end()]).toString('utf8')
}

const page = `<head><style>${INLINE_CSS_MARK}</style></head><p>Imóveis — São Paulo 🏡</p>`
const expected = `<head><style>${css}</style></head><p>Imóveis — São Paulo 🏡</p>`

describe('inlineStylesheet', () => {
  it('writes the stylesheet where the mark is, and the text around it as it was', () => {
    expect(written([page])).toBe(expected)
  })

  it('finds the mark split across any two pieces of bytes', () => {
    const bytes = Buffer.from(page)
    for (let cut = 1; cut < bytes.length; cut++)
      expect(written([new Uint8Array(bytes.subarray(0, cut)), new Uint8Array(bytes.subarray(cut))])).toBe(expected)
  })

  it('finds it in bytes given one at a time, between texts', () => {
    const bytes = Buffer.from(page)
    expect(written(['<!DOCTYPE html>', ...[...bytes].map((b) => Uint8Array.of(b)), '<footer>fim</footer>'])).toBe(
      `<!DOCTYPE html>${expected}<footer>fim</footer>`,
    )
  })

  it('writes a page without the mark as it is, and only one mark', () => {
    expect(written(['<p>Cobertura em Pinheiros 🏡</p>'])).toBe('<p>Cobertura em Pinheiros 🏡</p>')
    expect(written([page, `<pre>${INLINE_CSS_MARK}</pre>`])).toBe(`${expected}<pre>${INLINE_CSS_MARK}</pre>`)
  })
})
