// The stylesheet written in place of the mark React renders in <head> (ADR 233).
import { describe, expect, it } from 'vitest'
import { INLINE_CSS_MARK } from './inline-css'
import { encodeWithInlineCss } from './inline-css.server'

const css = 'main{margin:0 auto}'
const stylesheet = Buffer.from(css)
const text = (bytes: Buffer[]) => Buffer.concat(bytes).toString('utf8')

describe('encodeWithInlineCss', () => {
  it('writes the stylesheet where the mark is, and the text around it as it was', () => {
    const { bytes, found } = encodeWithInlineCss(
      `<head><style>${INLINE_CSS_MARK}</style></head><p>Imóveis — São Paulo</p>`,
      stylesheet,
    )
    expect(found).toBe(true)
    expect(text(bytes)).toBe(`<head><style>${css}</style></head><p>Imóveis — São Paulo</p>`)
  })

  it('encodes a piece without the mark as it is', () => {
    const { bytes, found } = encodeWithInlineCss('<p>Cobertura em Pinheiros 🏡</p>', stylesheet)
    expect(found).toBe(false)
    expect(text(bytes)).toBe('<p>Cobertura em Pinheiros 🏡</p>')
  })
})
