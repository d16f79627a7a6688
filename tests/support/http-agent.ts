// A person using the app over plain HTTP (no browser): an account made through the built-in auth
// API's admin endpoint, signed in through the login form, then pages and forms with its cookies.
// Used by the authorization matrix, the form fuzzer (tests/e2e) and bench/load.ts.
import { createApiKeys } from '../../server/auth-api/jwt'

export type HttpAgent = {
  base: string
  email: string
  cookie: string
  /** A request with this agent's cookies and a same-origin Origin header; redirects not followed. */
  fetch(path: string, init?: RequestInit): Promise<Response>
}

let sequence = 0

export async function createAccount(base: string, jwtSecret: string, prefix = 'agente') {
  sequence += 1
  const email = `${prefix}-${Date.now().toString(36)}-${process.pid}-${sequence}@example.com`
  const password = `senha-${email.length}-${sequence}-segura`
  const { serviceRoleKey } = await createApiKeys(jwtSecret)
  const created = await fetch(`${base}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      email_confirm: true,
      user_metadata: { full_name: 'Ana Corretora', phone: '(11) 98765-4321' },
    }),
  })
  if (!created.ok) throw new Error(`admin/users: ${created.status} ${await created.text()}`)
  return { email, password }
}

export function anonymousAgent(base: string): HttpAgent {
  return agentWith(base, '', '')
}

function agentWith(base: string, email: string, cookie: string): HttpAgent {
  return {
    base,
    email,
    cookie,
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers)
      if (cookie) headers.set('cookie', cookie)
      if (!headers.has('origin')) headers.set('origin', base)
      return fetch(`${base}${path}`, { redirect: 'manual', ...init, headers })
    },
  }
}

export async function signIn(base: string, account: { email: string; password: string }): Promise<HttpAgent> {
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams(account),
    headers: { origin: base },
    redirect: 'manual',
  })
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ')
  if (login.status !== 302 || !cookie.includes('auth-token')) throw new Error(`login ${account.email}: ${login.status}`)
  return agentWith(base, account.email, cookie)
}

export async function newSignedInAgent(base: string, jwtSecret: string, prefix?: string) {
  return signIn(base, await createAccount(base, jwtSecret, prefix))
}

/** The property form's required fields, filled; `overrides` replace or add fields. */
export function homeForm(name: string, overrides: Record<string, string> = {}): FormData {
  const form = new FormData()
  const values: Record<string, string> = {
    status: 'sale',
    category: 'apartment',
    name,
    price: 'R$ 650.000,00',
    area: '72',
    bedrooms: '2',
    zipcode: '01310-100',
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    ...overrides,
  }
  for (const [key, value] of Object.entries(values)) form.set(key, value)
  return form
}

/** Creates a property through the form; returns its id (from the redirect to /imoveis/:id or the list). */
export async function createHome(agent: HttpAgent, name: string): Promise<number> {
  const response = await agent.fetch('/imoveis/novo', { method: 'POST', body: homeForm(name) })
  if (response.status !== 302)
    throw new Error(`create home: ${response.status} ${(await response.text()).slice(0, 300)}`)
  const ids = await homeIds(agent)
  if (!ids.length) throw new Error('create home: not listed')
  return Math.max(...ids)
}

/** The ids of the agent's properties, as linked from /imoveis (first page). */
export async function homeIds(agent: HttpAgent): Promise<number[]> {
  const html = await (await agent.fetch('/imoveis')).text()
  return [...new Set([...html.matchAll(/href="\/imoveis\/(\d+)"/g)].map((m) => Number(m[1])))]
}

/** The template ids /modelos links to. */
export async function templateIds(agent: HttpAgent): Promise<number[]> {
  const html = await (await agent.fetch('/modelos')).text()
  return [...new Set([...html.matchAll(/href="\/modelos\/(\d+)"/g)].map((m) => Number(m[1])))]
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * The template form as a browser would send it untouched: inputs with their values, checked boxes
 * and radios, each select's chosen option (the first real one when none is), textareas. Without
 * JavaScript no field is skipped; hidden conditional fields are not in the page.
 */
export async function templateFormValues(agent: HttpAgent, templateId: number): Promise<URLSearchParams> {
  const html = await (await agent.fetch(`/modelos/${templateId}`)).text()
  const start = html.indexOf(`action="/modelos/${templateId}" method="post"`)
  if (start < 0) throw new Error(`no form on /modelos/${templateId}`)
  const form = html.slice(start, html.indexOf('</form>', start))
  const values = new URLSearchParams()
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, 'name')
    const type = attr(tag, 'type') ?? 'text'
    if (!name || type === 'file' || type === 'submit' || /\sdisabled=/.test(tag)) continue
    if ((type === 'checkbox' || type === 'radio') && !/\schecked=/.test(tag)) continue
    values.append(name, unescapeHtml(attr(tag, 'value') ?? (type === 'checkbox' ? 'on' : '')))
  }
  for (const [, open, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attr(open!, 'name')
    const all = [...options!.matchAll(/<option\b[^>]*>/g)].map(([tag]) => ({
      value: attr(tag, 'value') ?? '',
      selected: /\sselected=/.test(tag),
    }))
    const chosen = all.find((o) => o.selected) ?? all.find((o) => o.value)
    if (name && chosen) values.append(name, unescapeHtml(chosen.value))
  }
  for (const [, open, text] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attr(open!, 'name')
    if (name) values.append(name, unescapeHtml(text!))
  }
  return values
}

/**
 * Generates a post from a template for a property, sending the form as the page fills it
 * (`values`, else read from the page); returns the result page's post id.
 */
export async function generatePost(agent: HttpAgent, templateId: number, homeId: number, values?: URLSearchParams) {
  const body = new URLSearchParams(values ?? (await templateFormValues(agent, templateId)))
  body.set('home_id', String(homeId))
  body.set('_intent', 'generate')
  const response = await agent.fetch(`/modelos/${templateId}`, { method: 'POST', body })
  const location = response.headers.get('location') ?? ''
  const match = /[?&]post=(\d+)/.exec(location)
  if (response.status !== 302 || !match) throw new Error(`generate: ${response.status} ${location}`)
  return Number(match[1])
}

/** The public id the result page links to ("Ver post"). */
export async function publicIdOf(agent: HttpAgent, templateId: number, postId: number): Promise<string> {
  const html = await (await agent.fetch(`/modelos/${templateId}?post=${postId}`)).text()
  const match = /href="\/posts\/([0-9a-f]{40})"/.exec(html)
  if (!match) throw new Error('no public link on the result page')
  return match[1]!
}
