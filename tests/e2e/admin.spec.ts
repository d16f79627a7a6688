// The admin area as a person uses it: an admin (a new account the seeded admin promotes with
// "Tornar administrador") builds a template with a conditional
// field in /admin/templates (JavaScript on and off), an agent finds it in /modelos and
// generates with it; users are found and disabled; a non-admin gets 403 on every admin page and
// every admin form, the list of them read from app/routes.ts.
import type { Page, PlaywrightWorkerArgs } from '@playwright/test'
import routes from '../../app/routes'
import { ADMIN_USER, createUser, expect, login, signInWithForm, test } from './fixtures'

type Entry = { path?: string; index?: boolean; children?: Entry[] }

/** Every path below /admin in the route table (":id" filled with an id of the right shape). */
function adminPaths(): string[] {
  const layout = (routes as Entry[]).find((entry) => entry.path === 'admin')!
  const paths: string[] = []
  const walk = (entries: Entry[], prefix: string) => {
    for (const entry of entries) {
      const path = entry.index ? prefix : `${prefix}/${entry.path}`
      paths.push(path.replace(':id', path.includes('usuarios') ? crypto.randomUUID() : '1'))
      walk(entry.children ?? [], path)
    }
  }
  walk(layout.children ?? [], '/admin')
  return paths
}

/**
 * A new account made admin by the seeded admin ("Tornar administrador", over HTTP), signed in on
 * `page`: the seeded account only hands out the role, the test works as its own admin.
 */
async function signInAsNewAdmin(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
) {
  const user = await createUser(page.request, { full_name: 'Admin de Teste' })
  await signInWithForm(page.request, user)
  await page.goto('/') // the first signed-in request makes the account's profile row
  const seeded = await playwright.request.newContext({ baseURL })
  await signInWithForm(seeded, ADMIN_USER)
  const promoted = await seeded.post(`/admin/usuarios/${user.id}`, { form: { _intent: 'make-admin' }, maxRedirects: 0 })
  expect(promoted.status(), 'make-admin').toBe(302)
  await seeded.dispose()
  return user
}

async function addField(page: Page, type: string) {
  await page.getByLabel('Tipo do novo campo').last().selectOption({ label: type })
  await page.getByRole('button', { name: 'Adicionar campo', exact: true }).click()
}

/** Builds "ocasiao" (Visita / Lançamento) and "data_lancamento", shown only for Lançamento. */
async function createConditionalTemplate(page: Page, name: string) {
  await page.goto('/admin/templates')
  await page.getByRole('link', { name: 'Novo modelo' }).click()
  await page.getByLabel('Nome do modelo').fill(name)
  await page.getByLabel('Descrição').fill('Convite para o lançamento ou a visita')
  await page.getByLabel('Pede um imóvel').uncheck()
  await addField(page, 'Lista de opções (select)')
  const first = page.getByRole('group', { name: 'Campo 1', exact: true })
  await first.getByLabel('Nome (chave)').fill('ocasiao')
  await first.getByLabel('Rótulo').fill('Ocasião')
  await first.getByLabel('Opções').fill('visita | Visita\nlancamento | Lançamento')
  await first.getByLabel('Obrigatório').check()
  await addField(page, 'Texto (text)')
  const second = page.getByRole('group', { name: 'Campo 2', exact: true })
  await second.getByLabel('Nome (chave)').fill('data_lancamento')
  await second.getByLabel('Rótulo').fill('Data do lançamento')
  await second.getByRole('button', { name: 'Adicionar condição' }).click()
  const condition = page.getByRole('group', { name: 'Campo 2', exact: true })
  await condition.getByLabel('Condição 1: campo').selectOption('ocasiao')
  await condition.getByLabel('Operador').selectOption('==')
  await condition.getByLabel('Valor', { exact: true }).fill('lancamento')
  await page
    .getByRole('group', { name: 'Prompt 1' })
    .getByLabel('Conteúdo')
    .fill('Escreva um convite para {{fields.ocasiao}} em {{fields.data_lancamento}}.')
  await page.getByRole('button', { name: 'Salvar modelo' }).click()
  await expect(page).toHaveURL(/\/admin\/templates\/\d+$/)
  await expect(page.getByRole('status').getByText('Modelo criado')).toBeVisible()
}

