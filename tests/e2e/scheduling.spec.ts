// Scheduling posts: the form with its pre-flight checks (past time, caption too long), the list
// and the week/month calendar with query-string navigation and the account filter, the caption
// editor, "Agendar" on the post page, and the social accounts on /integracoes. Each test makes
// its own user and its own post; @nojs tests also run with JavaScript off. Scheduling is a paid
// plan's: the tests that schedule buy the Corretor plan first (the free plan's refusal has its own).
import type { Page } from '@playwright/test'
import { expect, subscribe, test } from './fixtures'

const saoPaulo = (date: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  )
const dayInSaoPaulo = (offsetDays: number) => {
  const p = saoPaulo(new Date(Date.now() + offsetDays * 86400_000))
  return `${p.year}-${p.month}-${p.day}`
}

/** A post of the user's own, from a template that needs no property (offline copywriter). */
async function createPost(page: Page): Promise<number> {
  await page.goto('/modelos')
  await page
    .getByRole('region', { name: 'Datas comemorativas' })
    .getByRole('link', { name: /^Datas comemorativas/ })
    .click()
  await expect(page).toHaveURL(/\/modelos\/\d+/)
  await page.getByRole('combobox', { name: /^Data/ }).selectOption('natal')
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/, { timeout: 30_000 })
  return Number(new URL(page.url()).searchParams.get('post'))
}

/** The public address of the post on the result page ("Ver post"): /posts/<public id>. */
async function publicPath(page: Page): Promise<string> {
  return (await page.getByRole('link', { name: 'Ver post' }).first().getAttribute('href'))!
}

const OUTBOX_ONLY =
  'Nenhuma conta do Instagram conectada: as publicações vão para a caixa de saída local desta instalação e não chegam ao Instagram.'

async function openScheduleForm(page: Page, postId: number) {
  await page.goto('/agendar-posts/agendamento')
  await page.getByLabel('Post', { exact: true }).selectOption(String(postId))
  await page.getByRole('button', { name: 'Escolher post' }).click()
  await expect(page).toHaveURL(new RegExp(`post=${postId}`))
}

test('a post scheduled on the outbox shows in the list and in the week and month calendars @nojs', async ({
  signedInPage: page,
}) => {
  await subscribe(page.request)
  const postId = await createPost(page)
  await openScheduleForm(page, postId)
  await expect(page.getByRole('list', { name: 'Imagens que serão publicadas' }).getByRole('img')).not.toHaveCount(0)
  await expect(page.getByRole('checkbox', { name: 'Caixa de saída local' })).toBeChecked()
  const day = dayInSaoPaulo(3)
  await page.getByLabel('Data').fill(day)
  await page.getByLabel('Horário (Brasília)').fill('18:30')
  await page.getByRole('button', { name: 'Agendar' }).click()

  await expect(page).toHaveURL(/\/agendar-posts$/)
  await expect(page.getByText('Publicação agendada')).toBeVisible()
  await expect(page.getByText(/Vai para a caixa de saída local, não para o Instagram\./)).toBeVisible()
  await expect(page.getByText(OUTBOX_ONLY)).toBeVisible()
  const upcoming = page.getByRole('region', { name: /Próximas/ })
  const [y, m, d] = day.split('-')
  await expect(upcoming.getByRole('listitem').first()).toContainText(`${d}/${m}/${y}, 18:30`)
  await expect(upcoming.getByRole('listitem').first()).toContainText('Agendada')
  await expect(upcoming.getByRole('listitem').first()).toContainText('Caixa de saída local')
  // Named by its template (no property: a commemorative date), never by the template's slug.
  await expect(upcoming.getByRole('listitem').first()).toContainText('Datas comemorativas · Caixa de saída local')
  await expect(upcoming.getByRole('listitem').first()).not.toContainText('datas-post-feed')
  // The dashboard shows what goes out next.
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Publicações' })).toContainText(`${d}/${m}/${y}, 18:30`)
  await page.goto('/agendar-posts')

  await page.getByRole('link', { name: 'Semana' }).click()
  await expect(page).toHaveURL(/visao=semana/)
  const calendar = page.getByRole('list', { name: 'Calendário' })
  // The week of today (weeks start on Monday): three days ahead is next week from Friday on.
  // (Counting the slots right after a click read the page before it changed, and paged too far.)
  const weekdayToday = (new Date(`${dayInSaoPaulo(0)}T12:00:00Z`).getUTCDay() + 6) % 7
  if (weekdayToday + 3 > 6) {
    await page.getByRole('link', { name: 'Próxima →' }).click()
    await expect(page).toHaveURL(new RegExp(`data=${dayInSaoPaulo(7)}`))
  }
  await expect(calendar.getByText('18:30')).toBeVisible()

  await page.goto(`/agendar-posts?visao=mes&data=${day}`)
  await expect(page.getByRole('list', { name: 'Calendário' }).getByText('18:30')).toBeVisible()

  // The account filter is a GET form: another account's view has none of them.
  await page.getByLabel('Conta').selectOption({ label: 'Caixa de saída local' })
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await expect(page).toHaveURL(/conta=\d+/)
  await expect(page.getByRole('list', { name: 'Calendário' }).getByText('18:30')).toBeVisible()
})

