// Without JavaScript a round trip of the long property form comes back where the person was
// looking (ADR 179), not at its top: "Buscar CEP" at the CEP, and the error summary's links
// at each field. (The shared server refuses CEP lookups: the CEP's own message is the answer.)
import { expect, test } from './fixtures'

test.use({ viewport: { width: 390, height: 844 } })

test('without JavaScript, "Buscar CEP" lands at the CEP and the error summary leads to the fields @nojs @nojs-only', async ({
  signedInPage: page,
}) => {
  // With JavaScript the CEP is looked up in place, with no round trip: the no-JavaScript project only.
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Sobrado na Vila Mariana')
  // On a phone the form is in steps: the CEP is under "Local".
  await page.getByRole('navigation', { name: 'Etapas do cadastro' }).getByRole('button', { name: 'Local' }).click()
  await expect(page).toHaveURL(/etapa=local$/)
  await page.getByLabel('CEP').fill('04101-000')
  await page.getByRole('button', { name: 'Buscar CEP' }).click()

  // The answer is on screen, beside the CEP, and what was typed is kept.
  await expect(
    page.getByText('Não foi possível consultar o CEP agora. Preencha o endereço.', { exact: true }),
  ).toBeInViewport()
  await expect(page.getByLabel('CEP')).toBeInViewport()
  await expect(page.getByLabel('Nome do imóvel')).toHaveValue('Sobrado na Vila Mariana')

  // Saving with the address missing: the page opens on the summary, which names each field.
  await page.getByLabel('Bairro').fill('')
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  const summary = page.getByRole('alert').filter({ hasText: 'Confira os campos marcados abaixo.' })
  await expect(summary).toBeInViewport()
  await expect(page.getByLabel('Bairro')).not.toBeInViewport()
  await summary.getByRole('link', { name: 'Bairro', exact: true }).click()
  await expect(page.getByLabel('Bairro')).toBeInViewport()
  await expect(page.getByLabel('Bairro')).toHaveAttribute('aria-invalid', 'true')
})
