// Every area of the product is reachable from the interface (ADR 215), on a phone (the
// "Menu") and on a laptop (the header and its "Mais"), by links alone without JavaScript, with
// the current area marked (aria-current="page"); the home page points to them where it helps.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const PHONE = { width: 390, height: 844 }

/** Each area's link name in the header and the address it opens. */
const AREAS: [string, string][] = [
  ['Imóveis', '/imoveis'],
  ['Modelos', '/modelos'],
  ['Histórico', '/modelos/historico'],
  ['Media kits', '/media-kits'],
  ['Mês pronto', '/mes-pronto'],
  ['Agendar posts', '/agendar-posts'],
  ['Integrações', '/integracoes'],
  ['Assistente', '/assistente'],
  ['Áudio', '/audio'],
  ['Ambientes', '/ambientes'],
]

async function openMenu(page: Page) {
  await page.getByText('Menu', { exact: true }).click()
  return page.getByRole('navigation', { name: 'Seções' })
}

test('at 390 px, from / the "Menu" opens every area, and marks the current one @nojs', async ({
  signedInPage: page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(PHONE)
  for (const [name, path] of AREAS) {
    await page.goto('/')
    const menu = await openMenu(page)
    await menu.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    const here = await openMenu(page)
    await expect(here.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(here.locator('[aria-current="page"]')).toHaveCount(1)
  }
  // The account, from the same menu; its own sections from there.
  await page.goto('/')
  await openMenu(page)
  await page.getByRole('link', { name: 'Minha conta', exact: true }).click()
  await expect(page).toHaveURL(/\/minha-conta\/perfil$/)
  await openMenu(page)
  await expect(page.getByRole('link', { name: 'Minha conta', exact: true })).toHaveAttribute('aria-current', 'page')
})

test('the home page points to the areas where it helps @nojs', async ({ signedInPage: page }) => {
  await page.setViewportSize(PHONE)
  const shortcuts: [string, RegExp][] = [
    ['Importe seus imóveis do portal', /\/integracoes$/],
    ['Crie um media kit', /\/media-kits$/],
    ['Cadastrar imóvel', /\/imoveis\/novo$/],
    ['Assistente', /\/assistente$/],
  ]
  for (const [name, url] of shortcuts) {
    await page.goto('/')
    await page
      .getByRole('region', { name: 'Atalhos' })
      .getByRole('link', { name: new RegExp(`^${name}`) })
      .click()
    await expect(page).toHaveURL(url)
  }
})

test('from /, links alone (no script) reach every page of the map a signed-in agent has', async ({
  signedInPage: page,
}) => {
  // A crawl of the HTML as the server sends it: only <a href>, no form, no JavaScript.
  const seen = new Set<string>(['/'])
  let frontier = ['/']
  for (let depth = 0; depth < 3 && frontier.length; depth += 1) {
    const next: string[] = []
    for (const path of frontier) {
      const response = await page.request.get(path)
      if (!response.ok() || !(response.headers()['content-type'] ?? '').includes('text/html')) continue
      for (const [, href] of (await response.text()).matchAll(/<a [^>]*href="([^"]+)"/g)) {
        const url = new URL(href!.replaceAll('&amp;', '&'), 'http://app.test')
        if (url.host !== 'app.test' || seen.has(url.pathname)) continue
        // Resource routes (files, images) and the sign-out are not pages.
        if (
          /\.(webp|png|jpe?g|zip|svg)$|\/(baixar|carrossel|exportar|previa)$|^\/(uploads|imagens)\//.test(url.pathname)
        )
          continue
        seen.add(url.pathname)
        next.push(url.pathname)
      }
    }
    frontier = next
  }
  for (const path of [
    ...AREAS.map(([, p]) => p),
    '/imoveis/novo',
    '/boas-vindas',
    '/plano/contratar',
    '/minha-conta/perfil',
    '/minha-conta/seguranca',
    '/minha-conta/plano',
    '/minha-conta/marca',
    '/minha-conta/dados-fiscais',
    '/minha-conta/privacidade',
    '/integracoes/saida',
    '/termos-de-uso',
    '/politica-de-privacidade',
  ])
    expect.soft(seen.has(path), `${path} reachable from / by links`).toBe(true)
})

test('on a laptop the header holds the main areas and "Mais" the rest, the current one marked @nojs', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/modelos/historico')
  const header = page.getByRole('navigation', { name: 'Seções' })
  await expect(header.getByRole('link', { name: 'Histórico' })).toHaveAttribute('aria-current', 'page')
  await expect(header.getByRole('link', { name: 'Modelos', exact: true })).not.toHaveAttribute('aria-current')
  await expect(header.getByRole('link', { name: 'Integrações' })).toBeHidden()

  await header.locator('summary', { hasText: 'Mais' }).click()
  await header.getByRole('link', { name: 'Integrações' }).click()
  await expect(page).toHaveURL(/\/integracoes$/)
  await header.locator('summary', { hasText: 'Mais' }).click()
  await expect(header.getByRole('link', { name: 'Integrações' })).toHaveAttribute('aria-current', 'page')
  await expect(header.locator('[aria-current="page"]')).toHaveCount(1)
})