test('alt text per image, a first comment and collaborators go with the post; a bad username is refused beside its field @nojs', async ({
  signedInPage: page,
}) => {
  await subscribe(page.request)
  const postId = await createPost(page)
  await openScheduleForm(page, postId)
  const details = page.getByRole('group', { name: 'Texto alternativo das imagens' })
  // Each image's alt text is already written from what it shows.
  await expect(details.getByRole('textbox').first()).not.toHaveValue('')
  await details.getByRole('textbox').first().fill('Cartão de Natal da imobiliária com árvore iluminada')
  await page.getByLabel('Data').fill(dayInSaoPaulo(4))
  await page.getByLabel('Horário (Brasília)').fill('19:00')
  await page.getByRole('textbox', { name: 'Primeiro comentário (opcional)' }).fill('#natal #imoveis CRECI 12345-F')
  const collaborators = page.getByRole('textbox', { name: 'Colaboradores (opcional)' })
  await collaborators.fill('@imobiliaria.centro, joão silva')
  await page.getByRole('button', { name: 'Agendar' }).click()

  await expect(collaborators).toHaveAccessibleDescription(/“joão” não é um usuário do Instagram válido/)
  await expect(page.getByText('“silva” não é um usuário do Instagram válido', { exact: false })).toHaveCount(0)
  await expect(collaborators).toHaveValue('@imobiliaria.centro, joão silva')
  await expect(page.getByRole('textbox', { name: 'Primeiro comentário (opcional)' })).toHaveValue(
    '#natal #imoveis CRECI 12345-F',
  )
  await expect(details.getByRole('textbox').first()).toHaveValue('Cartão de Natal da imobiliária com árvore iluminada')

  await collaborators.fill('@imobiliaria.centro')
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page).toHaveURL(/\/agendar-posts$/)
  await expect(page.getByText('Publicação agendada')).toBeVisible()
})

test("an agency's default collaborator, set on the team page, starts the scheduling form @nojs", async ({
  signedInPage: page,
}) => {
  await subscribe(page.request, 'imobiliaria_mensal')
  await page.goto('/minha-conta/equipe')
  // Approval is on by default on a team plan: off, so the owner's own post can be scheduled.
  await page.getByRole('checkbox', { name: 'Exigir aprovação antes de agendar' }).uncheck()
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()
  await expect(page.getByText('Os posts podem ser agendados sem aprovação.')).toBeVisible()
  const field = page.getByRole('textbox', { name: 'Instagram da imobiliária' })
  await field.fill('imobiliária centro')
  await page.getByRole('button', { name: 'Salvar colaborador' }).click()
  await expect(field).toHaveAccessibleDescription(/“imobiliária” não é um usuário do Instagram válido/)
  await expect(field).toHaveValue('imobiliária centro')
  await field.fill('@imobiliaria.centro')
  await page.getByRole('button', { name: 'Salvar colaborador' }).click()
  await expect(page.getByText('Colaborador padrão salvo')).toBeVisible()

  const postId = await createPost(page)
  await openScheduleForm(page, postId)
  await expect(page.getByRole('textbox', { name: 'Colaboradores (opcional)' })).toHaveValue('@imobiliaria.centro')
})

