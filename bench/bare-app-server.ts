// The bare React Router 7 app (bench/bare-app: nothing of ours) that bench/ssr.ts and
// bench/lighthouse.ts measure Vitrine against in the same run, built when its sources changed and
// served by @react-router/serve.
import { execFileSync, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { freePort } from './lib'

const BARE_DIR = path.resolve(import.meta.dirname, 'bare-app')
const require = createRequire(import.meta.url)

/** A package's published command (its package.json `bin`), found through the package's exports. */
function binOf(pkg: string, name: string) {
  const manifest = require.resolve(`${pkg}/package.json`)
  const bin = (require(manifest) as { bin: Record<string, string> }).bin[name]!
  return path.join(path.dirname(manifest), bin)
}

/** Builds the bare app when its sources (or React Router's version) changed since the last build. */
export function buildBareApp() {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'build' || entry.name === '.react-router') continue
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else hash.update(file).update(fs.readFileSync(file))
    }
  }
  walk(BARE_DIR)
  hash.update((require('react-router/package.json') as { version: string }).version)
  const digest = hash.digest('hex')
  const stamp = path.join(BARE_DIR, 'build', '.sources')
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return
  execFileSync('npx', ['react-router', 'build'], { cwd: BARE_DIR, stdio: ['ignore', 'ignore', 'inherit'] })
  fs.writeFileSync(stamp, digest)
}

export async function startBareApp() {
  const port = await freePort()
  const child = spawn(process.execPath, [binOf('@react-router/serve', 'react-router-serve'), 'build/server/index.js'], {
    cwd: BARE_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/login`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}
