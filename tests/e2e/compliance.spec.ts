// What the law asks before a property's ads go out (issue 65), as an agent meets it: a piece of a
// property without the owner's authorisation is refused on the scheduling form with the reason;
// an authorisation that already lapsed is named with its date; a launch without its registration
// number is refused; the property's "Documentação" page takes the signed document (a PDF, as a
// plain multipart form) and the registration, and then the piece is scheduled and goes out once.
// The pause of what was scheduled when an authorisation lapses is read by the real worker in
// tests/integration/home-authorizations.test.ts (it needs the clock past the end date). @nojs.
import type { Page } from '@playwright/test'
import { expect, subscribe, test } from './fixtures'
import { createHome, dayFromToday, ITAIM_APARTMENT, SIGNED_PDF } from './support/homes'
import { saoPauloIn } from './support/sao-paulo'

/** A "Post de venda para o feed" of the property, by the template's form. */
async function salePost(page: Page, homeName: RegExp): Promise<number> {
  await page.goto('/modelos')
  await page
    .getByRole('link', { name: /Post de venda para o feed/ })
    .first()
    .click()
  const picker = page.getByLabel('Imóvel')
  const value = await picker.locator('option').filter({ hasText: homeName }).getAttribute('value')
  await picker.selectOption(value!)
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/, { timeout: 60_000 })
  return Number(new URL(page.url()).searchParams.get('post'))
}

async function trySchedule(page: Page, postId: number, minutes = 60 * 24 * 2) {
  await page.goto(`/agendar-posts/agendamento?post=${postId}`)
  const at = saoPauloIn(minutes)
  await page.getByLabel('Data').fill(at.date)
  await page.getByLabel('Horário (Brasília)').fill(at.time)
  await page.getByRole('button', { name: 'Agendar' }).click()
}

async function addAuthorization(page: Page, startsOn: string, endsOn: string) {
  const form = page.getByRole('form', { name: 'Nova autorização' })
  await form.getByLabel('Nome do proprietário').fill('Maria Proprietária da Silva')
  await form.getByLabel('Vale desde').fill(startsOn)
  await form.getByLabel('Vale até').fill(endsOn)
  await form.getByRole('checkbox', { name: 'Com exclusividade' }).check()
  await form.getByLabel('Documento assinado').setInputFiles({
    name: 'autorizacao-assinada.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(SIGNED_PDF),
  })
  await form.getByRole('button', { name: 'Salvar autorização' }).click()
  await expect(page.getByText('Autorização salva')).toBeVisible()
}

const dayLabel = (day: string) => day.split('-').reverse().join('/')

