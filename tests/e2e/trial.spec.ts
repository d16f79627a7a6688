// "Experimente sem cadastro" (ADR 269): a visitor tries Vitrine with no account, makes a
// post of the sample property and downloads it; scheduling explains itself and offers "Salvar meu
// trabalho"; saving with an e-mail (confirmed by its link) makes the same user a real account with
// the post still there. Tests tagged @nojs also run with JavaScript off.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { createUser, expect, login, newUserData, readMailbox, test } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

const shot = (page: Page, name: string) =>
  test.info().project.name === 'chromium'
    ? page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
    : Promise.resolve()

/** The link of the newest "Confirme seu novo e-mail" sent to `email`. */
async function confirmationLink(page: Page, email: string) {
  const href = await readMailbox(page, email, (mailbox) =>
    mailbox
      .getByRole('article', { name: `Confirme seu novo e-mail para ${email}` })
      .first()
      .getByRole('link', { name: 'Confirmar novo e-mail' })
      .getAttribute('href'),
  )
  if (!href) throw new Error(`no confirmation link in the e-mail to ${email}`)
  return new URL(href)
}

test('try without an account → a post → its download → save with an e-mail → a real account with the post @nojs', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto('/registrar')
  await shot(page, 'registrar')
  await page.getByRole('button', { name: 'Experimente sem cadastro' }).click()

  // The templates, with the sample property chosen; the banner says what this session is. (The
  // first trial of a process draws and processes the sample photos: allow it the time.)
  await expect(page).toHaveURL(/\/modelos\?imovel=\d+$/, { timeout: 60_000 })
  const banner = page.getByRole('complementary', { name: 'Teste sem cadastro' })
  await expect(banner).toContainText('Você está testando sem cadastro')
  await shot(page, 'modelos')

  await page
    .getByRole('link', { name: /Carrossel do imóvel à venda/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carrossel do imóvel à venda' })).toBeVisible()
  const picker = page.getByLabel('Imóvel')
  await expect(picker.locator('option:checked')).toHaveText(/Itaim Bibi \(exemplo\)/)
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\/modelos\/\d+\?post=\d+/)
  await page.waitForLoadState('load')
  const postUrl = page.url()
  await expect(page.getByRole('img', { name: /^Slide 1 de \d+$/ })).toBeVisible()

  // The download is the slide's image.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Baixar slide 1' }).click()
  const download = await downloading
  const bytes = await readFile((await download.path())!)
  expect(bytes.length).toBeGreaterThan(10_000)

  // Scheduling is for accounts: the page says so and offers to save the work.
  const refused = await page.goto('/agendar-posts')
  expect(refused?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1, name: 'Salve seu trabalho para continuar' })).toBeVisible()
  await expect(page.getByText('Agendar publicações é para quem tem conta.')).toBeVisible()
  await shot(page, 'agendar-recusado')
  await page.getByRole('main').getByRole('link', { name: 'Salvar meu trabalho' }).click()

  // "Salvar meu trabalho": what the registration asks; a taken address is said beside the field.
  await expect(page.getByRole('heading', { level: 1, name: 'Salvar meu trabalho' })).toBeVisible()
  // Styled, also after the error page (a client-side navigation draws the document again).
  await expect(page.getByRole('button', { name: 'Salvar meu trabalho' })).toHaveCSS('min-height', '44px')
  const person = newUserData({ full_name: 'Ana Testadora' })
  await page.getByLabel('Nome completo').fill(person.full_name)
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByLabel('Telefone').fill(person.phone)
  await page.getByLabel('Senha').fill(person.password)
  await page.getByLabel(/Li e aceito/).check()
  await shot(page, 'salvar-trabalho')
  await page.getByRole('button', { name: 'Salvar meu trabalho' }).click()
  await expect(page.getByRole('status')).toContainText(`Enviamos um e-mail para ${person.email}`)

  // The e-mailed link, opened in the same browser: an account now, the post still there.
  const link = await confirmationLink(page, person.email)
  await page.goto(link.pathname + link.search)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('status')).toContainText('E-mail confirmado')
  await expect(page.getByRole('complementary', { name: 'Teste sem cadastro' })).toHaveCount(0)
  await page.goto(postUrl)
  await expect(page.getByRole('img', { name: /^Slide 1 de \d+$/ })).toBeVisible()

  // A new browser session, signed in with the e-mail and password given: the same post.
  await page.context().clearCookies()
  await login(page, { email: person.email, password: person.password })
  await page.goto(postUrl)
  await expect(page.getByRole('img', { name: /^Slide 1 de \d+$/ })).toBeVisible()
  expect((await page.goto('/agendar-posts'))?.status()).toBe(200)
})

test('the trial starts from the sign-in page too; the brand and public page wait for an account @nojs', async ({
  page,
}) => {
  await page.goto('/login')
  await shot(page, 'login')
  await page.getByRole('button', { name: 'Experimente sem cadastro' }).click()
  await expect(page).toHaveURL(/\/modelos\?imovel=\d+$/, { timeout: 60_000 })
  // The public page (the brand area) is for accounts too.
  expect((await page.goto('/minha-conta/marca'))?.status()).toBe(403)
  await expect(page.getByText('A marca, a página pública e as integrações são para quem tem conta.')).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Salvar meu trabalho' })).toBeVisible()
})

test('saving the work with an address that has an account: the same "Enviamos um e-mail", its owner a notice @nojs', async ({
  page,
}) => {
  const owner = await createUser(page.request)
  await page.goto('/login')
  await page.getByRole('button', { name: 'Experimente sem cadastro' }).click()
  await expect(page).toHaveURL(/\/modelos\?imovel=\d+$/, { timeout: 60_000 })
  await page.goto('/salvar-trabalho')
  const person = newUserData({ full_name: 'Bruno Testador', email: owner.email })
  await page.getByLabel('Nome completo').fill(person.full_name)
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByLabel('Telefone').fill(person.phone)
  await page.getByLabel('Senha').fill(person.password)
  await page.getByLabel(/Li e aceito/).check()
  await page.getByRole('button', { name: 'Salvar meu trabalho' }).click()
  await expect(page.getByRole('status')).toContainText(`Enviamos um e-mail para ${owner.email}`)
  await expect(page.getByText('Já existe')).toHaveCount(0)
  await readMailbox(page, owner.email, (mailbox) =>
    expect(
      mailbox.getByRole('article', { name: `Pedido para usar seu e-mail para ${owner.email}` }).first(),
    ).toBeVisible({ timeout: 2000 }),
  )
})
