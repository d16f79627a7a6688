// A second instance of the production build with settings of its own (POSTHOG_KEY pointed at a
// local test server, SUPABASE_URL pointed at itself, AUTH_CONFIRM_EMAIL…), on a free port with a
// fresh embedded database. The shared server of playwright.config.ts runs with no optional
// settings. Rate limits are off unless the settings turn them on.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'

export type AppServer = { url: string; pid: number; stderr: () => string; stop(): Promise<void> }

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function baseEnv(port: number, dataDir: string, url: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    INSECURE_COOKIES: 'true',
    LOG_LEVEL: 'warn',
    APP_URL: url,
    RATE_LIMIT_DISABLED: 'true',
    AUTH_PASSWORD_HASH_COST: '4',
    // Production refuses to start with the dev mailbox unless it is chosen (ADR 143).
    DEV_MAILBOX: 'true',
  }
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr()}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the server did not answer /healthz in time:\n${stderr()}`)
}

/** The seed's accounts (the admin among them) in the server's fresh database, before it starts. */
async function seed(env: NodeJS.ProcessEnv) {
  const child = spawn('npm', ['run', 'seed', '--silent', '--', '--without-demo-homes'], {
    env: { ...env, SEED_ADMIN_PASSWORD: 'vitrine-admin' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the seed failed (${code}):\n${errors}`)
}

/**
 * `env` may be a function of the server's own address (e.g. to make SUPABASE_URL point at it).
 * `seed`: the seed's accounts first (the admin who may open the dev mailbox).
 */
export async function startAppServer(
  env: Record<string, string> | ((url: string) => Record<string, string>),
  options: { seed?: boolean } = {},
): Promise<AppServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = path.resolve(`.e2e-data/extra-${port}`)
  await fs.rm(dataDir, { recursive: true, force: true })
  const serverEnv = { ...baseEnv(port, dataDir, url), ...(typeof env === 'function' ? env(url) : env) }
  if (options.seed) await seed(serverEnv)
  const child = spawn(process.execPath, ['build/server.js'], {
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const stderr = () => errors
  await waitForHealth(url, child, stderr)
  return {
    url,
    pid: child.pid!,
    stderr,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Starts the build with `env` and expects it to refuse: resolves with its exit code and stderr. */
export async function startExpectingFailure(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const dataDir = path.resolve(`.e2e-data/extra-${port}`)
  const child = spawn(process.execPath, ['build/server.js'], {
    env: { ...baseEnv(port, dataDir, url), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  clearTimeout(timer)
  await fs.rm(dataDir, { recursive: true, force: true })
  return { code, stderr }
}
