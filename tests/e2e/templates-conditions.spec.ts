// Every condition operator of the form-field engine (ADR 030) on a real template page (the test template installed
// with TEST_TEMPLATES=true): for each operator, the dependent field appears and disappears as the
// controlling value changes — live with JavaScript, after "Atualizar campos" without it.
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

type Change =
  | { kind: 'fill'; show: string; hide: string }
  | { kind: 'select'; show: string; hide: string }
  | { kind: 'radio'; show: string; hide: string }
  | { kind: 'check'; show: string; hide: string }

const ROWS: Array<{ operator: string; initiallyVisible: boolean } & Change> = [
  { operator: '==', kind: 'select', show: 'sim', hide: 'nao', initiallyVisible: false },
  { operator: '!=', kind: 'fill', show: 'mostrar', hide: 'ocultar', initiallyVisible: true },
  { operator: '>', kind: 'fill', show: '11', hide: '10', initiallyVisible: false },
  { operator: '<', kind: 'fill', show: '4', hide: '5', initiallyVisible: false },
  { operator: '>=', kind: 'fill', show: '1.000,00', hide: '999,99', initiallyVisible: false },
  { operator: '<=', kind: 'fill', show: '3', hide: '3,5', initiallyVisible: false },
  { operator: 'in', kind: 'select', show: 'b', hide: 'c', initiallyVisible: false },
  { operator: 'not in', kind: 'radio', show: 'Opção C', hide: 'Opção A', initiallyVisible: true },
  { operator: 'contains', kind: 'check', show: 'Piscina', hide: 'Piscina', initiallyVisible: false },
  { operator: 'not contains', kind: 'fill', show: 'permitido', hide: 'isto é proibido', initiallyVisible: true },
  { operator: 'starts with', kind: 'fill', show: 'Promoção de verão', hide: 'Sem promoção', initiallyVisible: false },
  {
    operator: 'ends with',
    kind: 'fill',
    show: 'contato@imob.com.br',
    hide: 'contato@imob.com',
    initiallyVisible: false,
  },
]

async function openTestTemplate(page: Page, javaScriptEnabled: boolean) {
  await page.goto('/modelos?q=regras')
  await page.getByRole('link', { name: /Teste: regras condicionais/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Teste: regras condicionais' })).toBeVisible()
  // With JavaScript the no-JS refresh button goes away once the page is hydrated.
  if (javaScriptEnabled) await expect(page.getByRole('button', { name: 'Atualizar campos' })).toHaveCount(0)
}

async function apply(page: Page, row: (typeof ROWS)[number], target: 'show' | 'hide') {
  const control = `Controle ${row.operator}`
  const value = row[target]
  switch (row.kind) {
    case 'fill':
      await page.getByLabel(control, { exact: true }).fill(value)
      break
    case 'select':
      await page.getByLabel(control, { exact: true }).selectOption(value)
      break
    case 'radio':
      await page.getByRole('group', { name: control }).getByLabel(value).check()
      break
    case 'check': {
      const box = page.getByRole('group', { name: control }).getByLabel(value)
      if (target === 'show') await box.check()
      else await box.uncheck()
      break
    }
  }
}

for (const row of ROWS) {
  test(`rule "${row.operator}": the field appears and disappears @nojs`, async ({
    signedInPage: page,
    javaScriptEnabled,
  }) => {
    await openTestTemplate(page, javaScriptEnabled)
    const dependent = page.getByLabel(`Aparece com ${row.operator}`, { exact: true })
    const refresh = async () => {
      if (!javaScriptEnabled) await page.getByRole('button', { name: 'Atualizar campos' }).click()
    }

    if (row.initiallyVisible) await expect(dependent).toBeVisible()
    else await expect(dependent).toBeHidden()

    await apply(page, row, 'show')
    await refresh()
    await expect(dependent).toBeVisible()
    await dependent.fill('valor digitado')

    await apply(page, row, 'hide')
    await refresh()
    await expect(dependent).toBeHidden()

    await apply(page, row, 'show')
    await refresh()
    await expect(dependent).toBeVisible()
  })
}
