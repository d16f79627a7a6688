// Scale-out (ADR 228): what "Scaling out" in docs/configuration.md claims, run. Two web
// instances and a worker of the production build behind HAProxy (round-robin) on one Postgres, one S3-compatible store,
// one SESSION_SECRET and a DATA_DIR per process (tests/e2e/support/cluster.ts). One journey through the balancer, whose pages
// are answered by both instances in turn; the page cache, the sign-out and the rate limits checked
// across the two instances directly; one instance killed with SIGKILL half-way; the worker
// publishing the scheduled post exactly once. One test: it owns the cluster it starts.
import { readFile } from 'node:fs/promises'
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test'
import JSZip from 'jszip'
import sharp from 'sharp'
import { SESSION_CACHE_MS } from '../../app/utils/session-cache.server'
import { expect, newUserData, register, subscribe, test as base } from './fixtures'
import { clusterUnavailable, startCluster, type Cluster } from './support/cluster'
import { createHome, dayFromToday, ITAIM_APARTMENT } from './support/homes'

const unavailable = clusterUnavailable()

const test = base.extend<object, { cluster: Cluster }>({
  cluster: [
    async ({}, use) => {
      const cluster = await startCluster()
      await use(cluster)
      await cluster.stop()
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ cluster }, use) => use(cluster.url),
})

// Without Postgres or HAProxy (a laptop with neither) it says why and does not run; in CI, where
// .ci/run installs HAProxy and Postgres answers, a missing one fails the run instead.
if (unavailable && process.env.CI) throw new Error(`scale-out test cannot run in CI: ${unavailable}`)
test.skip(!!unavailable, unavailable ?? '')

/** An HTTP client on one instance (or the balancer) with the browser's cookies of now. */
async function clientOf(page: Page, baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, storageState: await page.context().storageState() })
}

async function generateCarousel(page: Page) {
  await page.goto('/modelos')
  await page
    .getByRole('link', { name: /Carrossel do imóvel à venda/ })
    .first()
    .click()
  const picker = page.getByLabel('Imóvel')
  const option = picker.locator('option').filter({ hasText: ITAIM_APARTMENT.name.slice(0, 30) })
  await picker.selectOption((await option.getAttribute('value'))!)
  await page.getByRole('button', { name: 'Gerar post' }).click()
  await expect(page).toHaveURL(/\?post=\d+/, { timeout: 30_000 })
  return {
    postId: Number(new URL(page.url()).searchParams.get('post')),
    publicPath: (await page.getByRole('link', { name: 'Ver post' }).first().getAttribute('href'))!,
  }
}

async function downloadCarousel(page: Page, publicPath: string) {
  await page.goto(publicPath)
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Baixar carrossel (.zip)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Carousel.zip')
  const zip = await JSZip.loadAsync(await readFile((await download.path())!))
  const names = Object.keys(zip.files)
  expect(names.length).toBeGreaterThanOrEqual(4)
  const first = await sharp(await zip.file('slide-1.png')!.async('nodebuffer')).metadata()
  expect([first.format, first.width, first.height]).toEqual(['png', 1080, 1350])
}

async function schedule(page: Page, postId: number) {
  await page.goto('/agendar-posts/agendamento')
  await page.getByLabel('Post', { exact: true }).selectOption(String(postId))
  await page.getByRole('button', { name: 'Escolher post' }).click()
  await expect(page.getByRole('checkbox', { name: 'Caixa de saída local' })).toBeChecked()
  const tomorrow = dayFromToday(1)
  await page.getByLabel('Data').fill(tomorrow)
  await page.getByLabel('Horário (Brasília)').fill('18:30')
  await page.getByRole('button', { name: 'Agendar' }).click()
  await expect(page.getByText('Publicação agendada')).toBeVisible()
}

/** The publication's time brought to now, in its row and on the queue (the clock, not the code). */
async function dueNow(cluster: Cluster, postId: number): Promise<{ id: number; user_id: string }> {
  const { rows } = await cluster.sql.query(
    'update scheduled_publications set publish_at = now() where post_id = $1 returning id, user_id',
    [postId],
  )
  expect(rows).toHaveLength(1)
  const moved = await cluster.sql.query(
    "update pgboss.job set start_after = now() where name = 'publish-post' and singleton_key = $1 and state = 'created'",
    [`publication-${rows[0].id}`],
  )
  expect(moved.rowCount).toBe(1)
  return rows[0]
}

