// The page draws a post with the faces the renderer draws its PNG with: every font file the
// renderer ships has its face in the post pages' stylesheet, so the HTML slide is set in it too.
import fs from 'node:fs'
import { expect, test } from 'vitest'
import { FONT_FILES } from '~/integrations/render/render.server'

test('every face the renderer ships is in the post pages’ stylesheet (latin subset)', () => {
  const css = fs.readFileSync(new URL('./post-fonts.css', import.meta.url), 'utf8')
  for (const font of FONT_FILES) expect(css, font.file).toContain(`@import '${font.pkg}/latin-${font.weight}.css';`)
})
