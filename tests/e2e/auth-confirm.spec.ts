// With AUTH_CONFIRM_EMAIL=true a new account confirms its address before signing in.
import { expect, newUserData, readMailbox, register, test } from './fixtures'
import { startAppServer, type AppServer } from './support/app-server'

let server: AppServer
test.beforeAll(async () => {
  // Seeded: the mailbox opens to its admin only (ADR 210).
  server = await startAppServer({ AUTH_CONFIRM_EMAIL: 'true', DEV_MAILBOX: 'true' }, { seed: true })
})
test.afterAll(async () => {
  await server?.stop()
})

test('register, confirm through the e-mail link, land signed in @nojs', async ({ page }) => {
  const user = await register(page, newUserData({ full_name: 'Elisa Campos' }), { origin: server.url })
  await expect(page).toHaveURL(`${server.url}/login`)
  await expect(page.getByRole('status')).toContainText('Confirme seu e-mail')

  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Confirme seu e-mail para fazer login')

  const link = await readMailbox(
    page,
    user.email,
    (mailbox) =>
      mailbox
        .getByRole('article', { name: `Confirme seu e-mail para ${user.email}` })
        .getByRole('link', { name: 'Confirmar e-mail' })
        .getAttribute('href'),
    server.url,
  )
  await page.goto(link!)
  await expect(page).toHaveURL(`${server.url}/`)
  await expect(page.getByRole('status')).toContainText('E-mail confirmado')
  await expect(page.getByRole('heading', { name: 'Olá, Elisa!' })).toBeVisible()
})