test('two web instances and a worker behind HAProxy: one journey across both, a kill -9, one publication', async ({
  page,
  cluster,
}) => {
  test.setTimeout(240_000)
  const [a, b] = cluster.web
  // Which instance answered each of the browser's requests through the balancer (HAProxy's
  // X-Served-By). Pages, form posts and fetches are never kept by the browser (private, no-store);
  // an asset may come from its cache with the header of the instance that first sent it.
  const served: Array<{ by: string; fresh: boolean }> = []
  page.on('response', (response) => {
    const by = response.headers()['x-served-by']
    const request = response.request()
    const fresh = ['document', 'fetch', 'xhr'].includes(request.resourceType()) || request.method() === 'POST'
    if (by) served.push({ by, fresh })
  })
  const servedBy = (onlyFresh: boolean) => new Set(served.filter((s) => s.fresh || !onlyFresh).map((s) => s.by))

  await test.step('sign up, buy a plan, upload photos with a new property: both instances answer', async () => {
    await register(page, newUserData({ full_name: 'Rita Escala' }))
    await expect(page).not.toHaveURL(/\/registrar/)
    await subscribe(page.request)
    const before = cluster.s3.objects.size
    await createHome(page.request, ITAIM_APARTMENT, { photos: 3 })
    // The photos are in the one bucket, not on an instance's disk.
    expect(cluster.s3.objects.size).toBeGreaterThanOrEqual(before + 3)
    await page.goto('/imoveis')
    await expect(page.getByText(ITAIM_APARTMENT.name).first()).toBeVisible()
    // The browser's cache of this new address was empty: everything here was sent in this step.
    expect(servedBy(false)).toEqual(new Set(['a', 'b']))
    // Signed in, the sign-up's PKCE code verifiers are gone: nothing but the session is sent (ADR 227).
    expect((await page.context().cookies()).map((c) => c.name).filter((n) => n.endsWith('-code-verifier'))).toEqual([])
  })

  await test.step('a page kept on one instance is not served stale after a change made on the other', async () => {
    await page.goto(`${b.url}/imoveis`)
    await page.goto(`${b.url}/imoveis`) // from b's page cache now
    await expect(page.getByText(ITAIM_APARTMENT.name).first()).toBeVisible()
    const onA = await clientOf(page, a.url)
    const name = 'Sobrado salvo na instância A'
    await createHome(onA, { ...ITAIM_APARTMENT, name, photos: ITAIM_APARTMENT.photos.slice(0, 1) })
    await onA.dispose()
    await page.goto(`${b.url}/imoveis`)
    await expect(page.getByText(name).first()).toBeVisible()
  })

  const { postId, publicPath } = await test.step('generate a carousel through the balancer', () =>
    generateCarousel(page))

  await test.step('kill -9 one instance: the balancer’s next requests succeed on the other', async () => {
    await a.kill9()
    const client = await clientOf(page, cluster.url)
    for (let i = 0; i < 6; i++) {
      const response = await client.get('/imoveis')
      expect(response.status()).toBe(200)
      expect(response.headers()['x-served-by']).toBe('b')
      expect(await response.text()).toContain('Sobrado salvo na instância A')
    }
    await client.dispose()
    served.length = 0
    await downloadCarousel(page, publicPath)
    await schedule(page, postId)
    expect(servedBy(true)).toEqual(new Set(['b']))
  })

  await test.step('the worker publishes the scheduled post exactly once', async () => {
    const publication = await dueNow(cluster, postId)
    await expect
      .poll(
        async () =>
          (await cluster.sql.query('select status from scheduled_publications where id = $1', [publication.id])).rows[0]
            .status,
        { timeout: 60_000 },
      )
      .toBe('published')
    // The outbox is in the one bucket: the worker wrote it there, not on its own disk.
    const outbox = `outbox/${publication.user_id}/`
    const kept = [...cluster.s3.objects.keys()].filter((key) => key.startsWith(outbox))
    expect(kept.map((key) => key.slice(outbox.length).split('/')[0])).toEqual(kept.map(() => String(publication.id)))
    expect(kept).toContain(`${outbox}${publication.id}/01.jpg`)
    const published = cluster.worker
      .output()
      .split('\n')
      .filter((line) => line.includes('publication published') && line.includes(`${publication.id}`))
    expect(published).toHaveLength(1)
    for (const web of cluster.web) expect(web.output()).not.toContain('publication published')
  })

  await test.step('both web instances show the published image, each with a DATA_DIR of its own', async () => {
    await a.start()
    for (const web of cluster.web) {
      await page.goto(`${web.url}/integracoes/saida`)
      await expect(page.getByRole('heading', { name: /^Enviado à caixa de saída em/ })).toHaveCount(1)
      const image = page.getByRole('list', { name: 'Imagens' }).getByRole('img').first()
      await expect(image).toBeVisible()
      // Drawn, not a broken image: the browser decoded the JPEG the instance read from the bucket.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true)
    }
    // Nothing an instance wrote for later stayed on its disk: with Postgres hosted, each DATA_DIR
    // is empty.
    expect(await cluster.localFiles()).toEqual({ seed: [], a: [], b: [], worker: [] })
  })

  await test.step('back in rotation, a sign-out on one instance is honoured by the other', async () => {
    const client = await clientOf(page, cluster.url)
    await expect
      .poll(async () => (await client.get('/healthz')).headers()['x-served-by'], { timeout: 15_000 })
      .toBe('a')
    await client.dispose()
    await page.goto(`${b.url}/imoveis`) // b confirms the session and trusts it for a few seconds
    const signedIn = await clientOf(page, b.url)
    await page.goto(`${a.url}/imoveis`)
    await page.getByRole('button', { name: 'Sair', exact: true }).click()
    await expect(page).toHaveURL(/\/login$/)
    // The documented bound: a sign-out elsewhere is seen within SESSION_CACHE_MS (ADR 186).
    await expect
      .poll(async () => (await signedIn.get('/imoveis', { maxRedirects: 0 })).headers()['location'] ?? '', {
        timeout: SESSION_CACHE_MS + 5_000,
      })
      .toMatch(/^\/login/)
    await signedIn.dispose()
  })

  await test.step('rate limits count the attempts made on both instances', async () => {
    const email = `alvo-${Date.now()}@example.com`
    const headers = { 'X-Forwarded-For': '198.51.100.42' }
    const attempt = (on: string) =>
      playwrightRequest.newContext({ baseURL: on, extraHTTPHeaders: headers }).then(async (client) => {
        const response = await client.post('/login', { form: { email, password: 'senha-errada-1' }, maxRedirects: 0 })
        const result = { status: response.status(), body: await response.text() }
        await client.dispose()
        return result
      })
    // Ten failures, five on each instance: the (account, address) limit is ten.
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? a.url : b.url)).status).toBe(400)
    for (const on of [a.url, b.url]) {
      const refused = await attempt(on)
      expect(refused.status).toBe(429)
      expect(refused.body).toContain('Muitas tentativas')
    }
  })
})
