// The toast cookie's Secure follows the request: an https request gets it even where the
// environment's default (production) would not set it.
import { RouterContextProvider } from 'react-router'
import { expect, test } from 'vitest'
import { envContext } from '~/context'
import { parseEnv } from '~/env.server'
import { redirectWithToast } from '~/utils/toast.server'
import { toastMiddleware } from './toast.server'

async function flashed(url: string) {
  const context = new RouterContextProvider()
  context.set(envContext, parseEnv({ NODE_ENV: 'test', DATA_DIR: '/tmp/vitrine-toast-test' }))
  const next = async () =>
    redirectWithToast(
      '/imoveis',
      { type: 'success', title: 'Imóvel salvo', description: 'Tudo certo.' },
      {
        headers: { 'Set-Cookie': 'other=1; Path=/' },
      },
    )
  const response = (await toastMiddleware(
    { request: new Request(url), context, params: {} } as never,
    next as never,
  )) as Response
  return response.headers.getSetCookie()
}

test('over https the toast cookie is Secure; over plain http in development it is not; other cookies untouched', async () => {
  const https = await flashed('https://vitrine.example/imoveis/novo')
  expect(https.find((c) => c.startsWith('vitrine_toast='))).toMatch(/;\s*Secure/i)
  expect(https.find((c) => c.startsWith('other='))).toBe('other=1; Path=/')
  const http = await flashed('http://localhost:3000/imoveis/novo')
  expect(http.find((c) => c.startsWith('vitrine_toast='))).not.toMatch(/secure/i)
})
