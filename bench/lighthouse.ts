// Lighthouse (mobile: simulated slow 4G, 4× CPU) on the production build, signed out and signed
// in, in Debian's Chromium (CHROMIUM_PATH). Prints performance, LCP and accessibility per page
// (median of RUNS runs, alternating pages round by round), then what the median run's LCP waited
// for: the element, its phases (TTFB, resource load delay and time, render delay), render-blocking
// files, fonts, the long tasks behind the blocking time, and each failing accessibility audit.
// Lighthouse 12: 13 needs Node 22, and our machines run Node 20 (same audits for these figures).
// Run: npm run build && npx tsx bench/lighthouse.ts   (RUNS=3 by default; the bare React Router
// app's /login is audited in turn (BARE=0 leaves it out); PAGES=/login,/imoveis/:id
// limits the pages; VERBOSE=0 prints the table only; BASELINE=<a directory with another build/ and
// node_modules> audits that build too, page by page in turn with this one, for a before/after)
import { createRequire } from 'node:module'
import os from 'node:os'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { Result } from 'lighthouse'
import sharp from 'sharp'
import { createHomes, signedInAgent, subscribe } from './agent'
import { buildBareApp, startBareApp } from './bare-app-server'
import { startServer } from './lib'

const runs = Number(process.env.RUNS ?? 3)
const only = process.env.PAGES?.split(',').filter(Boolean)
const verbose = process.env.VERBOSE !== '0'
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

const secret = `bench-lighthouse-${process.pid}`
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
})

// A photo with detail (a gradient and noise), as a real one has: Chrome skips images of almost no
// information (a flat colour) as LCP candidates, which would hide what a real photo waits for.
const photo = async (i: number) => {
  const { data, info } = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120 + i * 3, sigma: 40 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return sharp(data, { raw: info })
    .resize(1600, 1200)
    .blur(1.2)
    .modulate({ hue: i * 15 })
    .jpeg({ quality: 82 })
    .toBuffer()
}

type Reading = { performance: number; lcp: number; tbt: number; accessibility: number; lhr: Result }

async function audit(origin: string, path: string, cookie?: string): Promise<Reading> {
  const result = await lighthouse(origin + path, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
    disableStorageReset: false,
  })
  const lhr = result!.lhr
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    accessibility: score('accessibility'),
    lhr,
  }
}

const ms = (n: number | undefined) => `${Math.round(n ?? NaN)} ms`
const short = (url: string) => url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')
type Items = Array<Record<string, unknown>>
const tables = (lhr: Result, id: string) => {
  const details = lhr.audits[id]?.details as { type: string; items?: Items } | undefined
  if (!details?.items) return []
  return details.type === 'list'
    ? (details.items as Array<{ items?: Items }>).map((t) => t.items ?? [])
    : [details.items]
}

