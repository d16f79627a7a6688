// The server build's copy of React's Node renderer (ADR 231) writes the same bytes as React's own:
// a page with pt-BR accents and emoji, a text longer than one write, Suspense content streamed in
// later, and a slow reader that pushes back. Both render in a production Node process, as the
// server runs them (React's production renderer needs React's production build).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { patchReactDomServer } from '../../patches/react-dom-server-text-writer'

const require = createRequire(import.meta.url)
const source = path.join(
  path.dirname(require.resolve('react-dom/package.json')),
  'cjs/react-dom-server.node.production.js',
)
const original = fs.readFileSync(source, 'utf8')
// Written under node_modules so that its require('react') finds the installed React.
const dir = fs.mkdtempSync(path.join(process.cwd(), 'node_modules/.vitrine-react-dom-server-'))
const copy = path.join(dir, 'react-dom-server.node.cjs')
fs.writeFileSync(copy, patchReactDomServer(original))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Renders the page with one renderer; prints the HTML and how many writes it took, as JSON. */
const RENDER = `
const { Writable } = require('node:stream')
const { createElement: h, Suspense, use } = require('react')
const { renderToPipeableStream } = require(process.argv[1])
const slow = process.argv[2] === 'slow'
const later = new Promise((resolve) => setTimeout(() => resolve('Conteúdo que chegou depois: ação, coração, pão 🎉'), 20))
const Later = () => h('p', { className: 'later' }, use(later))
const long = 'Apartamento com varanda gourmet, 3 quartos (1 suíte), cozinha planejada. 🏡 '.repeat(400)
const items = Array.from({ length: 60 }, (_, i) =>
  h('li', { key: i, className: 'rounded-2xl border', style: { order: i } },
    h('a', { href: '/imoveis/' + i }, 'Imóvel ', i, ': R$ 1.250.000,00 · 3 quartos · 2 vagas'),
    h('input', { type: 'checkbox', defaultChecked: i % 2 === 0, 'aria-label': 'Selecionar ' + i })))
const page = h('html', { lang: 'pt-BR' },
  h('head', null, h('title', null, 'Imóveis · Vitrine')),
  h('body', { className: 'flex min-h-dvh flex-col' },
    h('main', { id: 'conteudo' },
      h('h1', { 'data-count': 3 }, 'Imóveis em São Paulo — “Jardins”'),
      h('p', null, long),
      h('ul', null, items),
      h(Suspense, { fallback: h('p', null, 'Carregando…') }, h(Later)))))
const chunks = []
const out = new Writable({
  highWaterMark: slow ? 1024 : 16384,
  write(chunk, _encoding, callback) {
    chunks.push(Buffer.from(chunk))
    if (slow) setTimeout(callback, 1)
    else callback()
  },
})
out.on('finish', () => process.stdout.write(JSON.stringify({ html: Buffer.concat(chunks).toString('utf8'), writes: chunks.length })))
const { pipe } = renderToPipeableStream(page, {
  onShellReady: () => pipe(out),
  onShellError: (error) => { throw error },
  onError: (error) => { throw error },
})
`

function render(renderer: string, slow = false): { html: string; writes: number } {
  const out = execFileSync(process.execPath, ['-e', RENDER, renderer, slow ? 'slow' : 'fast'], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  return JSON.parse(out) as { html: string; writes: number }
}

describe("the server build's React renderer", () => {
  it('writes the same page as React, with content streamed in after the shell', () => {
    const mine = render(copy)
    const theirs = render(source)
    expect(mine.html).toBe(theirs.html)
    expect(mine.html).toContain('Conteúdo que chegou depois: ação, coração, pão 🎉')
    expect(mine.html).toContain('Imóveis em São Paulo — “Jardins”')
    // The long page is handed over in pieces, not as one string at the end.
    expect(mine.writes).toBeGreaterThan(2)
  })

  it('writes the same page to a reader that pushes back', () => {
    const mine = render(copy, true)
    const theirs = render(source, true)
    expect(mine.html).toBe(theirs.html)
  })

  it('refuses a React whose writer changed', () => {
    expect(() => patchReactDomServer(original.replace('function completeWriting(', 'function finishWriting('))).toThrow(
      /not applied: string writer/,
    )
  })
})
