import {
  createUser,
  expect,
  fillRegistration,
  login,
  logout,
  newUserData,
  readMailbox,
  register,
  expectLandedHome,
  test,
} from './fixtures'

test('register, sign out, a wrong password keeps the e-mail, then sign in to redirectTo @nojs', async ({ page }) => {
  const user = await register(page)
  await expectLandedHome(page)
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible()

  await logout(page)
  await page.goto('/imoveis')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fimoveis$/)

  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill('senha-errada')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos')
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email)

  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/imoveis$/)
  await expect(page.getByRole('link', { name: 'Ana Corretora' })).toBeVisible()
})

test('bad registration input: pt-BR message beside each field, typed values kept @nojs', async ({ page }) => {
  await page.goto('/registrar')
  // Values the browser's own checks let through, so the server answers with JavaScript off.
  await fillRegistration(page, {
    full_name: 'Bruno Lima',
    email: 'bruno@semdominio',
    phone: '123',
    password: 'segredo123',
  })
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page.getByText('E-mail inválido')).toBeVisible()
  await expect(page.getByText('Telefone inválido')).toBeVisible()
  await expect(page.getByLabel('Nome completo')).toHaveValue('Bruno Lima')
  await expect(page.getByLabel('E-mail')).toHaveValue('bruno@semdominio')
  await expect(page.getByLabel('Telefone')).toHaveValue('123')
})

test('a password under 6 characters gets the server’s pt-BR message beside it', async ({ page }) => {
  const user = newUserData()
  await page.goto('/registrar')
  await fillRegistration(page, { ...user, password: '12345' })
  // As a browser without minlength support would: the server has the last word.
  await page.getByLabel('Senha').evaluate((input) => input.removeAttribute('minlength'))
  await page.getByRole('button', { name: 'Criar conta' }).click()
  await expect(page.getByText('Deve ter pelo menos 6 caracteres', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Nome completo')).toHaveValue(user.full_name)
})

test('an address that already has an account is not told so: "Enviamos um e-mail", and its owner gets one @nojs', async ({
  page,
}) => {
  const user = await register(page)
  await logout(page)
  await register(page, { ...newUserData(), email: user.email, password: 'outra-senha-1' })
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('status')).toContainText(`Enviamos um e-mail para ${user.email}`)
  await expect(page.getByText('Já existe')).toHaveCount(0)
  await readMailbox(page, user.email, (mailbox) =>
    expect(
      mailbox.getByRole('article', { name: `Você já tem uma conta na Vitrine para ${user.email}` }).first(),
    ).toBeVisible({ timeout: 2000 }),
  )
  // The account is untouched: its own password still signs in.
  await login(page, user)
  await expect(page.getByRole('link', { name: user.full_name })).toBeVisible()
})

test('registration with a plan goes on to checkout with its lookupKey', async ({ page }) => {
  // The demo billing's payment page names the plan the lookupKey chose (a wrong key would land
  // back on /plano/contratar with an error).
  await register(page, newUserData(), { lookupKey: 'corretor_mensal' })
  await expect(page).toHaveURL(/\/plano\/pagamento-demo\?lookupKey=corretor_mensal$/)
  await expect(page.getByRole('heading', { name: 'Confirmar assinatura' })).toBeVisible()
  await expect(page.getByText('Corretor', { exact: true })).toBeVisible()
})

test('registration keeps redirectTo, and the signed-in account has its name and phone', async ({ page }) => {
  await register(page, newUserData({ full_name: 'Carla Mendes' }), { redirectTo: '/modelos' })
  await expect(page).toHaveURL(/\/modelos$/)
  await expect(page.getByRole('link', { name: 'Carla Mendes' })).toBeVisible()
})

test('a filled honeypot is refused and nobody is signed in', async ({ page }) => {
  // Right credentials: only the honeypot can be the reason for the refusal.
  const user = await createUser(page.request)
  const credentials = { email: user.email, password: user.password }
  const refused = await page.request.post('/login', {
    form: { ...credentials, website: 'http://spam.example' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(400)
  expect(refused.headers()['set-cookie'] ?? '').not.toContain('auth-token')
  // The same credentials without the honeypot sign in.
  const accepted = await page.request.post('/login', { form: credentials, maxRedirects: 0 })
  expect(accepted.status()).toBe(302)
  expect(accepted.headers()['set-cookie'] ?? '').toContain('auth-token')
})

test('sign-in page with redirectTo offsite lands on / after sign-in @nojs', async ({ page }) => {
  const user = await register(page)
  await logout(page)
  await login(page, user, 'https://evil.example/roubar')
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
  await logout(page)
  await login(page, user, '//evil.example')
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/)
})
