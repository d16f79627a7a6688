// The header's plan for each person of an account: the plan by its name; without one, "Assinar"
// only for who may buy it (its owner, ADR 218). Rendered in a static data router, as the server does.
import { renderToStaticMarkup } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import { SignedInNav } from './app-nav'
import type { ShellUser } from './app-shell'

async function header(user: ShellUser) {
  const routes = [{ path: '/imoveis', Component: () => <SignedInNav user={user} /> }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://vitrine.test/imoveis'))
  if (context instanceof Response) throw new Error('unexpected response')
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(routes, context)} context={context} />)
}

const person: ShellUser = { email: 'ana@example.com', full_name: 'Ana', role: 'user' }

test('without a plan, the owner is offered "Assinar" and the team is not', async () => {
  expect(await header({ ...person, plan: null, buys: true })).toContain('>Assinar</a>')
  const member = await header({ ...person, plan: null, buys: false })
  expect(member).not.toContain('Assinar')
  expect(member).not.toContain('/plano/contratar')
})

test("with the account's plan, everyone sees it by its name, linked to its page", async () => {
  for (const buys of [true, false]) {
    const html = await header({ ...person, plan: 'Imobiliária', buys })
    expect(html).toContain('Plano Imobiliária')
    expect(html).toContain('href="/minha-conta/plano"')
    expect(html).not.toContain('Assinar')
  }
})
