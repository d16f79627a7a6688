// "Entrar com código" (ADR 253): the e-mail, then the six digits from the e-mail, with
// JavaScript or without; 2FA is still asked; wrong codes count like wrong passwords.
import * as OTPAuth from 'otpauth'
import type { Page } from '@playwright/test'
import { expect, logout, readMailbox, test } from './fixtures'

const SUBJECT = 'Seu código de acesso à Vitrine'

async function emailedCode(page: Page, email: string) {
  const text = await readMailbox(page, email, (mailbox) =>
    mailbox
      .getByRole('article', { name: `${SUBJECT} para ${email}` })
      .first()
      .textContent(),
  )
  const code = /Seu código: (\d{6})/.exec(text ?? '')?.[1]
  if (!code) throw new Error(`no code in the e-mail to ${email}`)
  return code
}

async function askForCode(page: Page, email: string, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login')
  await page.getByRole('link', { name: 'Entrar com código' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar com código' })).toBeVisible()
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Enviar código' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Digite o código' })).toBeVisible()
}

test('signs in with the code from the e-mail @nojs', async ({ page, user }) => {
  await askForCode(page, user.email, '/imoveis')
  const field = page.getByLabel('Código do e-mail')
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code')
  await expect(field).toHaveAttribute('inputmode', 'numeric')

  await field.fill('12345')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Digite os 6 números do e-mail')).toBeVisible()

  const code = await emailedCode(page, user.email)
  const wrong = code === '000000' ? '111111' : '000000'
  await page.getByLabel('Código do e-mail').fill(wrong)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('Código inválido ou expirado. Confira o e-mail mais recente.')).toBeVisible()

  await page.getByLabel('Código do e-mail').fill(code)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/imoveis$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Imóveis' })).toBeVisible()
})

test('an address with no account gets the same answer, and no e-mail @nojs', async ({ page }) => {
  const email = `ninguem-${Date.now()}@example.com`
  await askForCode(page, email)
  await expect(page.getByText(`Se houver uma conta com ${email}`)).toBeVisible()
  const count = await readMailbox(page, email, (mailbox) => mailbox.getByRole('article').count())
  expect(count).toBe(0)
})

test('an account with 2FA is still asked for its authenticator code @nojs', async ({ signedInPage: page, user }) => {
  await page.goto('/minha-conta/seguranca')
  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click()
  const secret = (await page.locator('code').textContent())!.trim()
  const totp = (offset = 0) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset })
  await page.getByLabel('Código de verificação').fill(totp())
  await page.getByRole('button', { name: 'Ativar' }).click()
  await expect(page.getByRole('status')).toContainText('Verificação em duas etapas ativada')
  await logout(page)

  await askForCode(page, user.email)
  await page.getByLabel('Código do e-mail').fill(await emailedCode(page, user.email))
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/login\/verificacao/)
  // No protected page before the second step.
  await page.goto('/imoveis')
  await expect(page).toHaveURL(/\/login\/verificacao\?redirectTo=%2Fimoveis$/)
  await page.getByLabel('Código de verificação').fill(totp(30_000))
  await page.getByRole('button', { name: 'Verificar' }).click()
  await expect(page).toHaveURL(/\/imoveis$/)
})