/** What the LCP waited for, from the run's report. */
function explain(lhr: Result) {
  const lines: string[] = []
  const a = lhr.audits
  const metric = (id: string) => ms(a[id]?.numericValue)
  lines.push(
    `    FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  SI ${metric('speed-index')}  CLS ${(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}  server ${metric('server-response-time')}`,
  )
  const [element, phases] = tables(lhr, 'largest-contentful-paint-element')
  const node = element?.[0]?.node as { snippet?: string; selector?: string } | undefined
  if (node) lines.push(`    LCP element: ${node.snippet?.slice(0, 160)}  (${node.selector})`)
  if (phases)
    lines.push(`    phases: ${phases.map((p) => `${p.phase as string} ${ms(p.timing as number)}`).join(' · ')}`)
  if (a['lcp-lazy-loaded']?.score === 0) lines.push('    the LCP image is lazy-loaded')
  const prioritized = a['prioritize-lcp-image']
  if (prioritized?.score === 0) lines.push(`    preload the LCP image: ${prioritized.displayValue ?? ''}`)
  for (const item of tables(lhr, 'render-blocking-resources')[0] ?? [])
    lines.push(
      `    render-blocking: ${short(item.url as string)} ${Math.round((item.totalBytes as number) / 1024)} KB, ${ms(item.wastedMs as number)}`,
    )
  for (const item of tables(lhr, 'font-display')[0] ?? []) lines.push(`    font-display: ${short(item.url as string)}`)
  const requests = (tables(lhr, 'network-requests')[0] ?? []) as Array<{
    url: string
    resourceType?: string
    transferSize?: number
    priority?: string
  }>
  const byType = new Map<string, { count: number; bytes: number }>()
  for (const r of requests) {
    const entry = byType.get(r.resourceType ?? '?') ?? { count: 0, bytes: 0 }
    entry.count++
    entry.bytes += r.transferSize ?? 0
    byType.set(r.resourceType ?? '?', entry)
  }
  lines.push(
    `    requests: ${[...byType].map(([type, { count, bytes }]) => `${type} ${count} (${Math.round(bytes / 1024)} KB)`).join(', ')}`,
  )
  const scriptPriorities = new Map<string, number>()
  for (const r of requests.filter((r) => r.resourceType === 'Script'))
    scriptPriorities.set(r.priority ?? '?', (scriptPriorities.get(r.priority ?? '?') ?? 0) + 1)
  if (scriptPriorities.size)
    lines.push(`      scripts by priority: ${[...scriptPriorities].map(([p, n]) => `${p} ${n}`).join(', ')}`)
  for (const r of requests.filter((r) => r.resourceType === 'Image' || r.resourceType === 'Font'))
    lines.push(
      `      ${r.resourceType} ${r.priority} ${Math.round((r.transferSize ?? 0) / 1024)} KB ${short(r.url).slice(0, 90)}`,
    )
  // What the blocking time comes from: the main thread's long tasks (simulated, 4× CPU).
  const longTasks = (tables(lhr, 'long-tasks')[0] ?? []) as Array<{ url: string; duration: number; startTime: number }>
  if (longTasks.length)
    lines.push(
      `    long tasks: ${longTasks
        .slice(0, 6)
        .map((t) => `${ms(t.duration)} at ${ms(t.startTime)} ${short(t.url).slice(0, 40)}`)
        .join(' · ')}`,
    )
  for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
    const found = a[ref.id]
    if (ref.weight > 0 && found?.score === 0) {
      const nodes = (tables(lhr, ref.id)[0] ?? []).map((i) =>
        (i.node as { snippet?: string } | undefined)?.snippet?.slice(0, 100),
      )
      lines.push(`    accessibility: ${ref.id}: ${nodes.join(' | ')}`)
    }
  }
  return lines.join('\n')
}

const median = <T>(values: T[], key: (v: T) => number) =>
  [...values].sort((x, y) => key(x) - key(y))[Math.floor(values.length / 2)]!

type Build = {
  label: string
  server: { url: string; stop: () => Promise<void> }
  pages: Array<{ name: string; path: string; cookie?: string }>
}

/** Starts a build (this worktree's, or the one under `cwd`), signs an agent in and adds properties. */
async function prepare(label: string, cwd?: string): Promise<Build> {
  const server = await startServer(
    { AUTH_JWT_SECRET: secret, RATE_LIMIT_DISABLED: 'true', INSECURE_COOKIES: 'true' },
    { cwd },
  )
  builds.push({ label, server, pages: [] })
  const agent = await signedInAgent(server.url, secret)
  // 20 properties, as an agent on the Imobiliária plan might have: /imoveis shows a full page of 12.
  const homes = 20
  await subscribe(server.url, agent.cookie)
  await createHomes(server.url, agent.cookie, homes, (i) => photo(i))
  const list = await (await fetch(`${server.url}/imoveis`, { headers: { cookie: agent.cookie } })).text()
  const homeId = list.match(/href="\/imoveis\/(\d+)"/)?.[1]
  const catalogue = await (await fetch(`${server.url}/modelos`, { headers: { cookie: agent.cookie } })).text()
  const templateId = catalogue.match(/href="\/modelos\/(\d+)[^"]*"/)?.[1]
  // The agent's public page and a listing page (ADR 223), opened by a guest.
  const handle = `bench-${process.pid}`
  await fetch(`${server.url}/minha-conta/marca?pagina`, {
    method: 'POST',
    body: new URLSearchParams({ handle }),
    headers: { cookie: agent.cookie },
    redirect: 'manual',
  })
  const publicPage = await (await fetch(`${server.url}/c/${handle}`)).text()
  const listing = publicPage.match(new RegExp(`href="(/c/${handle}/[a-z0-9-]+)"`))?.[1]
  const pages = [
    { name: '/login', path: '/login' },
    { name: '/imoveis', path: '/imoveis', cookie: agent.cookie },
    { name: '/imoveis/:id', path: `/imoveis/${homeId}`, cookie: agent.cookie },
    { name: '/modelos', path: '/modelos', cookie: agent.cookie },
    { name: '/modelos/:id', path: `/modelos/${templateId}`, cookie: agent.cookie },
    { name: '/c/:handle', path: `/c/${handle}` },
    { name: '/c/:handle/:slug', path: listing ?? `/c/${handle}` },
  ].filter(({ name }) => !only || only.includes(name))
  console.log(`${label}: ${homes} properties`)
  return Object.assign(builds.at(-1)!, { pages })
}