test('a past time or a caption over 2,200 characters is refused beside its field, typed values kept @nojs', async ({
  signedInPage: page,
}) => {
  await subscribe(page.request)
  const postId = await createPost(page)
  await openScheduleForm(page, postId)
  // Today at midnight has passed (the date field's own minimum is today).
  const today = dayInSaoPaulo(0)
  await page.getByLabel('Data').fill(today)
  await page.getByLabel('Horário (Brasília)').fill('00:00')
  const caption = `${'Casa com quintal 🏡 '.repeat(120)}\n#casa`
  await page.getByRole('textbox', { name: 'Legenda' }).fill(caption)
  await page.getByRole('button', { name: 'Agendar' }).click()

  await expect(page.getByText('Escolha um horário no futuro (pelo menos 1 minuto à frente).')).toBeVisible()
  await expect(page.getByLabel('Data')).toHaveValue(today)
  await expect(page.getByLabel('Horário (Brasília)')).toHaveValue('00:00')

  await page.getByLabel('Data').fill(dayInSaoPaulo(2))
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText(/A legenda tem 2\.\d{3} caracteres; o Instagram aceita até 2\.200\./)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Legenda' })).toHaveValue(caption)

  await page.goto('/agendar-posts')
  await expect(page.getByText('Nada agendado. Escolha um post e marque data e hora.')).toBeVisible()
})

test('the caption editor counts characters, hashtags and mentions as the agent types, and saves line breaks', async ({
  signedInPage: page,
}) => {
  await subscribe(page.request)
  const postId = await createPost(page)
  await openScheduleForm(page, postId)
  await page.getByLabel('Data').fill(dayInSaoPaulo(5))
  await page.getByLabel('Horário (Brasília)').fill('12:00')
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page).toHaveURL(/\/agendar-posts$/)

  await page
    .getByRole('link', { name: /^Editar legenda/ })
    .first()
    .click()
  const field = page.getByRole('textbox', { name: 'Legenda' })
  await field.fill('Lar doce lar 🏡👨‍👩‍👧\nVisite @imobiliaria.sol')
  const counts = page.locator('#caption-contagem')
  // 🏡 and the family emoji count as one character each.
  await expect(counts).toContainText('39 / 2.200 caracteres')
  await expect(counts).toContainText('1 menção: @imobiliaria.sol')
  await field.press('End')
  await field.pressSequentially(' #a #b #c #d #e #f')
  await expect(counts).toContainText('6 hashtags')
  await expect(page.getByText('6 hashtags: mais de 5 costuma reduzir o alcance.')).toBeVisible()
  await page.getByRole('button', { name: 'Salvar legenda' }).click()
  await expect(page.getByText('Alterações salvas')).toBeVisible()
  const item = page
    .getByRole('region', { name: /Próximas/ })
    .getByRole('listitem')
    .first()
  await expect(item).toContainText('Lar doce lar 🏡👨‍👩‍👧')
  await expect(item).toContainText('Visite @imobiliaria.sol #a #b #c #d #e #f')
})