test('without the owner’s authorisation a piece is not scheduled; with it on the Documentação page it goes out once @nojs', async ({
  signedInPage: page,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000)
  await subscribe(page.request)
  const homeId = await createHome(page.request, ITAIM_APARTMENT, { photos: 2, authorized: false })
  const postId = await salePost(page, /Itaim Bibi/)

  // The form says it before anything is typed, and refuses it when sent, beside the piece.
  await page.goto(`/agendar-posts/agendamento?post=${postId}`)
  const missing = 'Falta a autorização do proprietário para anunciar este imóvel.'
  await expect(page.getByRole('alert').filter({ hasText: missing })).toBeVisible()
  await trySchedule(page, postId)
  await expect(page.getByRole('alert').filter({ hasText: missing })).toBeVisible()
  await page.goto('/agendar-posts')
  await expect(page.getByRole('region', { name: 'Próximas (0)' })).toBeVisible()

  // The property's page says what is missing and leads to its documentation.
  await page.goto(`/imoveis/${homeId}`)
  await expect(page.getByText(missing)).toBeVisible()
  await page.getByRole('link', { name: 'Documentação do imóvel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Documentação' })).toBeVisible()

  // A bad form keeps what was typed, each message beside its field.
  const form = page.getByRole('form', { name: 'Nova autorização' })
  await form.getByLabel('Nome do proprietário').fill('Maria Proprietária da Silva')
  await form.getByLabel('Vale desde').fill(dayFromToday(10))
  await form.getByLabel('Vale até').fill(dayFromToday(5))
  await form.getByRole('button', { name: 'Salvar autorização' }).click()
  await expect(form.getByLabel('Vale até')).toHaveAccessibleDescription('A validade termina antes do início.')
  await expect(form.getByLabel('Documento assinado')).toHaveAccessibleDescription(
    /Envie o documento assinado \(PDF ou foto\)\./,
  )
  await expect(form.getByLabel('Nome do proprietário')).toHaveValue('Maria Proprietária da Silva')

  // An authorisation that ended yesterday is kept, and named with its date.
  const yesterday = dayFromToday(-1)
  await addAuthorization(page, dayFromToday(-90), yesterday)
  const lapsed = `A autorização deste imóvel venceu em ${dayLabel(yesterday)}.`
  await expect(page.getByRole('alert').filter({ hasText: lapsed })).toBeVisible()
  await trySchedule(page, postId)
  await expect(page.getByRole('alert').filter({ hasText: lapsed })).toBeVisible()

  // A valid one lets it through; the document opens for the account.
  await page.goto(`/imoveis/${homeId}/documentacao`)
  await addAuthorization(page, dayFromToday(-1), dayFromToday(180))
  await expect(
    page.getByText('Documentação em dia: as peças deste imóvel podem ser agendadas e publicadas.'),
  ).toBeVisible()
  const documents = page
    .getByRole('list', { name: 'Autorizações' })
    .getByRole('link', { name: 'Ver documento assinado' })
  await expect(documents).toHaveCount(2)
  const pdf = await page.request.get((await documents.first().getAttribute('href'))!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  await trySchedule(page, postId, 2)
  await expect(page.getByText('Publicação agendada')).toBeVisible()
  // Publishing at its time is the server's work, the same with JavaScript off: the JavaScript run
  // waits the minutes for it, the other has checked the forms.
  if (!javaScriptEnabled) return
  const sent = page.getByRole('region', { name: 'Na caixa de saída (1)' }).getByRole('listitem')
  await expect(async () => {
    await page.goto('/agendar-posts')
    await expect(sent).toHaveCount(1)
  }).toPass({ timeout: 180_000, intervals: [5_000] })
})

test('a launch without its registration number (R.I.) is refused for scheduling until the number is given @nojs', async ({
  signedInPage: page,
}) => {
  test.setTimeout(180_000)
  await subscribe(page.request)
  const launch = { ...ITAIM_APARTMENT, stage: 'launch' as const, name: 'Lançamento no Itaim Bibi' }
  const homeId = await createHome(page.request, launch, { photos: 1, authorized: false })
  await page.goto(`/imoveis/${homeId}/documentacao`)
  await addAuthorization(page, dayFromToday(-1), dayFromToday(365))
  const postId = await salePost(page, /Lançamento no Itaim/)

  const noRegistry = 'Lançamento sem o número do registro de incorporação (R.I.).'
  await trySchedule(page, postId)
  await expect(page.getByRole('alert').filter({ hasText: noRegistry })).toBeVisible()

  await page.goto(`/imoveis/${homeId}/documentacao`)
  const registry = page.getByRole('form', { name: 'Registro de incorporação' })
  await registry.getByRole('button', { name: 'Salvar registro' }).click()
  await expect(registry.getByLabel('Número do registro (R.I.)')).toHaveAccessibleDescription(
    /Informe o número do registro de incorporação \(R\.I\.\)\./,
  )
  await registry.getByLabel('Número do registro (R.I.)').fill('R.5 da matrícula 123.456 do 4º RI de São Paulo')
  await registry.getByLabel('Incorporadora').fill('Construtora Exemplo')
  await registry.getByRole('button', { name: 'Salvar registro' }).click()
  await expect(page.getByText('Registro de incorporação salvo')).toBeVisible()

  await trySchedule(page, postId)
  await expect(page.getByText('Publicação agendada')).toBeVisible()
})
