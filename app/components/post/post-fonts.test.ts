// The page draws a post with the faces the renderer draws its PNG with: the post pages'
// stylesheet, followed through its imports as a browser would, declares every family and weight
// the renderer ships, and the files those declarations point at exist.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect, test } from 'vitest'
import { FONT_FILES } from '~/integrations/render/render.server'

type Face = { family: string; weight: number; sources: string[] }

const require = createRequire(import.meta.url)

/** The @font-face rules a stylesheet brings in, its @imports of packages followed. */
function facesOf(file: string): Face[] {
  const css = fs.readFileSync(file, 'utf8')
  const imported = [...css.matchAll(/@import\s+'([^']+)'/g)].flatMap((m) => facesOf(require.resolve(m[1]!)))
  const own = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    family: /font-family:\s*'([^']+)'/.exec(body!)?.[1] ?? '',
    weight: Number(/font-weight:\s*(\d+)/.exec(body!)?.[1]),
    sources: [...body!.matchAll(/url\(([^)]+)\)/g)].map((u) => path.resolve(path.dirname(file), u[1]!)),
  }))
  return [...imported, ...own]
}

test('the post pages’ stylesheet declares every face the renderer draws with, and its files exist', () => {
  const faces = facesOf(path.join(import.meta.dirname, 'post-fonts.css'))
  for (const font of FONT_FILES) {
    const face = faces.find((f) => f.family === font.name && f.weight === font.weight)
    expect(face, `${font.name} ${font.weight}`).toBeDefined()
    expect(face!.sources.length).toBeGreaterThan(0)
    for (const source of face!.sources) expect(fs.existsSync(source), source).toBe(true)
  }
})
