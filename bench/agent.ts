// A signed-in agent with properties, made through the app's own HTTP interface (the built-in
// auth API's admin endpoint and the property form), for the bench scripts.
import { createApiKeys } from '../server/auth-api/jwt'

export async function signedInAgent(baseUrl: string, secret: string, email = `bench-${Date.now()}@vitrine.test`) {
  const password = 'bench-password-123'
  const { serviceRoleKey } = await createApiKeys(secret)
  const created = await fetch(`${baseUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { full_name: 'Bench Corretora' } }),
  })
  if (!created.ok) throw new Error(`admin/users: ${created.status} ${await created.text()}`)
  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  })
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ')
  if (login.status !== 302 || !cookie.includes('auth-token')) throw new Error(`login: ${login.status}`)
  return { email, cookie }
}

/**
 * The property form's answer was the new property's page. Over the plan's limit it answers 302
 * too, back to /imoveis/novo (the free plan keeps 3: `subscribe()` first).
 */
export function expectNewProperty(response: Response, what: string) {
  const location = response.headers.get('location') ?? ''
  if (response.status !== 302 || !/^\/imoveis\/\d+$/.test(location))
    throw new Error(`${what}: ${response.status} ${location}`)
}

/** The agent's plan through the demo checkout: Imobiliária has no property limit (the free plan keeps 3). */
export async function subscribe(baseUrl: string, cookie: string, lookupKey = 'imobiliaria_mensal') {
  const paid = await fetch(`${baseUrl}/plano/pagamento-demo`, {
    method: 'POST',
    body: new URLSearchParams({ lookupKey }),
    headers: { cookie },
    redirect: 'manual',
  })
  if (paid.status !== 302) throw new Error(`demo checkout: ${paid.status}`)
}

const places = [
  ['São Paulo', 'SP', 'Pinheiros'],
  ['Rio de Janeiro', 'RJ', 'Botafogo'],
  ['Belo Horizonte', 'MG', 'Savassi'],
  ['Curitiba', 'PR', 'Batel'],
] as const

/** Creates `count` properties through the property form, each with the photos `photo(i)` returns. */
export async function createHomes(
  baseUrl: string,
  cookie: string,
  count: number,
  photo: (i: number) => Promise<Uint8Array>,
) {
  for (let i = 0; i < count; i++) {
    const [city, state, neighborhood] = places[i % places.length]!
    const form = new FormData()
    form.set('status', i % 3 === 0 ? 'rent' : 'sale')
    form.set('category', ['apartment', 'house', 'penthouse', 'studio'][i % 4]!)
    form.set('name', `Imóvel ${i + 1}: apartamento com varanda em ${neighborhood}`)
    form.set('price', `R$ ${(450 + i * 37).toLocaleString('pt-BR')}.000,00`)
    form.set('area', String(45 + i * 7))
    form.set('bedrooms', String(1 + (i % 4)))
    form.set('zipcode', '01310-100')
    form.set('neighborhood', neighborhood)
    form.set('city', city)
    form.set('state', state)
    form.append(
      'gallery_files',
      new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }),
      `foto-${i + 1}.jpg`,
    )
    const response = await fetch(`${baseUrl}/imoveis/novo`, {
      method: 'POST',
      body: form,
      headers: { cookie },
      redirect: 'manual',
    })
    expectNewProperty(response, `create home ${i + 1} of ${count}`)
  }
}
