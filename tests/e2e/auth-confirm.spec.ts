// With AUTH_CONFIRM_EMAIL=true a new account confirms its address before signing in.
import { authKeys, expect, newUserData, readMailbox, register, test } from './fixtures'
import { startAppServer, type AppServer } from './support/app-server'

let server: AppServer
test.beforeAll(async () => {
  // Seeded: the mailbox opens to its admin only (ADR 210).
  // The suite's signing key: accounts made through the admin API (authKeys).
  server = await startAppServer(
    { AUTH_CONFIRM_EMAIL: 'true', DEV_MAILBOX: 'true', AUTH_JWT_SECRET: process.env.E2E_AUTH_JWT_SECRET! },
    { seed: true },
  )
})
test.afterAll(async () => {
  await server?.stop()
})

test('register, confirm through the e-mail link, land signed in @nojs', async ({ page }) => {
  const user = await register(page, newUserData({ full_name: 'Elisa Campos' }), { origin: server.url })
  await expect(page).toHaveURL(`${server.url}/login`)
  await expect(page.getByRole('status')).toContainText('Confira seu e-mail')
  await expect(page.getByRole('status')).toContainText(`Enviamos um e-mail para ${user.email}`)

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

test('an address with an account gets the very page a new one gets; its owner a note, not a link @nojs', async ({
  page,
}) => {
  const owner = newUserData()
  const { serviceRoleKey } = (await authKeys())!
  const created = await page.request.post(`${server.url}/auth/v1/admin/users`, {
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
    data: { email: owner.email, password: owner.password, email_confirm: true },
  })
  expect(created.ok()).toBe(true)
  const newcomer = await register(page, newUserData(), { origin: server.url })
  await expect(page).toHaveURL(`${server.url}/login`)
  const shown = (await page.getByRole('status').textContent()) ?? ''
  await register(page, newUserData({ email: owner.email, password: 'outra-senha-1' }), { origin: server.url })
  await expect(page).toHaveURL(`${server.url}/login`)
  await expect(page.getByRole('status')).toHaveText(shown.replace(newcomer.email, owner.email))
  await readMailbox(
    page,
    owner.email,
    (mailbox) =>
      expect(
        mailbox.getByRole('article', { name: `Você já tem uma conta na Vitrine para ${owner.email}` }).first(),
      ).toBeVisible({ timeout: 2000 }),
    server.url,
  )
})
