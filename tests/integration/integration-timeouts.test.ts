// Faults (ADR 145): Stripe and Meta made to hang. Each client has a deadline, a hung call becomes
// a pt-BR message (a toast for the agent, a publication error the worker retries), and retrying
// is safe: Stripe's retry carries the same idempotency key (no second customer, no second
// session), and a media_publish that went out but never answered is settled by the container's
// status, so the retry does not publish twice. (The AI deadline: ai-openai-compatible.test.ts,
// "a slow answer times out with a pt-BR message".)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../../db/schema'
import { BILLING_MESSAGES } from '../../app/domain/billing'
import { classifyMetaError, metaErrorMessage } from '../../app/domain/publishing-rules'
import type { PublishProgress } from '../../app/domain/scheduling'
import { createGraphClient, GraphError } from '../../app/integrations/meta/graph.server'
import { publishToInstagram, type PublishJob } from '../../app/integrations/meta/instagram-publisher.server'
import { stripeApiOptions, type BillingBackend } from '../../app/integrations/stripe/billing.server'
import { createStripeBilling } from '../../app/integrations/stripe/stripe.server'
import { action as checkoutAction } from '../../app/routes/billing/api.checkout'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { startMockMetaGraph } from '../mocks/meta-graph'
import { startMockStripe, type MockStripe } from '../mocks/stripe'
import { createTestDatabase } from '../setup/db'
import { billingRouteContext, checkoutPost, navigation, respond, sessionUser, toastOf } from '../support/billing'

const args = (request: Request, context: unknown) => ({ request, context, params: {} }) as never

describe('Stripe hangs', () => {
  let handle: DatabaseHandle
  let stripe: MockStripe
  let billing: BillingBackend
  beforeAll(async () => {
    handle = await createTestDatabase()
    stripe = await startMockStripe()
    billing = createStripeBilling({
      secretKey: 'sk_test_vitrine',
      webhookSecret: null,
      publishableKey: null,
      ...stripeApiOptions(stripe.url),
      timeoutMs: 300,
    })
  })
  afterAll(async () => {
    await stripe.close()
    await handle.close()
  })

  async function agent() {
    const id = crypto.randomUUID()
    await handle.db.insert(users).values({ id, email: `agente-${id.slice(0, 8)}@example.com`, full_name: 'Ana' })
    return billingRouteContext(handle.db, billing, sessionUser(id, `agente-${id.slice(0, 8)}@example.com`))
  }
  const checkout = (context: unknown) =>
    respond(() => checkoutAction(args(navigation(...checkoutPost('lookupKey=corretor_mensal')), context)))

  test('one hung answer: the library retries with the same idempotency key and one session comes back', async () => {
    stripe.reset()
    const context = await agent()
    stripe.hang('POST /v1/checkout/sessions', 1)
    const response = await checkout(context)
    expect(response.status).toBe(303)
    const attempts = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')
    expect(attempts).toHaveLength(2)
    expect(attempts[0]!.idempotencyKey).toBeTruthy()
    expect(attempts[1]!.idempotencyKey).toBe(attempts[0]!.idempotencyKey)
    expect(new Set([...stripe.sessions.values()].map((s) => s.client_reference_id)).size).toBe(stripe.sessions.size)
  })

  test('Stripe keeps hanging: a pt-BR toast on the plans page; trying again makes no second customer', async () => {
    stripe.reset()
    const context = await agent()
    const sessionsBefore = stripe.sessions.size
    stripe.hang('POST /v1/checkout/sessions', 2)
    const failed = await checkout(context)
    expect(failed.status).toBe(302)
    expect(failed.headers.get('Location')).toBe('/plano/contratar')
    expect(await toastOf(failed)).toMatchObject({ type: 'error', description: BILLING_MESSAGES.checkoutCreate })
    // The hung attempts carried one key: at most one session was made by them.
    expect(stripe.sessions.size - sessionsBefore).toBe(1)

    const retried = await checkout(context)
    expect(retried.status).toBe(303)
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1)
    expect(stripe.customers.size).toBeGreaterThan(0)
  })
})

describe('Meta hangs', () => {
  let graph: Awaited<ReturnType<typeof startMockMetaGraph>>
  let images: http.Server
  let imageUrl = ''
  beforeAll(async () => {
    graph = await startMockMetaGraph({ token: 'token-1' })
    graph.state.pollsInProgress = 0
    const jpeg = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer()
    images = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg))
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/slide.jpg`
  })
  afterAll(async () => {
    await graph.close()
    images.closeAllConnections()
    await new Promise((resolve) => images.close(resolve))
  })

  test('media_publish goes out but never answers: the attempt fails in time, the retry does not publish twice', async () => {
    const client = createGraphClient({ baseUrl: graph.graphUrl, timeoutMs: 500 })
    let progress: PublishProgress = {}
    const job = (): PublishJob => ({
      imageUrls: [imageUrl],
      caption: 'Apartamento no Itaim',
      altText: '',
      progress,
      saveProgress: async (next) => void (progress = next),
    })
    const target = { accountId: 'ig-user-1', token: 'token-1' }
    graph.state.hangPublish = 1

    const error = await publishToInstagram(client, target, job(), { intervalMs: 0 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GraphError)
    expect(classifyMetaError(error as GraphError)).toBe('retry')
    expect(metaErrorMessage(error as GraphError)).toMatch(/^O Instagram está instável no momento/)
    expect(graph.state.media).toHaveLength(1)
    expect(progress.publishing).toBe(true)

    const outcome = await publishToInstagram(client, target, job(), { intervalMs: 0 })
    expect(outcome.externalId).toBe(graph.state.media[0]!.id)
    expect(graph.state.media).toHaveLength(1)
    expect(graph.state.requests.filter((r) => r.endsWith('/media_publish'))).toHaveLength(1)
  })
})
