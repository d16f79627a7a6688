// The server renders with React's text-writing build, `react-dom/server.bun` (ADR 272), in Node:
// it writes the same bytes as React's Node build (`react-dom/server`) for a page with pt-BR accents
// and emoji, a text longer than one write, a form, and Suspense content streamed in after the
// shell, to a fast reader and to one that pushes back. Both render in a production Node process,
// as the server runs them, where no `Bun` global exists.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** Renders the page with one renderer; prints the HTML and how many writes it took, as JSON. */
const RENDER = `
const { Writable } = require('node:stream')
const { createElement: h, Suspense, use, useActionState } = require('react')
const { renderToPipeableStream } = require(process.argv[1])
const slow = process.argv[2] === 'slow'
const later = new Promise((resolve) => setTimeout(() => resolve('Conteúdo que chegou depois: ação, coração, pão 🎉'), 20))
const Later = () => h('p', { className: 'later' }, use(later))
const long = 'Apartamento com varanda gourmet, 3 quartos (1 suíte), cozinha planejada. 🏡 '.repeat(400)
const items = Array.from({ length: 60 }, (_, i) =>
  h('li', { key: i, className: 'rounded-2xl border', style: { order: i } },
    h('a', { href: '/imoveis/' + i }, 'Imóvel ', i, ': R$ 1.250.000,00 · 3 quartos · 2 vagas'),
    h('input', { type: 'checkbox', defaultChecked: i % 2 === 0, 'aria-label': 'Selecionar ' + i })))
function Form() {
  const [message] = useActionState((state) => state, 'Nenhum erro')
  return h('form', { method: 'post' },
    h('label', { htmlFor: 'email' }, 'E-mail'),
    h('input', { id: 'email', name: 'email', type: 'email', required: true, defaultValue: 'ana@exemplo.com.br' }),
    h('p', { role: 'alert' }, message),
    h('textarea', { name: 'nota', defaultValue: '<script>não</script> & "aspas"' }))
}
const page = h('html', { lang: 'pt-BR' },
  h('head', null, h('title', null, 'Imóveis · Vitrine')),
  h('body', { className: 'flex min-h-dvh flex-col' },
    h('main', { id: 'conteudo' },
      h('h1', { 'data-count': 3 }, 'Imóveis em São Paulo — “Jardins”'),
      h('p', null, long),
      h(Form),
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

function render(renderer: 'react-dom/server' | 'react-dom/server.bun', slow = false) {
  const out = execFileSync(process.execPath, ['-e', RENDER, renderer, slow ? 'slow' : 'fast'], {
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  return JSON.parse(out) as { html: string; writes: number }
}

describe("the server's React renderer", () => {
  it("writes the same page as React's Node build, with content streamed in after the shell", () => {
    const text = render('react-dom/server.bun')
    const node = render('react-dom/server')
    expect(text.html).toBe(node.html)
    expect(text.html).toContain('Conteúdo que chegou depois: ação, coração, pão 🎉')
    expect(text.html).toContain('Imóveis em São Paulo — “Jardins”')
    expect(text.html).toContain('&lt;script&gt;não&lt;/script&gt; &amp; &quot;aspas&quot;')
  })

  it('writes the same page to a reader that pushes back', () => {
    expect(render('react-dom/server.bun', true).html).toBe(render('react-dom/server', true).html)
  })
})
