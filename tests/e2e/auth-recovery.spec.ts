import { expect, login, logout, readMailbox, test } from './fixtures'

test('recover a password through the dev mailbox and sign in with the new one @nojs', async ({ page, user }) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Esqueci a senha' }).click()
  // The login page has an "E-mail" field too: fill the new page's, once it is there.
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci a senha' })).toBeVisible()
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('status')).toContainText('Verifique seu e-mail')

  const link = await readMailbox(page, user.email, (mailbox) =>
    mailbox
      .getByRole('article', { name: `Redefinição de senha para ${user.email}` })
      .getByRole('link', { name: 'Redefinir senha' })
      .getAttribute('href'),
  )
  await page.goto(link!)

  await expect(page).toHaveURL(/\/redefinir-senha$/)
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123')
  await page.getByLabel('Confirme a nova senha').fill('nova-senha-123')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('status')).toContainText('Senha salva')

  await logout(page)
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos')
  await login(page, { email: user.email, password: 'nova-senha-123' })
  await expect(page).toHaveURL(/\/$/)
})

test('a recovery link works once; the second time says it expired @nojs', async ({ page, user }) => {
  await page.goto('/esqueci-a-senha')
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByRole('button', { name: 'Enviar link' }).click()
  // The request must land before the next navigation (with JavaScript it is a fetch).
  await expect(page.getByRole('status')).toContainText('Verifique seu e-mail')
  const href = await readMailbox(page, user.email, (mailbox) =>
    mailbox.getByRole('link', { name: 'Redefinir senha' }).first().getAttribute('href'),
  )
  await page.goto(href!)
  await expect(page).toHaveURL(/\/redefinir-senha$/)
  await page.context().clearCookies()
  await page.goto(href!)
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('alert')).toContainText('O link do e-mail é inválido ou expirou.')
})

test('recovery answers the same for an address without an account @nojs', async ({ page }) => {
  await page.goto('/esqueci-a-senha')
  await page.getByLabel('E-mail').fill('ninguem-aqui@example.com')
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('status')).toContainText('Verifique seu e-mail')
  await readMailbox(page, 'ninguem-aqui@example.com', (mailbox) =>
    expect(mailbox.getByText('Nenhum e-mail por aqui.')).toBeVisible(),
  )
})

test('/redefinir-senha without a recovery session sends the person to ask for a link', async ({ page }) => {
  await page.goto('/redefinir-senha')
  await expect(page).toHaveURL(/\/esqueci-a-senha$/)
  await expect(page.getByRole('alert')).toContainText('O link do e-mail é inválido ou expirou.')
})

test('/definir-senha signed out is a page that says how to go on, not a redirect to /login @nojs', async ({ page }) => {
  const response = await page.goto('/definir-senha')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveURL(/\/definir-senha$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Definir senha' })).toBeVisible()
  await expect(page.getByText('abra o link que enviamos por e-mail')).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: 'Já tenho senha: entrar' })).toHaveAttribute(
    'href',
    '/login?redirectTo=%2Fdefinir-senha',
  )
  await main.getByRole('link', { name: 'Receber um novo link' }).click()
  await expect(page).toHaveURL(/\/esqueci-a-senha$/)
})
