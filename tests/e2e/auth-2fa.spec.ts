import * as OTPAuth from 'otpauth'
import { expect, login, logout, test } from './fixtures'

const codeAt = (secret: string, offsetSeconds = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  })

test('two-step verification: enrol with the QR code, challenged at sign-in, then removed @nojs', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/minha-conta/seguranca')
  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = (await page.locator('code').textContent())!.trim()
  await page.getByLabel('Código de verificação').fill('000000')
  await page.getByRole('button', { name: 'Ativar' }).click()
  await expect(page.getByText('Código inválido. Confira o aplicativo autenticador e tente de novo.')).toBeVisible()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  await page.getByLabel('Código de verificação').fill(codeAt(secret))
  await page.getByRole('button', { name: 'Ativar' }).click()
  await expect(page.getByRole('status')).toContainText('Verificação em duas etapas ativada')

  await logout(page)
  await page.goto('/login?redirectTo=%2Fimoveis')
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/login\/verificacao\?redirectTo=%2Fimoveis$/)
  // No protected page before the second step.
  await page.goto('/imoveis')
  await expect(page).toHaveURL(/\/login\/verificacao\?redirectTo=%2Fimoveis$/)

  await page.getByLabel('Código de verificação').fill('123456')
  await page.getByRole('button', { name: 'Verificar' }).click()
  await expect(page.getByText(/Código inválido/)).toBeVisible()
  // The next time step's code (the enrolment's code cannot be replayed).
  await page.getByLabel('Código de verificação').fill(codeAt(secret, 30))
  await page.getByRole('button', { name: 'Verificar' }).click()
  await expect(page).toHaveURL(/\/imoveis$/)

  await page.goto('/minha-conta/seguranca')
  await page.getByRole('button', { name: 'Desativar verificação em duas etapas' }).click()
  await expect(page.getByRole('status')).toContainText('Verificação em duas etapas desativada')
  await logout(page)
  await login(page, user)
  await expect(page).toHaveURL(/\/$/)
})