test('the post page and the history offer "Agendar", which opens the form with that post @nojs', async ({
  signedInPage: page,
}) => {
  const postId = await createPost(page)
  await page.goto(await publicPath(page))
  await page.getByRole('link', { name: 'Agendar', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/agendar-posts/agendamento\\?post=${postId}$`))
  await expect(page.getByLabel('Post', { exact: true })).toHaveValue(String(postId))
  await page.goto('/modelos/historico')
  await expect(
    page
      .getByRole('list', { name: 'Posts' })
      .getByRole('link', { name: /^Agendar/ })
      .first(),
  ).toHaveAttribute('href', `/agendar-posts/agendamento?post=${postId}`)
})

test('someone else does not see "Agendar" on the post page, nor can edit another user\'s publication @nojs', async ({
  signedInPage: page,
  browser,
}) => {
  await createPost(page)
  const postPath = await publicPath(page)
  const other = await browser.newContext({ javaScriptEnabled: false })
  const visitor = await other.newPage()
  await visitor.goto(postPath)
  await expect(visitor.getByRole('link', { name: 'Baixar JPEG' })).toBeVisible()
  await expect(visitor.getByRole('link', { name: 'Agendar', exact: true })).toHaveCount(0)
  await other.close()
  const response = await page.goto('/agendar-posts/editar-legenda?publicacao=999999')
  expect(response?.status()).toBe(404)
})

test('/integracoes lists the local outbox, which opens its page @nojs', async ({ signedInPage: page }) => {
  await page.goto('/integracoes')
  const panel = page.getByRole('region', { name: 'Redes sociais' })
  await expect(panel.getByText('Caixa de saída local').first()).toBeVisible()
  await panel.getByRole('link', { name: 'Abrir caixa de saída' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Caixa de saída' })).toBeVisible()
  await expect(page.getByText('Nada publicado ainda')).toBeVisible()
})

test('a free account is refused scheduling with the plan’s message, and nothing reaches the outbox @nojs', async ({
  signedInPage: page,
}) => {
  const postId = await createPost(page)
  await page.goto('/agendar-posts')
  // Without an Instagram account the pages say where a publication would go.
  await expect(page.getByText(OUTBOX_ONLY)).toBeVisible()
  const outboxId = await page
    .getByLabel('Conta')
    .getByRole('option', { name: 'Caixa de saída local' })
    .getAttribute('value')

  await page.goto(`/agendar-posts/agendamento?post=${postId}`)
  await expect(page.getByText(OUTBOX_ONLY)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Conectar uma conta do Instagram' })).toHaveAttribute(
    'href',
    '/integracoes#redes-sociais',
  )
  await expect(page.getByRole('link', { name: 'abrir a caixa de saída' })).toHaveAttribute('href', '/integracoes/saida')
  // The plan's message instead of the form, with the way to a plan that includes scheduling.
  const refusal = page.getByRole('alert').filter({ hasText: 'O plano Gratuito não inclui agendamentos.' })
  await expect(refusal).toContainText('Assine o plano Corretor para ter 30 agendamentos por mês.')
  await expect(refusal.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/plano/contratar')
  await expect(page.getByRole('button', { name: 'Agendar' })).toHaveCount(0)

  // The form sent anyway (a tab opened before, or a script): 403, the same message, nothing saved.
  const response = await page.request.post('/agendar-posts/agendamento', {
    form: { post_id: String(postId), account_ids: outboxId!, date: dayInSaoPaulo(2), time: '18:30', caption: 'Oi' },
  })
  expect(response.status()).toBe(403)
  expect(await response.text()).toContain('O plano Gratuito não inclui agendamentos.')

  await page.goto('/agendar-posts')
  await expect(page.getByText('Nada agendado. Escolha um post e marque data e hora.')).toBeVisible()
  await page.goto('/integracoes/saida')
  await expect(page.getByText('Nada publicado ainda')).toBeVisible()
})

test('the scheduling pages fit a 390 px phone', async ({ signedInPage: page }, info) => {
  await subscribe(page.request)
  await page.setViewportSize({ width: 390, height: 844 })
  const postId = await createPost(page)
  await openScheduleForm(page, postId)
  await page.screenshot({ path: info.outputPath('agendamento-390.png'), fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.goto('/agendar-posts?visao=semana')
  await page.screenshot({ path: info.outputPath('agenda-390.png'), fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
