// Every one of the 25 field types on a real template page (the test template installed with
// TEST_TEMPLATES=true): filled, validated, repeater items added, generated, and the answers come
// back saved when the post is opened. With JavaScript the form has tabs; without it, one page.
import type { Page } from '@playwright/test'
import { roomPhoto } from '../../app/integrations/images/sample-photos.server'
import { expect, signUpWithApartment, test } from './fixtures'

async function openAllFields(page: Page, javaScriptEnabled: boolean) {
  await page.goto('/modelos?q=todos os tipos')
  await page.getByRole('link', { name: /Teste: todos os tipos de campo/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Teste: todos os tipos de campo' })).toBeVisible()
  if (javaScriptEnabled) await expect(page.getByRole('button', { name: 'Atualizar campos' })).toHaveCount(0)
}

test('every field type posts, validates and comes back saved @nojs', async ({ page, javaScriptEnabled }) => {
  await signUpWithApartment(page)
  await openAllFields(page, javaScriptEnabled)
  const tab = async (name: string) => {
    if (javaScriptEnabled)
      await page.getByRole('navigation', { name: 'Partes do formulário' }).getByRole('link', { name }).click()
  }
  const refresh = async () => {
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Atualizar campos' }).click()
  }
  const item = (n: number) =>
    page
      .getByRole('group', { name: 'Depoimentos' })
      .getByRole('listitem')
      .filter({ hasText: `Depoimento ${n}` })

  // A bad e-mail: 400, the message beside the field, what was typed kept.
  await page.getByLabel(/^Texto/).fill('Olá')
  await page.getByLabel('E-mail de contato').fill('corretor@')
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page.getByText('E-mail inválido')).toBeVisible()
  await expect(page.getByLabel(/^Texto/)).toHaveValue('Olá')

  // The property first: the gallery field shows its photos.
  const picker = page.getByLabel('Imóvel do teste')
  const homeId = await picker
    .locator('option')
    .filter({ hasText: /Itaim Bibi/ })
    .getAttribute('value')
  await picker.selectOption(homeId!)
  await refresh()

  // Repeater: one item to start, one more added; a select inside an item reveals its text area.
  await tab('Datas e lugar')
  await expect(item(1)).toBeVisible()
  await item(1).getByLabel(/^Nome/).fill('Ana')
  await item(1).getByLabel('Forma').selectOption('citacao')
  await page.getByRole('button', { name: 'Adicionar depoimento' }).click()
  await expect(item(2)).toBeVisible()
  await expect(item(1).getByLabel(/^Nome/)).toHaveValue('Ana')
  await item(1).getByLabel('Frase').fill('Ótimo atendimento')
  await item(2).getByLabel(/^Nome/).fill('Bia')
  await item(2).getByLabel('Forma').selectOption('nota')

  await tab('Principal')
  await page.getByLabel('Descrição').fill('Linha 1\nLinha 2')
  await page.getByLabel('Senha de teste').fill('segredo1')
  await page.getByLabel('E-mail de contato').fill('Corretor@Imob.com.br')
  await page.getByLabel('Site').fill('https://imob.com.br')
  await page.getByLabel('Telefone').fill('11987654321')
  await page.getByLabel('Quantidade').fill('7')
  await page.getByLabel('Valor').fill('1.234,56')
  await page.getByLabel('Cor').fill('#ff0000')

  await tab('Escolhas')
  await page.getByLabel('Tipo', { exact: true }).selectOption('apto')
  await page.getByLabel('Canais').selectOption(['instagram', 'whatsapp'])
  await page.getByRole('group', { name: 'Prazo' }).getByLabel('Esta semana').check()
  await page.getByRole('group', { name: 'Estilo' }).getByText('Escuro').click()
  await page.getByLabel('Aceito os termos do teste').check()
  await page.getByRole('switch', { name: 'Destacar este post' }).check({ force: true })
  await page.getByRole('group', { name: 'Extras' }).getByLabel('Música').check()

  await tab('Datas e lugar')
  await page.getByLabel('Dia').fill('2025-12-24')
  await page.getByLabel('Hora').fill('19:30')
  await page.getByLabel('Quando').fill('2025-12-24T20:00')
  await page.getByLabel('Latitude').fill('-23,5843')
  await page.getByLabel('Longitude').fill('-46,6765')
  const photos = page.getByRole('group', { name: 'Fotos do post' }).getByRole('checkbox')
  await photos.nth(0).check()
  await photos.nth(1).check()
  await page
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: await roomPhoto('living', 5) })

  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/)
  await expect(page.getByLabel('Legenda', { exact: true })).toHaveValue(/Olá|Dica/)

  // The answers come back as they were typed.
  const form = page.getByRole('region', { name: 'Formulário do modelo' })
  await expect(form.getByLabel(/^Texto/)).toHaveValue('Olá')
  await expect(form.getByLabel('Descrição')).toHaveValue('Linha 1\nLinha 2')
  await expect(form.getByLabel('E-mail de contato')).toHaveValue('corretor@imob.com.br')
  await expect(form.getByLabel('Site')).toHaveValue('https://imob.com.br')
  await expect(form.getByLabel('Telefone')).toHaveValue('(11) 98765-4321')
  await expect(form.getByLabel('Quantidade')).toHaveValue('7')
  await expect(form.getByLabel('Valor')).toHaveValue('1.234,56')
  await expect(form.getByLabel('Cor')).toHaveValue('#ff0000')
  await expect(form.getByLabel('Imóvel do teste')).toHaveValue(homeId!)
  await tab('Escolhas')
  await expect(form.getByLabel('Tipo', { exact: true })).toHaveValue('apto')
  expect(
    await form
      .getByLabel('Canais')
      .evaluate((select) => [...(select as HTMLSelectElement).selectedOptions].map((o) => o.value)),
  ).toEqual(['instagram', 'whatsapp'])
  await expect(form.getByRole('group', { name: 'Prazo' }).getByLabel('Esta semana')).toBeChecked()
  await expect(form.getByRole('group', { name: 'Estilo' }).getByLabel('Escuro')).toBeChecked()
  await expect(form.getByLabel('Aceito os termos do teste')).toBeChecked()
  await expect(form.getByRole('switch', { name: 'Destacar este post' })).toBeChecked()
  await expect(form.getByRole('group', { name: 'Extras' }).getByLabel('Música')).toBeChecked()
  await tab('Datas e lugar')
  await expect(form.getByLabel('Dia')).toHaveValue('2025-12-24')
  await expect(form.getByLabel('Hora')).toHaveValue('19:30')
  await expect(form.getByLabel('Quando')).toHaveValue('2025-12-24T20:00')
  await expect(form.getByLabel('Latitude')).toHaveValue('-23.5843')
  await expect(form.getByLabel('Longitude')).toHaveValue('-46.6765')
  await expect(photos.nth(0)).toBeChecked()
  await expect(photos.nth(1)).toBeChecked()
  await expect(photos.nth(2)).not.toBeChecked()
  await expect(page.locator('input[type=hidden][name=logo]')).toHaveValue(/^\/uploads\/users\//)
  await expect(item(1).getByLabel(/^Nome/)).toHaveValue('Ana')
  await expect(item(1).getByLabel('Frase')).toHaveValue('Ótimo atendimento')
  await expect(item(2).getByLabel(/^Nome/)).toHaveValue('Bia')
  await expect(item(2).getByLabel('Frase')).toBeHidden()
})

test('repeater items are removed, never below the minimum @nojs', async ({ page, javaScriptEnabled }) => {
  await signUpWithApartment(page)
  await openAllFields(page, javaScriptEnabled)
  if (javaScriptEnabled)
    await page
      .getByRole('navigation', { name: 'Partes do formulário' })
      .getByRole('link', { name: 'Datas e lugar' })
      .click()
  const items = page.getByRole('group', { name: 'Depoimentos' }).getByRole('listitem')
  await expect(items).toHaveCount(1)
  await expect(page.getByRole('button', { name: /^Remover depoimento/ })).toHaveCount(0)
  await items.first().getByLabel(/^Nome/).fill('Primeiro')
  await page.getByRole('button', { name: 'Adicionar depoimento' }).click()
  await expect(items).toHaveCount(2)
  await page.getByRole('button', { name: 'Adicionar depoimento' }).click()
  await expect(items).toHaveCount(3)
  // At the maximum (3) there is nothing more to add.
  await expect(page.getByRole('button', { name: 'Adicionar depoimento' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Remover depoimento 1' }).click()
  await expect(items).toHaveCount(2)
  await expect(items.first().getByLabel(/^Nome/)).toHaveValue('')
})
