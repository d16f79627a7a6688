// `npm run gallery` draws the library's contact sheet: here a small subset (one property template
// in two compositions, one text template on its art), into a temporary folder.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import { expect, test } from 'vitest'

test('the gallery writes one sheet whose every thumbnail is a drawn slide', async () => {
  const out = await mkdtemp(path.join(os.tmpdir(), 'vitrine-gallery-test-'))
  try {
    await promisify(execFile)(
      'npm',
      [
        'run',
        '--silent',
        'gallery',
        '--',
        `--out=${out}`,
        '--templates=venda-post-feed,datas-post-feed',
        '--styles=classico',
        '--compositions=full-bleed,split',
        '--properties=aluguel,terreno',
      ],
      { timeout: 240_000 },
    )
    const html = await readFile(path.join(out, 'index.html'), 'utf8')
    expect(html).toContain('<h1>Galeria de modelos</h1>')
    // Rows by composition and by occasion, columns by property and style.
    for (const label of [
      'Foto inteira',
      'Tela dividida',
      'Apartamento para alugar',
      'Terreno à venda',
      'Natal 1',
      'Dia do Corretor 2',
    ])
      expect(html).toContain(label)
    const sources = [...html.matchAll(/<img src="img\/([^"]+)"/g)].map((m) => m[1]!)
    // 2 compositions × 2 properties, and 8 occasions × 2 compositions.
    expect(sources).toHaveLength(2 * 2 + 8 * 2)
    expect((await readdir(path.join(out, 'img'))).sort()).toEqual([...sources].sort())
    const christmas = sources.find((s) => s.startsWith('datas-post-feed-natal-0'))!
    const meta = await sharp(path.join(out, 'img', christmas)).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 300])
  } finally {
    await rm(out, { recursive: true, force: true })
  }
}, 300_000)
