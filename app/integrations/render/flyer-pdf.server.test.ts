// The flyer's text wrapping: a body cut at a paragraph's end never leaves '…' alone on a line.
import fontkit from '@pdf-lib/fontkit'
import { PDFDocument } from 'pdf-lib'
import { expect, test } from 'vitest'
import { wrapText } from './flyer-pdf.server'
import { loadFonts } from './render.server'

test('a cut body ends its last words with "…", never a line of "…" alone', async () => {
  const doc = await PDFDocument.create()
  doc.registerFontkit(fontkit)
  const inter = (await loadFonts()).find((f) => f.name === 'Inter' && f.weight === 400)!
  const font = await doc.embedFont(inter.data, { subset: true })
  const body = 'Primeiro parágrafo curto.\n\nSegundo parágrafo.\n\nTerceiro.'
  const lines = wrapText(font, body, 10.5, 500, 2)
  expect(lines).toEqual(['Primeiro parágrafo curto.…'])
  expect(wrapText(font, body, 10.5, 500, 3)).toEqual(['Primeiro parágrafo curto.', '', 'Segundo parágrafo.…'])
  expect(wrapText(font, body, 10.5, 500)).toHaveLength(5)
  expect(wrapText(font, body, 10.5, 500, 4).every((line) => line.trim() !== '…')).toBe(true)
})
