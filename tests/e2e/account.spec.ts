// /minha-conta/*: profile, brand (live preview), security sessions, data export and account
// deletion. Each test makes its own account.
import JSZip from 'jszip'
import sharp from 'sharp'
import { createUser, expect, login, readMailbox, test } from './fixtures'

/** A square logo on a flat white background: a green block and a gold block. */
function logoPng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#ffffff"/><circle cx="100" cy="100" r="70" fill="#0B6E4F"/><rect x="80" y="80" width="40" height="40" fill="#F2C14E"/></svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

test('the account area has one navigation for every section, and an unknown section is a 404 @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/minha-conta')
  await expect(page).toHaveURL(/\/minha-conta\/perfil$/)
  const nav = page.getByRole('navigation', { name: 'Minha conta' })
  for (const [name, path] of [
    ['Segurança', 'seguranca'],
    ['Plano', 'plano'],
    ['Marca', 'marca'],
    ['Dados fiscais', 'dados-fiscais'],
    ['Privacidade', 'privacidade'],
    ['Perfil', 'perfil'],
  ]) {
    await nav.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`/minha-conta/${path}$`))
    await expect(nav.getByRole('link', { name })).toHaveAttribute('aria-current', 'page')
  }
  const response = await page.goto('/minha-conta/nao-existe/mesmo')
  expect(response?.status()).toBe(404)
})

test('profile: name and phone saved, a bad phone refused with the typed values kept, photo sent @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/minha-conta/perfil')
  await page.getByLabel('Nome completo').fill('Beatriz Lima')
  await page.getByLabel('Telefone').fill('123')
  await page.getByRole('button', { name: 'Salvar perfil' }).click()
  await expect(page.getByText('Telefone inválido')).toBeVisible()
  await expect(page.getByLabel('Nome completo')).toHaveValue('Beatriz Lima')
  await page.getByLabel('Telefone').fill('(21) 99876-5432')
  await page.getByRole('button', { name: 'Salvar perfil' }).click()
  await expect(page.getByRole('status')).toContainText('Perfil salvo')
  await expect(page.getByLabel('Nome completo')).toHaveValue('Beatriz Lima')
  await expect(page.getByLabel('Telefone')).toHaveValue('(21) 99876-5432')

  await page.getByLabel('Nova foto').setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: await logoPng() })
  await page.getByRole('button', { name: 'Enviar foto' }).click()
  await expect(page.getByRole('status')).toContainText('Foto atualizada')
  await expect(page.getByRole('img', { name: 'Sua foto de perfil' })).toBeVisible()
})

test('profile: the e-mail changes only after the link sent to the new address is opened @nojs', async ({
  signedInPage: page,
  user,
}) => {
  const newEmail = user.email.replace('corretora-', 'novo-')
  await page.goto('/minha-conta/perfil')
  await page.getByLabel('Novo e-mail').fill(newEmail)
  await page.getByRole('button', { name: 'Alterar e-mail' }).click()
  await expect(page.getByRole('status')).toContainText('Confirme o novo e-mail')
  await expect(page.getByText(`E-mail atual: ${user.email}`)).toBeVisible()

  const link = await readMailbox(page, newEmail, (mailbox) =>
    mailbox
      .getByRole('article', { name: `Confirme seu novo e-mail para ${newEmail}` })
      .getByRole('link', { name: 'Confirmar novo e-mail' })
      .getAttribute('href'),
  )
  await page.goto(link!)
  await expect(page).toHaveURL(/\/minha-conta\/perfil$/)
  await expect(page.getByText(`E-mail atual: ${newEmail}`)).toBeVisible()
})