const builds: Build[] = []
try {
  // BASELINE=<dir with a build/ and node_modules>: that build too, audited in turn with this one.
  if (process.env.BASELINE) await prepare('baseline', process.env.BASELINE)
  await prepare(process.env.BASELINE ? 'this build' : 'build')
  // The bare React Router app's one-form /login (bench/bare-app), audited in turn with the builds:
  // the floor the product's pages are read against, same run (issue 64 item 7). BARE=0 leaves it out.
  if (process.env.BARE !== '0' && (!only || only.includes('/login'))) {
    buildBareApp()
    builds.push({ label: 'bare app', server: await startBareApp(), pages: [{ name: '/login', path: '/login' }] })
  }
  const readings = new Map<string, Reading[]>()
  console.log(
    `Lighthouse ${(createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version}, ${runs} run(s) per page; load average before: ${load()}`,
  )
  for (let round = 0; round < runs; round++) {
    for (const { name } of builds[0]!.pages) {
      for (const build of builds) {
        const page = build.pages.find((candidate) => candidate.name === name)
        if (!page) continue
        const key = `${build.label}\t${page.name}`
        let reading = await audit(build.server.url, page.path, page.cookie)
        // Now and then Lighthouse loses the navigation's start (NO_NAVSTART): that run once more.
        if (reading.lhr.runtimeError) {
          console.log(`  ${key.replace('\t', ' ')}: ${reading.lhr.runtimeError.code}, run again`)
          reading = await audit(build.server.url, page.path, page.cookie)
        }
        readings.set(key, [...(readings.get(key) ?? []), reading])
      }
    }
    console.log(`  round ${round + 1} done, load average ${load()}`)
  }
  for (const [key, all] of readings) {
    const [label, name] = key.split('\t') as [string, string]
    // A run Chromium could not finish under load (NO_FCP, a time-out) has no figures: left out.
    const list = all.filter((r) => !r.lhr.runtimeError && Number.isFinite(r.lcp))
    for (const r of all)
      if (r.lhr.runtimeError) console.log(`${label} ${name}: a run failed: ${r.lhr.runtimeError.code}`)
    if (list.length === 0) continue
    const m = median(list, (r) => r.performance * 1e6 - r.lcp)
    const runsText = list.map((r) => `${r.performance}/${(r.lcp / 1000).toFixed(2)}`).join(' ')
    console.log(
      `${builds.length > 1 ? `${label.padEnd(11)}` : ''}${name.padEnd(13)} performance ${String(median(list, (r) => r.performance).performance).padStart(3)}  LCP ${(median(list, (r) => r.lcp).lcp / 1000).toFixed(2)} s  TBT ${ms(median(list, (r) => r.tbt).tbt)}  accessibility ${median(list, (r) => r.accessibility).accessibility}   (runs: ${runsText})`,
    )
    if (verbose) console.log(explain(m.lhr))
  }
  console.log(`load average after: ${load()}`)
} finally {
  await chrome.kill()
  for (const build of builds) await build.server.stop()
}