test('a template created in /admin with a conditional field appears in /modelos and generates @nojs', async ({
  page,
  browser,
  javaScriptEnabled,
  playwright,
  baseURL,
}) => {
  const name = `Convite ${javaScriptEnabled ? 'js' : 'sem js'} ${Date.now().toString(36)}`
  await signInAsNewAdmin(page, playwright, baseURL)
  await createConditionalTemplate(page, name)
  // The saved form reads back as written.
  await expect(page.getByRole('group', { name: 'Campo 2', exact: true }).getByLabel('Condição 1: campo')).toHaveValue(
    'ocasiao',
  )
  await expect(page.getByRole('group', { name: 'Campo 1', exact: true }).getByLabel('Opções')).toHaveValue(
    'visita | Visita\nlancamento | Lançamento',
  )

  // An agent (a new account) finds it and generates with it.
  const agentContext = await browser.newContext({ javaScriptEnabled })
  const agentPage = await agentContext.newPage()
  await login(agentPage, await createUser(agentPage.request))
  await agentPage.goto(`/modelos?q=${encodeURIComponent(name)}`)
  await agentPage.getByRole('link', { name: new RegExp(name) }).click()
  await expect(agentPage.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(agentPage.getByLabel('Data do lançamento')).toBeHidden()
  await agentPage.getByLabel('Ocasião').selectOption('Lançamento')
  if (!javaScriptEnabled) await agentPage.getByRole('button', { name: 'Atualizar campos' }).click()
  await agentPage.getByLabel('Data do lançamento').fill('12 de dezembro')
  await agentPage.getByRole('button', { name: 'Gerar post', exact: true }).click()
  await expect(agentPage).toHaveURL(/\/modelos\/\d+\?post=\d+/)
  await expect(agentPage.getByText('Post gerado')).toBeVisible()
  await expect(agentPage.getByLabel('Legenda')).not.toHaveValue('')
  await agentContext.close()
})

test('the live preview follows the editor, and a test generation opens the post', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInAsNewAdmin(page, playwright, baseURL)
  const name = `Prévia ${Date.now().toString(36)}`
  await createConditionalTemplate(page, name)
  const preview = page.getByRole('region', { name: 'Pré-visualização' })
  await expect(preview.getByLabel('Ocasião')).toBeVisible()
  await expect(preview.getByLabel('Data do lançamento')).toBeHidden()
  await preview.getByLabel('Ocasião').selectOption('Lançamento')
  await expect(preview.getByLabel('Data do lançamento')).toBeVisible()
  // Typing a label in the editor changes the preview at once.
  await page.getByRole('group', { name: 'Campo 2', exact: true }).getByLabel('Rótulo').fill('Dia do evento')
  await expect(preview.getByLabel('Dia do evento')).toBeVisible()
  await preview.getByLabel('Dia do evento').fill('sábado')
  await preview.getByRole('button', { name: 'Gerar post de teste' }).click()
  await expect(page).toHaveURL(/\/modelos\/\d+\?post=\d+/)
  await expect(page.getByText('Post de teste gerado')).toBeVisible()
})

test('an admin finds a user, disables the account (no sign-in), enables it again @nojs', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const agent = await createUser(page.request, { full_name: 'Joana Bloqueio' })
  // The account's profile row is made at its first sign-in.
  const other = await (await browser.newContext()).newPage()
  await login(other, agent)
  await other.getByRole('button', { name: 'Sair' }).click()
  // With JavaScript the sign-out is a fetch: let it land before this page is used again.
  await expect(other).toHaveURL(/\/login$/)
  await signInAsNewAdmin(page, playwright, baseURL)
  await page.goto('/admin/usuarios')
  await page.getByLabel('Buscar por nome ou e-mail').fill(agent.email)
  await page.getByRole('button', { name: 'Buscar' }).click()
  await expect(page).toHaveURL(/\?q=/)
  await expect(page.getByText('1 usuário', { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Joana Bloqueio' }).click()
  await page.getByRole('button', { name: 'Desativar conta' }).click()
  await expect(page.getByText('Conta desativada: este usuário não consegue entrar.')).toBeVisible()

  await other.goto('/login')
  await other.getByLabel('E-mail').fill(agent.email)
  await other.getByLabel('Senha').fill(agent.password)
  await other.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(other.getByRole('alert')).toHaveText('Esta conta está bloqueada. Fale com o suporte.')

  await page.getByRole('button', { name: 'Reativar conta' }).click()
  await expect(page.getByText('Conta desativada: este usuário não consegue entrar.')).toHaveCount(0)
  await login(other, agent)
  await page.goto('/admin')
  await expect(page.getByRole('table', { name: 'Últimas alterações feitas na administração' })).toContainText(
    `Reativou o usuário ${agent.email}`,
  )
})

test('a non-admin gets 403 on every admin page and every admin form, with a way back', async ({
  signedInPage: page,
  baseURL,
}) => {
  const paths = adminPaths()
  expect(paths.length).toBeGreaterThanOrEqual(6)
  for (const path of paths) {
    expect((await page.request.get(path)).status(), `GET ${path}`).toBe(403)
    const posted = await page.request.post(path, {
      form: { _intent: 'save', name: 'x' },
      headers: { Origin: new URL(baseURL!).origin },
    })
    expect(posted.status(), `POST ${path}`).toBe(403)
  }
  await page.goto('/admin/templates')
  await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible()
  // The tab says it too, in pt-BR like the page, not "Internal Server Error".
  await expect(page).toHaveTitle('Acesso negado · Vitrine')
  await page.getByRole('link', { name: 'Voltar para o início' }).click()
  await expect(page).toHaveURL(/\/$/)
})
