// With JavaScript: photos dropped on the form upload at once with a preview, reorder with the
// arrow buttons, and the order is what gets saved; a complete CEP is looked up as it is typed
// (on the shared server ViaCEP is unreachable, so the lookup fails quietly).
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { expect, test, photosSent } from './fixtures'

test('dropped photos upload at once, reorder, and keep their order when saved', async ({ signedInPage: page }) => {
  await page.goto('/imoveis/novo')
  await page.getByLabel('Nome do imóvel').fill('Apartamento com duas fotos')
  await page.getByLabel('CEP').fill('04534-011')
  await page.getByLabel('Bairro').fill('Itaim Bibi')
  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo')
  await page.getByLabel('Estado').selectOption('SP')

  const files = [
    {
      name: 'sala.jpg',
      data: (await roomPhoto('living', 21, { width: 640, height: 480, grain: 0 })).toString('base64'),
    },
    {
      name: 'quarto.jpg',
      data: (await roomPhoto('bedroom', 22, { width: 640, height: 480, grain: 0 })).toString('base64'),
    },
  ]
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer()
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0))
      transfer.items.add(new File([bytes], file.name, { type: 'image/jpeg' }))
    }
    return transfer
  }, files)
  const photos = page.getByRole('region', { name: 'Fotos' })
  await photos.getByText('Nenhum arquivo ainda.').dispatchEvent('dragover', { dataTransfer })
  await photos.getByText('Nenhum arquivo ainda.').dispatchEvent('drop', { dataTransfer })

  const items = page.getByRole('list', { name: 'Fotos do imóvel' }).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await photosSent(page)
  await expect(items.nth(0)).toContainText('sala.jpg')
  await expect(items.nth(0).getByRole('img')).toHaveAttribute('src', /w400\.webp$/)

  await page.getByRole('button', { name: 'Mover sala.jpg para depois' }).click()
  await expect(items.nth(0)).toContainText('quarto.jpg')
  await items.nth(0).getByLabel('Legenda').fill('Suíte')
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()

  await expect(page).toHaveURL(/\/imoveis\/\d+$/)
  await expect(items.nth(0)).toContainText('quarto.jpg')
  await expect(items.nth(0).getByLabel('Legenda')).toHaveValue('Suíte')
  await expect(items.nth(1)).toContainText('sala.jpg')
})

test('inline validation speaks Portuguese before anything is sent', async ({ signedInPage: page }) => {
  await page.goto('/imoveis/novo')
  let posted = false
  page.on('request', (request) => {
    if (request.method() === 'POST') posted = true
  })
  await page.getByLabel('Quartos').fill('2,5')
  await page.getByLabel('Quartos').blur()
  await expect(page.getByLabel('Quartos')).toHaveAccessibleDescription('Digite um número inteiro')
  await page.getByRole('button', { name: 'Cadastrar imóvel' }).click()
  await expect(page.getByLabel('Nome do imóvel')).toHaveAccessibleDescription('Obrigatório')
  expect(posted).toBe(false)
})
