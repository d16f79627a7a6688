// What a listing's share image costs the server when asked for under made-up slugs (ADR 259):
// its CPU time for one drawing (the median over three properties, after a first one warms the
// renderer), against its CPU time for 200 requests under made-up slugs (a real property's id
// under other words, which is a 301 to its own slug; ids that do not exist; no id at all), each
// answered without drawing. Loopback only.
// Run: npm run build && npx tsx bench/share-image-slugs.ts
import { roomPhoto, type Scene } from '../app/integrations/images/sample-photos.server'
import { listingSlug } from '../app/domain/leads'
import { expectNewProperty, signedInAgent, subscribe } from './agent'
import { median, processCpuMs, startServer, untilIdle } from './lib'

const SECRET = 'bench-share-image-secret'
const REQUESTS = 200
const server = await startServer({
  AUTH_JWT_SECRET: SECRET,
  RATE_LIMIT_DISABLED: 'true',
  INSECURE_COOKIES: 'true',
  APP_URL: 'http://127.0.0.1',
})
const pid = server.child.pid!

async function newHome(cookie: string, i: number) {
  const name = `Casa ${i + 1} com jardim no Campeche`
  const form = new FormData()
  for (const [field, value] of Object.entries({
    status: 'sale',
    category: 'house',
    name,
    price: 'R$ 890.000,00',
    area: '120',
    bedrooms: '3',
    zipcode: '88063-000',
    neighborhood: 'Campeche',
    city: 'Florianópolis',
    state: 'SC',
  }))
    form.set(field, value)
  const photo = await roomPhoto((['facade', 'living', 'pool', 'kitchen'] as Scene[])[i % 4]!, i)
  form.append('gallery_files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg')
  const response = await fetch(`${server.url}/imoveis/novo`, {
    method: 'POST',
    body: form,
    headers: { cookie },
    redirect: 'manual',
  })
  expectNewProperty(response, `home ${i + 1}`)
  const id = Number(response.headers.get('location')!.split('/').pop())
  return { id, slug: listingSlug({ id, name }) }
}

/** The server's CPU time (ms) for `run`, and what it answered. */
async function cpuOf<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const before = processCpuMs(pid)
  const value = await run()
  return { ms: processCpuMs(pid) - before, value }
}

try {
  const { cookie } = await signedInAgent(server.url, SECRET)
  await subscribe(server.url, cookie)
  const handle = `bench-${Date.now().toString(36)}`
  const saved = await fetch(`${server.url}/minha-conta/marca?pagina`, {
    method: 'POST',
    body: new URLSearchParams({ handle }),
    headers: { cookie },
    redirect: 'manual',
  })
  if (saved.status >= 400) throw new Error(`public address: ${saved.status}`)
  const homes = []
  for (let i = 0; i < 4; i++) homes.push(await newHome(cookie, i))
  await untilIdle(pid)
  const cover = (home: { slug: string }) => `${server.url}/c/${handle}/${home.slug}/capa.jpg`
  // The first drawing loads the renderer and its fonts: not a typical one.
  const warm = await fetch(cover(homes[0]!))
  if (warm.status !== 200) throw new Error(`share image: ${warm.status}`)
  const renders: number[] = []
  for (const home of homes.slice(1)) {
    const { ms, value } = await cpuOf(() => fetch(cover(home)).then((r) => r.arrayBuffer().then(() => r.status)))
    if (value !== 200) throw new Error(`share image: ${value}`)
    renders.push(ms)
  }
  const real = homes[1]!
  const madeUp = Array.from({ length: REQUESTS }, (_, i) =>
    i % 3 === 0
      ? `/c/${handle}/outro-nome-qualquer-${i}-${real.id}/capa.jpg`
      : i % 3 === 1
        ? `/c/${handle}/casa-inventada-${900000 + i}/capa.jpg`
        : `/c/${handle}/sem-numero-${i.toString(36)}/capa.jpg`,
  )
  const statuses = new Map<number, number>()
  const { ms } = await cpuOf(async () => {
    for (const path of madeUp) {
      const response = await fetch(server.url + path, { redirect: 'manual' })
      await response.arrayBuffer()
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
  })
  const render = median(renders)
  const each = ms / REQUESTS
  console.log(
    `one drawing of the share image: ${render.toFixed(0)} ms of server CPU (median of ${renders.map((r) => r.toFixed(0)).join(', ')})`,
  )
  console.log(`${REQUESTS} requests under made-up slugs: ${ms.toFixed(0)} ms of server CPU, ${each.toFixed(2)} ms each`)
  console.log(`answers: ${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`)
  console.log(`each made-up request = ${((each / render) * 100).toFixed(1)} % of one drawing (goal < 20 %)`)
} finally {
  await server.stop()
}
