// The server's link writes the <a> React Router's <Link> writes (ADR 272): same HTML, so the
// browser's Link takes it over as its own.
import { renderToString } from 'react-dom/server'
import { Link, StaticRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ServerLink } from './app-link'

type Props = Parameters<typeof ServerLink>[0]

const html = (Component: typeof Link | typeof ServerLink, props: Props, at = '/imoveis') =>
  renderToString(
    <StaticRouter location={at}>
      <Component {...props} />
    </StaticRouter>,
  )

const cases: Array<[string, Props]> = [
  ['a path', { to: '/imoveis/12', children: 'Casa em Pinheiros' }],
  [
    'its attributes, prefetch on intent',
    {
      to: '/minha-conta',
      prefetch: 'intent',
      'aria-current': 'page',
      title: 'Minha conta',
      className: 'flex min-h-11',
      children: 'Ana',
    },
  ],
  ['a query and a fragment', { to: '/imoveis?status=rent&page=2#lista', rel: 'next', children: 'Próxima' }],
  ['a new tab', { to: '/termos-de-uso', target: '_blank', children: 'Termos' }],
  ['not discovered', { to: '/termos-de-uso', discover: 'none', children: 'Termos' }],
  ['a state and replace', { to: '/imoveis', state: { from: 'x' }, replace: true, children: 'Voltar' }],
  // Link's own answers: ServerLink hands these to it.
  ['a relative path', { to: 'novo', children: 'Novo' }],
  ['a parent path', { to: '../', children: 'Voltar' }],
  ['a protocol-relative address', { to: '//example.com/x', children: 'Fora' }],
  ['another site', { to: 'https://example.com/x', children: 'Fora' }],
  ['an object', { to: { pathname: '/imoveis', search: '?q=casa' }, children: 'Busca' }],
  ['a document link', { to: '/sair', reloadDocument: true, children: 'Sair' }],
  ['prefetch on render', { to: '/imoveis/3', prefetch: 'render', children: 'Casa' }],
]

describe('ServerLink', () => {
  it.each(cases)('writes what Link writes: %s', (_name, props) => {
    const expected = html(Link, props)
    expect(expected).toContain('<a ')
    expect(html(ServerLink, props)).toBe(expected)
  })

  it('takes a ref as Link does', () => {
    const ref = { current: null }
    expect(html(ServerLink, { to: '/imoveis', ref, children: 'Imóveis' })).toBe(
      '<a href="/imoveis" data-discover="true">Imóveis</a>',
    )
  })
})
