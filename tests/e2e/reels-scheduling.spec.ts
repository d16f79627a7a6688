// Reels publish like posts (ADR 263). A post scheduled from its form and a property
// video scheduled as a Reel from its page sit side by side on /agendar-posts, in time order, in the
// list and in the week calendar; the Reel is named as a Reel of its property and opens its video.
// The video is a short one without narration (the e2e budget); @nojs: also with JavaScript off.
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, subscribe, test } from './fixtures'
import { createHome, dayFromToday, ITAIM_APARTMENT } from './support/homes'

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

/** E2E_SCREENSHOTS=dir: the page at 390 px wide, to look at (not a check). */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS
  if (!dir) return
  const size = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })
  if (size) await page.setViewportSize(size)
}

test('a Reel scheduled from its video shows on /agendar-posts beside the posts @nojs', async ({
  signedInPage: page,
}) => {
  test.setTimeout(300_000)
  await subscribe(page.request)

  // A post, scheduled for three days ahead at 18:30.
  const postId = await createPost(page)
  await page.goto(`/agendar-posts/agendamento?post=${postId}`)
  const postDay = dayFromToday(3)
  await page.getByLabel('Data').fill(postDay)
  await page.getByLabel('Horário (Brasília)').fill('18:30')
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText('Publicação agendada')).toBeVisible()

  // A property video, scheduled as a Reel for two days ahead at 09:15.
  const homeId = await createHome(page.request, ITAIM_APARTMENT, { photos: 3 })
  await page.goto(`/imoveis/${homeId}/video`)
  await page.getByLabel('Duração').selectOption('15')
  await page.getByRole('checkbox', { name: 'Com narração e legendas' }).uncheck()
  await page.getByRole('button', { name: 'Gerar vídeo' }).click()
  await expect(page.getByRole('heading', { name: 'Agendar como Reel' })).toBeVisible({ timeout: 240_000 })
  const reelDay = dayFromToday(2)
  await page.getByLabel('Data').fill(reelDay)
  await page.getByLabel('Hora').fill('09:15')
  await page.getByLabel('Legenda do Reel').fill('Apartamento no Itaim, pronto para morar #imoveis')
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText('Reel agendado', { exact: true })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Reel agendado.' })).toBeVisible()
  await page.getByRole('link', { name: 'Ver em Agendar posts' }).click()

  // Side by side in "Próximas", in time order: the Reel first (two days), then the post (three).
  await expect(page).toHaveURL(/\/agendar-posts#publicacao-\d+$/)
  const upcoming = page.getByRole('region', { name: /Próximas/ }).getByRole('listitem')
  await expect(upcoming).toHaveCount(2)
  const [ry, rm, rd] = reelDay.split('-')
  const [py, pm, pd] = postDay.split('-')
  const reel = upcoming.first()
  await expect(reel).toContainText(`${rd}/${rm}/${ry}, 09:15`)
  await expect(reel).toContainText(`Reel — ${ITAIM_APARTMENT.name} · Caixa de saída local · Reel (vídeo)`)
  await expect(reel).toContainText('Apartamento no Itaim, pronto para morar #imoveis')
  await expect(reel).toContainText('Agendada')
  await expect(reel.getByRole('link', { name: /^Ver vídeo/ })).toBeVisible()
  await expect(reel.getByRole('link', { name: /^Editar imagens/ })).toHaveCount(0)
  const post = upcoming.nth(1)
  await expect(post).toContainText(`${pd}/${pm}/${py}, 18:30`)
  await expect(post).toContainText('Datas comemorativas · Caixa de saída local')
  await expect(post.getByRole('link', { name: /^Editar imagens/ })).toBeVisible()

  await shoot(page, 'agendar-posts-with-reel')

  // The month's calendar holds both.
  await page.goto(`/agendar-posts?visao=mes&data=${reelDay}`)
  const calendar = page.getByRole('list', { name: 'Calendário' })
  await expect(calendar.getByText('09:15')).toBeVisible()
  await expect(calendar.getByRole('link', { name: /09:15 Reel · Caixa de saída local/ })).toBeVisible()
  if (reelDay.slice(0, 7) === postDay.slice(0, 7)) await expect(calendar.getByText('18:30')).toBeVisible()

  // The Reel's "Ver vídeo" opens its video, which says where it stands.
  await page.goto('/agendar-posts')
  await page
    .getByRole('region', { name: /Próximas/ })
    .getByRole('link', { name: /^Ver vídeo/ })
    .click()
  await expect(page).toHaveURL(/\/videos\/\d+$/)
  await expect(page.getByRole('status').filter({ hasText: 'Reel agendado.' })).toBeVisible()
})
