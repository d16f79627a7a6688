// What analytics costs a visitor: the JavaScript /login loads up front with and without a
// PostHog key and a consent, and the lazily loaded PostHog chunk that only an accepting visitor
// downloads (after the page is interactive). Run: npm run build && npx tsx bench/analytics.ts
import fs from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { serializeConsent, CONSENT_VERSION, CONSENT_COOKIE_NAME } from '../app/domain/consent'
import { kb, pageJavaScript, startServer } from './lib'

const accepted = `${CONSENT_COOKIE_NAME}=${serializeConsent({
  necessary: true,
  analytics: true,
  marketing: true,
  version: CONSENT_VERSION,
  decidedAt: new Date(),
})}`

const line = (label: string, js: { files: number; raw: number; gzip: number }) =>
  console.log(
    `${label.padEnd(44)} ${String(js.files).padStart(2)} files  ${kb(js.raw).padStart(9)} raw  ${kb(js.gzip).padStart(9)} gzip`,
  )

const plain = await startServer()
try {
  line('/login, no POSTHOG_KEY', await pageJavaScript(`${plain.url}/login`))
} finally {
  await plain.stop()
}

const keyed = await startServer({ POSTHOG_KEY: 'phc_bench', POSTHOG_HOST: 'http://127.0.0.1:9', GTM_ID: 'GTM-BENCH1' })
try {
  line('/login, key set, before consent', await pageJavaScript(`${keyed.url}/login`))
  line(
    '/login, key set, consent given (up front)',
    await pageJavaScript(`${keyed.url}/login`, { headers: { Cookie: accepted } }),
  )
} finally {
  await keyed.stop()
}

const assets = path.resolve('build/client/assets')
for (const file of await fs.readdir(assets)) {
  if (!/^posthog\.client-.*\.js$/.test(file)) continue
  const body = await fs.readFile(path.join(assets, file))
  line('PostHog chunk, after consent, when idle', {
    files: 1,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  })
}
