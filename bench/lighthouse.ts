// Lighthouse (mobile: simulated slow 4G, 4× CPU) on the production build, signed out and signed
// in, in Debian's Chromium (CHROMIUM_PATH). Prints performance, LCP and accessibility per page.
// Lighthouse 12: 13 needs Node 22, and our machines run Node 20 (same audits for these figures).
// Run: npm run build && npx tsx bench/lighthouse.ts
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import sharp from 'sharp'
import { createHomes, signedInAgent } from './agent'
import { startServer } from './lib'

const secret = `bench-lighthouse-${process.pid}`
const server = await startServer({ AUTH_JWT_SECRET: secret, RATE_LIMIT_DISABLED: 'true', INSECURE_COOKIES: 'true' })
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})

const photo = (i: number) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 60 + i * 7, g: 110, b: 150 } } })
    .jpeg({ quality: 82 })
    .toBuffer()

async function audit(path: string, cookie?: string) {
  const result = await lighthouse(
    server.url + path,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      disableStorageReset: false,
    },
  )
  const lhr = result!.lhr
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN
  console.log(
    `${path.padEnd(18)} performance ${String(score('performance')).padStart(3)}  LCP ${(lcp / 1000).toFixed(2)} s  accessibility ${score('accessibility')}`,
  )
}

try {
  const agent = await signedInAgent(server.url, secret)
  await createHomes(server.url, agent.cookie, 20, photo)
  const list = await (await fetch(`${server.url}/imoveis`, { headers: { cookie: agent.cookie } })).text()
  const homeId = list.match(/href="\/imoveis\/(\d+)"/)?.[1]
  const catalogue = await (await fetch(`${server.url}/modelos`, { headers: { cookie: agent.cookie } })).text()
  const templateId = catalogue.match(/href="\/modelos\/(\d+)[^"]*"/)?.[1]
  await audit('/login')
  await audit('/imoveis', agent.cookie)
  if (homeId) await audit(`/imoveis/${homeId}`, agent.cookie)
  await audit('/modelos', agent.cookie)
  if (templateId) await audit(`/modelos/${templateId}`, agent.cookie)
} finally {
  await chrome.kill()
  await server.stop()
}
