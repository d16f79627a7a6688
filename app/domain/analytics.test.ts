import { expect, test } from 'vitest'
import { pageviewPath, PAGEVIEW_QUERY_ALLOW_LIST, sanitizeEventUrls } from './analytics'

const origin = 'https://vitrine.example'

test('a page view keeps the path and only allow-listed query parameters', () => {
  expect(pageviewPath('/termos-de-uso', '?origem=anuncio')).toBe('/termos-de-uso?origem=anuncio')
  expect(pageviewPath('/imoveis', '?pagina=2&q=ana%40mail.com&utm_source=ig')).toBe('/imoveis?pagina=2&utm_source=ig')
  expect(pageviewPath('/modelos', '?token=abc&email=ana@x.com')).toBe('/modelos')
  expect(PAGEVIEW_QUERY_ALLOW_LIST).not.toContain('token')
})

test('nothing of an auth route query string leaves, allow-listed or not', () => {
  for (const [path, query] of [
    ['/redefinir-senha', '?token_hash=pkce_123&type=recovery&origem=email'],
    ['/confirm', '?code=abc&next=/&pagina=1'],
    ['/definir-senha', '?token=xyz'],
    ['/login', '?redirectTo=%2Fimoveis%3Ftoken%3D1&origem=x'],
    ['/registrar', '?lookupKey=pro&email=a@b.c'],
    ['/esqueci-a-senha', '?email=a@b.c'],
    ['/login/verificacao', '?factor=1'],
  ])
    expect(pageviewPath(path!, query!), path).toBe(path)
})

test('every URL the SDK adds by itself is cut the same way', () => {
  const cleaned = sanitizeEventUrls(
    {
      $current_url: `${origin}/redefinir-senha?token_hash=segredo#access_token=t`,
      $referrer: `${origin}/confirm?code=segredo`,
      $initial_current_url: `${origin}/imoveis?pagina=3&q=segredo`,
      $pathname: '/redefinir-senha',
      $session_entry_url: 'https://mail.example/inbox?id=segredo',
      other: 'kept?token=as-is',
    },
    origin,
  )!
  expect(JSON.stringify(cleaned)).not.toMatch(/segredo|access_token/)
  expect(cleaned.$current_url).toBe(`${origin}/redefinir-senha`)
  expect(cleaned.$initial_current_url).toBe(`${origin}/imoveis?pagina=3`)
  expect(cleaned.$session_entry_url).toBe('https://mail.example')
  expect(cleaned.other).toBe('kept?token=as-is')
  expect(sanitizeEventUrls({ $referrer: '$direct' }, origin)!.$referrer).toBe('$direct')
})
