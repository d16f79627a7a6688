// A team invite to someone with no account (ADR 252) goes through the auth service's invite:
// its link creates the account, signs it in and lands on the team invite, which it accepts.
import { createUser, expect, readMailbox, signInWithForm, subscribe, test } from './fixtures'

test('an invite to a new address creates the account from the e-mail link @nojs', async ({ page, browser }) => {
  const owner = await createUser(page.request)
  await signInWithForm(page.request, owner)
  await subscribe(page.request, 'imobiliaria_mensal')
  const email = `convidada-${Date.now()}@example.com`

  await page.goto('/minha-conta/equipe')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Papel').selectOption('corretor')
  await page.getByRole('button', { name: 'Enviar convite', exact: true }).click()
  await expect(page.getByText(`Enviamos o link para ${email}.`, { exact: false })).toBeVisible()

  const link = await readMailbox(page, email, (mailbox) =>
    mailbox
      .getByRole('article', { name: new RegExp(`convidou você para a Vitrine para ${email}`) })
      .getByRole('link', { name: 'Aceitar convite' })
      .getAttribute('href'),
  )
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`, locale: 'pt-BR' })
  try {
    const invited = await context.newPage()
    await invited.goto(link!)
    await expect(invited).toHaveURL(/\/convite\/[\w-]{43}$/)
    await expect(invited.getByText(/convidou .* para a equipe como corretor/)).toBeVisible()
    await invited.getByRole('button', { name: 'Entrar na equipe' }).click()
    await expect(invited.getByText('Você entrou na equipe')).toBeVisible()
  } finally {
    await context.close()
  }
})
