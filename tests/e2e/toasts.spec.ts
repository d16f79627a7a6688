// The notification stack (app/components/ui/toaster.tsx) as a person meets it, with the info
// toast 'Esqueci a senha' leaves on /login: read out as a status, closed by its ×, with
// JavaScript off too, and with JavaScript gone on its own after six seconds.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

async function askForRecoveryLink(page: Page) {
  await page.goto('/esqueci-a-senha')
  await page.getByLabel('E-mail').fill(`ninguem-${crypto.randomUUID()}@example.com`)
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page).toHaveURL(/\/login$/)
  const toast = page.getByRole('region', { name: 'Notificações' }).getByRole('status')
  await expect(toast).toContainText('Verifique seu e-mail')
  return toast
}

test('the × closes a toast, with JavaScript off too @nojs', async ({ page }) => {
  const toast = await askForRecoveryLink(page)
  await page.getByLabel('Fechar notificação').click()
  await expect(toast).toBeHidden()
})

test('with JavaScript, an info toast leaves on its own after six seconds', async ({ page }) => {
  await page.clock.install()
  const toast = await askForRecoveryLink(page)
  await page.clock.runFor(6_000)
  await expect(toast).toBeHidden()
})
