// ADR 177: on a 390-px phone every visible interactive element is at least 44 × 44 px
// (or within WCAG 2.2's exceptions, tests/e2e/support/touch-targets.ts), and no page scrolls
// sideways; at 320 px the header fits. Every page of the map, signed out and signed in.
import type { Page } from '@playwright/test'
import { ADMIN_USER, expect, signInWithForm, signUpWithApartment, test } from './fixtures'
import { createHome, ITAIM_APARTMENT } from './support/homes'
import { undersizedTargets } from './support/touch-targets'

const PHONE = { width: 390, height: 844 }
/** Every area of the product, as the header names it (app/components/app-areas.ts). */
const AREAS = [
  'Imóveis',
  'Modelos',
  'Histórico',
  'Media kits',
  'Agendar posts',
  'Integrações',
  'Assistente',
  'Áudio',
  'Ambientes',
]
const SMALL_PHONE = { width: 320, height: 640 }

/** TOUCH_SCREENSHOTS=dir saves each page at 390 and 320 px, to look at. */
async function screenshots(page: Page, path: string) {
  const dir = process.env.TOUCH_SCREENSHOTS
  if (!dir) return
  const size = page.viewportSize()!
  const name = path.replace(/[^a-z0-9]+/gi, '_')
  for (const viewport of [PHONE, SMALL_PHONE]) {
    await page.setViewportSize(viewport)
    await page.screenshot({ path: `${dir}/${viewport.width}${name}.png`, fullPage: true })
  }
  await page.setViewportSize(size)
}

