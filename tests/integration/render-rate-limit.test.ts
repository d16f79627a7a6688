// The render endpoints answer 429 (pt-BR) past the per-IP limit; other pages are not counted.
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, expect, test } from 'vitest'
import { renderRateLimit } from '../../server/render-rate-limit'

const app = express()
app.use(renderRateLimit({ disabled: false, limit: 3 }))
app.use((_req, res) => void res.send('ok'))
const server = app.listen(0, '127.0.0.1')
const listening = new Promise((resolve) => server.once('listening', resolve))
afterAll(() => new Promise((resolve) => server.close(resolve)))

test('the fourth render request of an address in a minute is refused, pages are not counted', async () => {
  await listening
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (let i = 0; i < 5; i++) expect((await fetch(`${base}/imoveis`)).status).toBe(200)
  const id = 'a'.repeat(40)
  for (const path of [`/posts/${id}`, `/imagens/post/${id}?slide=0`, `/posts/${id}/carrossel`])
    expect((await fetch(`${base}${path}`)).status).toBe(200)
  const refused = await fetch(`${base}/posts/${id}/baixar`)
  expect(refused.status).toBe(429)
  expect(await refused.text()).toMatch(/Tente de novo em um minuto/)
})

test('the share images of the public pages and the brand preview are render routes; the pages are not', async () => {
  const { RENDER_PATHS } = await import('../../server/render-rate-limit')
  for (const path of [
    '/c/ana-souza/capa.jpg',
    '/c/ana-souza/casa-no-campeche-12/capa.jpg',
    '/minha-conta/marca/previa',
  ])
    expect(RENDER_PATHS.test(path), path).toBe(true)
  for (const path of ['/c/ana-souza', '/c/ana-souza/casa-no-campeche-12', '/minha-conta/marca'])
    expect(RENDER_PATHS.test(path), path).toBe(false)
})
