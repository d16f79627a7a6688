// Shared by the bench scripts: start the production build on a free port with a throwaway
// embedded database, and measure the JavaScript a page loads.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { readFileSync } from 'node:fs'

export async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startServer(
  env: Record<string, string> = {},
  /** `stdout`: a file descriptor for the server's standard output (e.g. `--trace-gc`'s lines). */
  options: { keepData?: boolean; nodeArgs?: string[]; cwd?: string; stdout?: number } = {},
) {
  const port = await freePort()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'))
  // Flags for the server's node (e.g. `--cpu-prof`): from the caller, or BENCH_NODE_ARGS.
  const nodeArgs = [...(options.nodeArgs ?? []), ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)]
  const child: ChildProcess = spawn('node', [...nodeArgs, 'build/server.js'], {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DEV_MAILBOX: 'true',
      ...env,
    },
    stdio: ['ignore', options.stdout ?? 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  const stopProcess = async () => {
    if (child.exitCode !== null) return
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
  const removeData = () => fs.rm(dataDir, { recursive: true, force: true })
  return {
    url,
    dataDir,
    child,
    /** Stops the server; its data stays until removeData (to count rows after a run). */
    stopProcess,
    removeData,
    async stop() {
      await stopProcess()
      if (!options.keepData) await removeData()
    },
  }
}

/**
 * Every script a page loads once it is on screen (the entry and the chunks the page's loader
 * script lists, ADR 197), gzip-compressed sizes.
 */
export async function pageJavaScript(url: string, init?: RequestInit) {
  const html = await (await fetch(url, init)).text()
  const srcs = new Set<string>()
  // The files `loadPageScripts(files, code)` is called with (app/components/ui/deferred-scripts.tsx);
  // not every path the inline route manifest names, most of which load only when a link is followed.
  for (const src of JSON.parse(html.match(/\}\)\((\["[^\]]*\])/)?.[1] ?? '[]') as string[]) srcs.add(src)
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) srcs.add(match[1]!)
  let raw = 0
  let gzip = 0
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { files: srcs.size, raw, gzip }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** CPU time (user + system) a process has used so far, in ms (Linux, /proc). */
export function processCpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/**
 * Waits until a server is idle: under 2 % of a core over a second (at most `timeoutMs`). The bench
 * set-up's properties leave the photo pipeline at work for a while; its CPU is not a page's.
 */
export async function untilIdle(pid: number, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const before = processCpuMs(pid)
    await new Promise((r) => setTimeout(r, 1000))
    if (processCpuMs(pid) - before < 20) return
  }
}