async function expectComfortable(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('main, [role="main"]').first()).toBeVisible()
  await screenshots(page, path)
  const { small, overflow } = await undersizedTargets(page)
  expect.soft(small, `targets under 44 × 44 px on ${path} at ${page.viewportSize()?.width} px`).toEqual([])
  expect.soft(overflow, `sideways overflow on ${path} at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0)
}

test.use({ viewport: PHONE })

test('signed out, /login and /registrar have thumb-sized targets, cookie banner included', async ({ page }) => {
  await page.goto('/login')
  const banner = page.getByRole('region', { name: 'Cookies e privacidade' })
  await expect(banner).toBeVisible()
  // Compact on a phone: the banner leaves most of the screen to the page.
  const box = await banner.boundingBox()
  expect(box!.height, 'cookie banner height at 390 px').toBeLessThanOrEqual(PHONE.height * 0.25)
  await expectComfortable(page, '/login')
  await expectComfortable(page, '/registrar')
  await page.setViewportSize(SMALL_PHONE)
  await expectComfortable(page, '/login')
})

/** Closes the cookie banner (measured in the first test): from here on, the pages themselves. */
async function rejectCookies(page: Page) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Rejeitar todos' }).click()
  await expect(page.getByRole('region', { name: 'Cookies e privacidade' })).toHaveCount(0)
}

test('signed out, every guest and public page has thumb-sized targets', async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Rejeitar todos' }).click()
  for (const path of [
    '/esqueci-a-senha',
    '/termos-de-uso',
    '/politica-de-privacidade',
    '/dados-fiscais',
    '/definir-senha',
    '/assistente',
  ]) {
    await test.step(path, () => expectComfortable(page, path))
  }
})

test('signed in, the journey pages have thumb-sized targets and do not scroll sideways', async ({ page }) => {
  test.setTimeout(120_000)
  const { homeId } = await signUpWithApartment(page)
  // The banner is measured above; here the pages themselves.
  await page.goto('/')
  await page.getByRole('button', { name: 'Rejeitar todos' }).click()
  await expect(page.getByRole('region', { name: 'Cookies e privacidade' })).toHaveCount(0)

  // A generated post, for the template result page and the history.
  await page.goto('/modelos')
  await page
    .getByRole('link', { name: /Carrossel do imóvel à venda/ })
    .first()
    .click()
  await page.getByLabel('Imóvel').selectOption(String(homeId))
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\/modelos\/\d+\?post=\d+/)
  const postPage = new URL(page.url()).pathname + new URL(page.url()).search
  const postId = new URL(page.url()).searchParams.get('post')
  // "Ver post" appears once the post is ready.
  const shared = await page.getByRole('link', { name: 'Ver post' }).getAttribute('href')

  for (const path of [
    '/',
    '/imoveis',
    '/imoveis/novo',
    `/imoveis/${homeId}`,
    '/modelos',
    postPage,
    '/modelos/historico',
    '/agendar-posts',
    `/agendar-posts/agendamento?post=${postId}`,
    '/plano/contratar',
  ]) {
    await test.step(path, () => expectComfortable(page, path))
  }

  // The shared post, as anyone sees it.
  const visitor = await page.context().browser()!.newContext({ viewport: PHONE, locale: 'pt-BR' })
  const anyone = await visitor.newPage()
  await test.step(shared!, () => expectComfortable(anyone, shared!))
  await visitor.close()
})

test('signed in, the other areas have thumb-sized targets', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpWithApartment(page)
  await rejectCookies(page)
  for (const path of [
    '/media-kits',
    '/integracoes',
    '/integracoes/saida',
    '/assistente',
    '/audio',
    '/ambientes',
    '/boas-vindas',
    '/plano/sucesso',
    '/plano/cancelado',
    '/dados-fiscais',
    '/definir-senha',
  ]) {
    await test.step(path, () => expectComfortable(page, path))
  }
})

test('signed in, a media kit and its public page have thumb-sized targets', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpWithApartment(page)
  const homeId = await createHome(page.request, { ...ITAIM_APARTMENT, name: 'Studio com foto' }, { photos: 1 })
  await rejectCookies(page)
  await page.goto(`/imoveis/${homeId}`)
  await page.getByRole('button', { name: 'Criar media kit' }).click()
  await expect(page).toHaveURL(/\/media-kits\/\d+$/)
  await expectComfortable(page, new URL(page.url()).pathname)
  const maker = new URL(await page.getByLabel('Link público do media kit').inputValue()).pathname
  await expectComfortable(page, maker)
})

test('signed in, every section of the account area has thumb-sized targets', async ({ signedInPage: page }) => {
  await rejectCookies(page)
  for (const slug of ['perfil', 'seguranca', 'plano', 'marca', 'dados-fiscais', 'privacidade'])
    await test.step(slug, () => expectComfortable(page, `/minha-conta/${slug}`))
})

test('signed in as an admin, the admin pages have thumb-sized targets', async ({ page }) => {
  await signInWithForm(page.request, ADMIN_USER)
  await rejectCookies(page)
  for (const path of ['/admin', '/admin/templates', '/admin/templates/novo', '/admin/usuarios'])
    await test.step(path, () => expectComfortable(page, path))
})

test('at 320 px the signed-in header fits: every section reachable, nothing cut off', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize(SMALL_PHONE)
  await page.goto('/imoveis')
  const header = page.getByRole('banner')
  const { small, overflow } = await undersizedTargets(page)
  expect(
    small.filter((target) => target.what),
    'targets under 44 px at 320 px',
  ).toEqual([])
  expect(overflow).toBeLessThanOrEqual(0)
  // Every link of the header lies wholly inside the screen (none clipped, like "Agendar p").
  for (const link of await header.getByRole('link').all()) {
    if (!(await link.isVisible())) continue
    const box = (await link.boundingBox())!
    expect(box.x, `${await link.textContent()} starts on screen`).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, `${await link.textContent()} ends on screen`).toBeLessThanOrEqual(SMALL_PHONE.width)
    const clipped = await link.evaluate((el) => el.scrollWidth > el.clientWidth + 1)
    expect(clipped, `${await link.textContent()} is not cut`).toBe(false)
  }
})

test('on a phone the sections sit behind "Menu", which opens without JavaScript too @nojs', async ({
  signedInPage: page,
}) => {
  await page.setViewportSize(SMALL_PHONE)
  await page.goto('/imoveis')
  const sections = page.getByRole('navigation', { name: 'Seções' })
  await expect(sections).toBeHidden()
  await page.getByText('Menu', { exact: true }).click()
  for (const name of AREAS) await expect(sections.getByRole('link', { name, exact: true })).toBeInViewport()
  await expect(sections.getByRole('link', { name: 'Imóveis' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Minha conta' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sair', exact: true })).toBeVisible()
  const { small, overflow } = await undersizedTargets(page)
  expect(small, 'targets under 44 px in the open menu').toEqual([])
  expect(overflow).toBeLessThanOrEqual(0)
  await screenshots(page, '/imoveis-menu')
  await sections.getByRole('link', { name: 'Agendar posts' }).click()
  await expect(page).toHaveURL(/\/agendar-posts$/)
  // The menu is closed on the new page.
  await expect(page.getByRole('navigation', { name: 'Seções' })).toBeHidden()
})