test('brand: a logo on white loses its background, colours are suggested, the preview is a real post cover @nojs', async ({
  signedInPage: page,
}) => {
  await page.goto('/minha-conta/marca')
  const preview = page.getByRole('img', { name: 'Prévia de um post com a sua marca' })
  await expect(preview).toBeVisible()
  await page.getByLabel('Logotipo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() })
  await page.getByLabel('CRECI').fill('12345-F')
  await page.getByLabel('Instagram').fill('@bia.imoveis')
  await page.getByLabel('WhatsApp').fill('123')
  await page.getByRole('button', { name: 'Salvar marca' }).click()
  await expect(page.getByText('Informe o número com DDD (10 ou 11 dígitos)')).toBeVisible()
  await expect(page.getByLabel('CRECI')).toHaveValue('12345-F')

  await page.getByLabel('Logotipo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() })
  await page.getByLabel('WhatsApp').fill('(11) 98765-4321')
  await page.getByLabel('Playfair Display').check()
  await page.getByRole('button', { name: 'Salvar marca' }).click()
  // The save removes the logo's background and draws the preview cover: seconds on a busy machine.
  await expect(page.getByRole('status')).toContainText('Removemos o fundo liso do logotipo.', { timeout: 30_000 })
  await expect(page.getByText('#0B6E4F')).toBeVisible()
  await page.getByRole('button', { name: 'Usar as cores do logotipo' }).click()
  await expect(page.getByRole('status')).toContainText('Marca salva')
  await expect(page.getByLabel('Cor principal')).toHaveValue('#0b6e4f')

  const logo = page.getByRole('img', { name: 'Logotipo atual' })
  const logoBytes = await (await page.request.get((await logo.getAttribute('src'))!)).body()
  const { data, info } = await sharp(logoBytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  expect(data[info.width * 4 * Math.floor(info.height / 2) + 3]).toBeGreaterThan(0)
  expect((await sharp(logoBytes).stats()).isOpaque).toBe(false)

  const src = (await preview.getAttribute('src'))!
  const image = await page.request.get(src)
  expect(image.headers()['content-type']).toBe('image/jpeg')
  const cover = await sharp(await image.body())
    .raw()
    .toBuffer({ resolveWithObject: true })
  expect([cover.info.width, cover.info.height]).toEqual([1080, 1080])
})

test('brand: with JavaScript the preview follows the colours being picked', async ({ signedInPage: page }) => {
  await page.goto('/minha-conta/marca')
  const preview = page.getByRole('img', { name: 'Prévia de um post com a sua marca' })
  await page.getByLabel('Cor principal').fill('#aa0000')
  await expect(preview).toHaveAttribute('src', /primary_color=%23aa0000/)
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1080)
})

test('security: the sessions list, and signing out of the other devices @nojs', async ({
  signedInPage: page,
  user,
  browser,
}) => {
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await login(otherPage, user)
  await page.goto('/minha-conta/seguranca')
  const devices = page.getByRole('list', { name: 'Dispositivos conectados' })
  await expect(devices.getByRole('listitem')).toHaveCount(2)
  await expect(devices.getByText('Este dispositivo')).toHaveCount(1)
  await page.getByRole('button', { name: 'Sair dos outros dispositivos' }).click()
  await expect(page.getByRole('status')).toContainText('Você saiu dos outros dispositivos')
  await expect(devices.getByRole('listitem')).toHaveCount(1)
  await otherPage.goto('/minha-conta/seguranca')
  await expect(otherPage).toHaveURL(/\/login\?/)
  await other.close()
})

test('privacy: the data export is a zip with my rows and nothing of another account @nojs', async ({
  signedInPage: page,
  user,
  request,
}) => {
  const someoneElse = await createUser(request, { full_name: 'Outra Pessoa' })
  await page.goto('/minha-conta/privacidade')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Baixar meus dados (.zip)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^meus-dados-vitrine-\d{4}-\d{2}-\d{2}\.zip$/)
  const zip = await JSZip.loadAsync(
    await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks)),
  )
  const json = JSON.parse(await zip.file('dados.json')!.async('string'))
  expect(json.tables.users[0]).toMatchObject({ id: user.id, email: user.email })
  expect(JSON.stringify(json)).not.toContain(someoneElse.id!)
})

test('privacy: deleting the account asks for the password, then nothing is left to sign in to @nojs', async ({
  signedInPage: page,
  user,
}) => {
  await page.goto('/minha-conta/privacidade')
  await page.getByLabel('Sua senha').fill('senha-errada')
  await page.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR')
  await page.getByRole('button', { name: 'Excluir minha conta' }).click()
  await expect(page.getByText('Senha incorreta')).toBeVisible()

  await page.getByLabel('Sua senha').fill(user.password)
  await page.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR')
  await page.getByRole('button', { name: 'Excluir minha conta' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('status')).toContainText('Conta excluída')
  await page.getByLabel('E-mail').fill(user.email)
  await page.getByLabel('Senha').fill(user.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Usuário ou senha inválidos')
})
