// A local Stripe API: a real HTTP server the real `stripe` library talks to through its
// host/port/protocol options (STRIPE_API_URL). It keeps prices (the catalogue's, by lookup
// key), customers with tax ids, checkout sessions, subscriptions and portal sessions, answers
// in Stripe's shapes and errors, and can be told to fail. `completeCheckout` plays the
// customer paying; `event` builds the webhook event Stripe would send. For end-to-end tests it
// also serves the hosted checkout (/c/pay/:id, a "Pagar" form that sends the signed
// checkout.session.completed to the app, then goes to success_url) and the portal (/p/session/:id).
import { createServer, type IncomingMessage } from 'node:http'
import Stripe from 'stripe'
import type { AddressInfo } from 'node:net'
import { PLANS, PLAN_PERIODS } from '../../app/domain/billing'

type Json = Record<string, unknown>

/** `a[b][0][c]=1` form/query text → nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(text: string): Json {
  const root: Json = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
    let node: Record<string, unknown> | unknown[] = root
    path.forEach((part, i) => {
      const last = i === path.length - 1
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!)
      const slot = Array.isArray(node) ? Number(part) : part
      const container = node as Record<string | number, unknown>
      if (last) container[slot] = value
      else {
        container[slot] ??= nextIsIndex ? [] : {}
        node = container[slot] as Record<string, unknown> | unknown[]
      }
    })
  }
  return root
}

export type StripeRequest = { method: string; path: string; params: Json; idempotencyKey: string | null }

type Failure = { status: number; type: string; message: string; times: number }

export async function startMockStripe() {
  let sequence = 0
  const nextId = (prefix: string) => `${prefix}_${(++sequence).toString(36).padStart(8, '0')}`
  const now = () => Math.floor(Date.now() / 1000)
  const requests: StripeRequest[] = []
  const failures = new Map<string, Failure>()
  /** Endpoints that do their work and then never answer, so many times (time-outs, ADR 145). */
  const hangs = new Map<string, number>()
  const prices = new Map<string, Json>()
  const customers = new Map<string, Json & { tax_ids: Json[] }>()
  const sessions = new Map<string, Json>()
  const subscriptions = new Map<string, Json>()
  const idempotent = new Map<string, Json>()
  const portalReturns = new Map<string, string>()
  /** Hosted-page addresses given out as session.url; null to play a session without one. */
  let hostedUrls = true

  for (const plan of PLANS)
    for (const period of PLAN_PERIODS) {
      const local = plan.prices[period]
      const id = `price_${local.lookupKey}`
      prices.set(id, {
        id,
        object: 'price',
        active: true,
        currency: 'brl',
        lookup_key: local.lookupKey,
        unit_amount: local.unitAmount,
        recurring: { interval: local.interval, interval_count: 1 },
        product: `prod_${plan.id}`,
        type: 'recurring',
      })
    }

  const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url })
  const stripeError = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  })

  function subscriptionFor(customer: string, priceId: string, metadata: Json) {
    const price = prices.get(priceId)!
    const start = now()
    const end = start + ((price.recurring as Json).interval === 'year' ? 365 : 30) * 24 * 60 * 60
    const subscription: Json = {
      id: nextId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      created: start,
      metadata,
      items: list(
        [
          {
            id: nextId('si'),
            object: 'subscription_item',
            price,
            current_period_start: start,
            current_period_end: end,
          },
        ],
        '/v1/subscription_items',
      ),
    }
    subscriptions.set(subscription.id as string, subscription)
    return subscription
  }

  function route(
    method: string,
    path: string,
    params: Json,
    idempotencyKey: string | null,
  ): { status: number; body: unknown } {
    let match: RegExpExecArray | null
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? []
      return {
        status: 200,
        body: list(
          [...prices.values()].filter((p) => keys.includes(p.lookup_key as string) && p.active),
          '/v1/prices',
        ),
      }
    }
    if (method === 'POST' && path === '/v1/customers') {
      if (idempotencyKey && idempotent.has(idempotencyKey)) return { status: 200, body: idempotent.get(idempotencyKey) }
      const customer = { id: nextId('cus'), object: 'customer', address: null, ...params, tax_ids: [] as Json[] }
      customers.set(customer.id, customer)
      if (idempotencyKey) idempotent.set(idempotencyKey, customer)
      return { status: 200, body: customer }
    }
    if ((match = /^\/v1\/customers\/([^/]+)$/.exec(path)) && method === 'POST') {
      const customer = customers.get(match[1]!)
      if (!customer)
        return stripeError(404, 'invalid_request_error', `No such customer: '${match[1]}'`, 'resource_missing')
      Object.assign(customer, params)
      return { status: 200, body: customer }
    }
    if ((match = /^\/v1\/customers\/([^/]+)\/tax_ids(?:\/([^/]+))?$/.exec(path))) {
      const customer = customers.get(match[1]!)
      if (!customer)
        return stripeError(404, 'invalid_request_error', `No such customer: '${match[1]}'`, 'resource_missing')
      if (method === 'GET') return { status: 200, body: list(customer.tax_ids, path) }
      if (method === 'POST') {
        const taxId = {
          id: nextId('txi'),
          object: 'tax_id',
          type: params.type,
          value: params.value,
          customer: customer.id,
        }
        customer.tax_ids.push(taxId)
        return { status: 200, body: taxId }
      }
      if (method === 'DELETE') {
        customer.tax_ids = customer.tax_ids.filter((t) => t.id !== match![2])
        return { status: 200, body: { id: match[2], object: 'tax_id', deleted: true } }
      }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = (params.line_items as Json[] | undefined)?.[0]
      if (!item || !prices.has(item.price as string))
        return stripeError(400, 'invalid_request_error', `No such price: '${item?.price}'`, 'resource_missing')
      const id = nextId('cs_test')
      const embedded = params.ui_mode === 'embedded_page'
      const session = {
        id,
        object: 'checkout.session',
        status: 'open',
        subscription: null,
        created: now(),
        ...params,
        url: embedded || !hostedUrls ? null : `${baseUrl}/c/pay/${id}`,
        client_secret: embedded ? `${id}_secret_${nextId('x')}` : null,
      }
      sessions.set(id, session)
      return { status: 200, body: session }
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      const session = sessions.get(match[1]!)
      return session
        ? { status: 200, body: session }
        : stripeError(404, 'invalid_request_error', 'No such checkout.session', 'resource_missing')
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(params.customer as string))
        return stripeError(400, 'invalid_request_error', `No such customer: '${params.customer}'`, 'resource_missing')
      const id = nextId('bps')
      portalReturns.set(id, String(params.return_url ?? '/'))
      return {
        status: 200,
        body: { id, object: 'billing_portal.session', ...params, url: `${baseUrl}/p/session/${id}` },
      }
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)) && method === 'GET') {
      const subscription = subscriptions.get(match[1]!)
      return subscription
        ? { status: 200, body: subscription }
        : stripeError(404, 'invalid_request_error', `No such subscription: '${match[1]}'`, 'resource_missing')
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`)
  }

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8')
  }

  /** Where the hosted page sends the signed checkout.session.completed (end-to-end tests). */
  let webhookTarget: { url: string; secret: string } | null = null
  const deliveries: { type: string; status: number; body: string }[] = []

  async function deliver(event: Json) {
    if (!webhookTarget) return
    const payload = JSON.stringify(event)
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookTarget.secret })
    const response = await fetch(webhookTarget.url, {
      method: 'POST',
      body: payload,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    })
    deliveries.push({ type: String(event.type), status: response.status, body: await response.text() })
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`

  /** The hosted checkout and portal pages, as plain HTML forms and links (no JavaScript). */
  function hostedPage(method: string, path: string): { status: number; html?: string; location?: string } | null {
    let match: RegExpExecArray | null
    if ((match = /^\/c\/pay\/([^/]+)$/.exec(path))) {
      const session = sessions.get(match[1]!)
      if (!session) return { status: 404, html: page('Sessão não encontrada', '') }
      if (method === 'GET') {
        const price = prices.get((session.line_items as Json[])[0]!.price as string)!
        return {
          status: 200,
          html: page(
            'Stripe (servidor de teste local)',
            `<p>${price.lookup_key}: ${price.unit_amount} ${price.currency}</p>` +
              `<form method="post"><button type="submit">Pagar</button></form>` +
              `<a href="${session.cancel_url}">Voltar</a>`,
          ),
        }
      }
      const { session: paid } = api.completeCheckout(match[1]!)
      return { status: 303, location: String(paid.success_url).replace('{CHECKOUT_SESSION_ID}', String(paid.id)) }
    }
    if ((match = /^\/p\/session\/([^/]+)$/.exec(path)) && method === 'GET')
      return {
        status: 200,
        html: page(
          'Portal do cliente (servidor de teste local)',
          `<a href="${portalReturns.get(match[1]!) ?? '/'}">Voltar</a>`,
        ),
      }
    return null
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local')
    const method = req.method ?? 'GET'
    const body = await readBody(req)
    const hosted = hostedPage(method, url.pathname)
    if (hosted) {
      if (hosted.status === 303 && webhookTarget) {
        const session = sessions.get(url.pathname.split('/').pop()!)!
        await deliver(api.event('checkout.session.completed', session))
      }
      res.writeHead(
        hosted.status,
        hosted.location ? { location: hosted.location } : { 'content-type': 'text/html; charset=utf-8' },
      )
      res.end(hosted.html ?? '')
      return
    }
    const params = parseStripeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body)
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null
    requests.push({ method, path: url.pathname, params, idempotencyKey })
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${sequence}`,
        // Failures are final: the library does not retry them.
        'stripe-should-retry': 'false',
      })
      res.end(JSON.stringify(payload))
    }
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } })
    const failure =
      failures.get(`${method} ${url.pathname}`) ?? failures.get(`${method} ${url.pathname.replace(/\/[^/]+$/, '/*')}`)
    if (failure && failure.times > 0) {
      failure.times -= 1
      return send(failure.status, { error: { type: failure.type, message: failure.message } })
    }
    // Like Stripe: a POST repeated with its Idempotency-Key gets the first answer back.
    const replay = method === 'POST' && idempotencyKey ? idempotent.get(`answer ${idempotencyKey}`) : undefined
    const answer = replay ? { status: 200, body: replay } : route(method, url.pathname, params, idempotencyKey)
    if (method === 'POST' && idempotencyKey && answer.status === 200)
      idempotent.set(`answer ${idempotencyKey}`, answer.body as Json)
    const hang = hangs.get(`${method} ${url.pathname}`) ?? 0
    if (hang > 0) return void hangs.set(`${method} ${url.pathname}`, hang - 1)
    send(answer.status, answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}`

  const api = {
    url: baseUrl,
    requests,
    deliveries,
    /** Sends checkout.session.completed, signed with `secret`, to `url` when a hosted page is paid. */
    sendWebhooksTo(url: string, secret: string) {
      webhookTarget = { url, secret }
    },
    prices,
    customers,
    sessions,
    subscriptions,
    /** Makes `METHOD /path` do its work and never answer, `times` times (the client's time-out). */
    hang(endpoint: string, times = 1) {
      hangs.set(endpoint, times)
    },
    /** Makes `METHOD /path` (a trailing /* matches one segment) answer an error `times` times. */
    fail(endpoint: string, options: { status?: number; type?: string; message?: string; times?: number } = {}) {
      failures.set(endpoint, {
        status: options.status ?? 500,
        type: options.type ?? 'api_error',
        message: options.message ?? 'Something went wrong on Stripe’s end.',
        times: options.times ?? Number.POSITIVE_INFINITY,
      })
    },
    /** Sessions are created without a hosted address (a session nobody can open). */
    withoutHostedUrls() {
      hostedUrls = false
    },
    reset() {
      failures.clear()
      hangs.clear()
      requests.length = 0
      hostedUrls = true
    },
    /** The customer pays: the session completes with a new active subscription. */
    completeCheckout(sessionId: string) {
      const session = sessions.get(sessionId)!
      const priceId = (session.line_items as Json[])[0]!.price as string
      const metadata = ((session.subscription_data as Json | undefined)?.metadata as Json | undefined) ?? {}
      const subscription = subscriptionFor(session.customer as string, priceId, metadata)
      Object.assign(session, { status: 'complete', subscription: subscription.id })
      return { session, subscription }
    },
    /** Changes a subscription the way the portal or a failed payment would. */
    updateSubscription(id: string, changes: Json) {
      const subscription = subscriptions.get(id)!
      Object.assign(subscription, changes)
      return subscription
    },
    /** The webhook event Stripe would send about `object`. */
    event(type: string, object: Json, created = now()) {
      return {
        id: nextId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        type,
        created,
        livemode: false,
        data: { object: structuredClone(object) },
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return api
}

export type MockStripe = Awaited<ReturnType<typeof startMockStripe>>
