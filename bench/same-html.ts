// Do two server builds write the same pages? For changes to how the server renders (ADR 272:
// React's text-writing build, AppLink): build A makes a signed-in agent with properties, then A
// and B are each started on that same data and every page linked from the header and the list is
// fetched from both, signed out and signed in. Nonces and asset file names are set aside; any
// other difference is printed and the script exits 1.
// Run: cp -r build _v/a && (change, npm run build) && npx tsx bench/same-html.ts _v/a build
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { createHomes, signedInAgent, subscribe } from './agent'
import { startServer } from './lib'

const [dirA, dirB] = process.argv.slice(2)
if (!dirA || !dirB) throw new Error('usage: npx tsx bench/same-html.ts <build A> <build B>')
const secret = 'bench-same-html'
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-same-html-'))
const env = (dir: string) => ({
  AUTH_JWT_SECRET: secret,
  RATE_LIMIT_DISABLED: 'true',
  INSECURE_COOKIES: 'true',
  BUILD_DIR: dir,
  DATA_DIR: dataDir,
})

/** A page's HTML without what differs on every response or build. */
const normalize = (html: string) =>
  html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css)/g, '/assets/$1.$2')
    .replace(/(\\?")version\1:\1[\w-]+\1/g, '$1version$1:$1$1')

/** Forms sent with mistakes: the page again with its errors beside the fields (400). */
const POSTS: [string, Record<string, string>, 'signed in' | 'signed out'][] = [
  ['/login', { email: 'não é e-mail', password: '' }, 'signed out'],
  ['/cadastro', { email: '', password: '123' }, 'signed out'],
  ['/imoveis/novo', { name: '', price: 'abc' }, 'signed in'],
]

async function pages(url: string, cookie: string, paths: string[]) {
  const out = new Map<string, string>()
  for (const [p, fields, who] of POSTS) {
    const headers = { cookie: who === 'signed in' ? `${cookie}; same-html=1` : 'same-html=1', origin: url }
    const sent = await fetch(url + p, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers,
      redirect: 'manual',
    })
    out.set(`POST ${p}`, `${sent.status} ${normalize(await sent.text())}`)
  }
  for (const p of paths) {
    const signedOut = await fetch(url + p, { redirect: 'manual' })
    out.set(`${p} (signed out)`, `${signedOut.status} ${normalize(await signedOut.text())}`)
    const signedIn = await fetch(url + p, { redirect: 'manual', headers: { cookie: `${cookie}; same-html=1` } })
    out.set(p, `${signedIn.status} ${normalize(await signedIn.text())}`)
  }
  return out
}

const a = await startServer(env(dirA), { keepData: true })
let cookie: string
let paths: string[]
let fromA: Map<string, string>
try {
  const agent = await signedInAgent(a.url, secret)
  cookie = agent.cookie
  await subscribe(a.url, cookie)
  const photo = (i: number) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: i % 2 ? '#28648c' : '#8c6428' } })
      .jpeg()
      .toBuffer()
  await createHomes(a.url, cookie, 14, photo)
  const list = await (await fetch(`${a.url}/imoveis`, { headers: { cookie } })).text()
  const linked = [...list.matchAll(/href="(\/[^"#?]*)"/g)].map((m) => m[1]!)
  paths = [...new Set(['/', '/login', '/cadastro', '/imoveis', '/imoveis?page=2', ...linked])]
    // Not /audio: its sample narration is drawn at random.
    .filter((p) => !/\.\w+$|\/sair|\/assets\/|^\/audio$/.test(p))
    .slice(0, 40)
  fromA = await pages(a.url, cookie, paths)
} finally {
  await a.stopProcess()
}
const b = await startServer(env(dirB), { keepData: true })
let differ = 0
try {
  const fromB = await pages(b.url, cookie, paths)
  for (const [page, html] of fromA) {
    const other = fromB.get(page)!
    if (other === html) continue
    differ++
    let at = 0
    while (at < html.length && html[at] === other[at]) at++
    console.log(
      `${page}: differs at ${at}\n  A: …${html.slice(at - 80, at + 120)}\n  B: …${other.slice(at - 80, at + 120)}`,
    )
  }
} finally {
  await b.stopProcess()
  await fs.rm(dataDir, { recursive: true, force: true })
}
const count = (status: string) => [...fromA.values()].filter((html) => html.startsWith(`${status} `)).length
console.log(
  `${fromA.size} responses compared (${paths.length} paths signed out and in, ${POSTS.length} forms with mistakes; ${count('200')} of 200, ${count('400')} of 400): ${differ} differ`,
)
process.exit(differ ? 1 : 0)
