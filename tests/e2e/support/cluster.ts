// A scaled-out Vitrine on this machine (ADR 228): two web instances (WORKER=false) and one worker
// (WORKER=only) of the production build, behind HAProxy from Debian's packages (round-robin,
// TRUST_PROXY=true), on one Postgres database of their own (TEST_DATABASE_URL's server), one
// S3-compatible store (the project's S3 test server, tests/mocks/s3.ts: no S3 server installs from
// npm or Debian here) and one SESSION_SECRET. Nothing else is shared: each process has a DATA_DIR
// of its own, as on separate machines (everything kept for later is in the bucket). HAProxy names
// the instance that answered in `X-Served-By`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { startMockS3, type MockS3 } from '../../mocks/s3'
import { databaseNamed } from '../../support/database-url'

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy'

/** Why the cluster cannot run here (no Postgres server, no HAProxy), or null. */
export function clusterUnavailable(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'needs a Postgres server (TEST_DATABASE_URL), as in .ci/run'
  if (spawnSync(HAPROXY, ['-v']).status !== 0) return `needs HAProxy (${HAPROXY}; .ci/run installs it)`
  return null
}

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

/** One process of the build, its output kept (the worker's log lines are counted). */
export type Instance = {
  name: string
  url: string
  output: () => string
  /** kill -9: no shutdown, no goodbye to the balancer. */
  kill9(): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

function instance(name: string, env: NodeJS.ProcessEnv, url: string): Instance {
  let child: ChildProcess | null = null
  let output = ''
  const exited = () => (child ? child.exitCode !== null || child.signalCode !== null : true)
  const waitExit = async () => {
    if (!child || exited()) return
    await new Promise((resolve) => child!.once('exit', resolve))
  }
  return {
    name,
    url,
    output: () => output,
    async start() {
      child = spawn(process.execPath, ['build/server.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
      if (env.WORKER === 'only') return
      const deadline = Date.now() + 120_000
      while (Date.now() < deadline) {
        if (exited()) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output}`)
        const ok = await fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) return
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      throw new Error(`${name} did not answer /healthz in time:\n${output}`)
    },
    async kill9() {
      child?.kill('SIGKILL')
      await waitExit()
    },
    async stop() {
      if (!child || exited()) return
      child.kill('SIGTERM')
      await waitExit()
    },
  }
}

async function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${code}):\n${errors}`)
}

function haproxyConfig(port: number, servers: Array<{ name: string; port: number }>) {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 70s',
    '  timeout server 70s',
    '  timeout http-keep-alive 60s',
    // A request to an instance that is gone (refused, reset before an answer) goes to the other.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '  option forwardfor',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-response set-header X-Served-By %s',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check inter 500 fall 2 rise 1`),
    '',
  ].join('\n')
}

export type Cluster = {
  /** The balancer's address: what a browser is given. */
  url: string
  web: [Instance, Instance]
  worker: Instance
  s3: MockS3
  /** The test's folder: the HAProxy config, and each process's own DATA_DIR under it. */
  dataDir: string
  /** What each process left in its DATA_DIR (relative paths, the embedded database's aside). */
  localFiles(): Promise<Record<string, string[]>>
  /** A client on the cluster's own database (the test's checks). */
  sql: pg.Client
  stop(): Promise<void>
}

export async function startCluster(): Promise<Cluster> {
  const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()]
  const url = `http://127.0.0.1:${lbPort}`
  const databaseUrl = databaseNamed(process.env.TEST_DATABASE_URL!, `vitrine_e2e_scale_${lbPort}`)
  const dataDir = path.resolve(`.e2e-data/scale-${lbPort}`)
  await fs.rm(dataDir, { recursive: true, force: true })
  await fs.mkdir(dataDir, { recursive: true })
  const s3 = await startMockS3()
  const shared: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    APP_URL: url,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: `scale-out-${lbPort}-${process.pid}-a-secret-of-some-length`,
    TOKEN_ENCRYPTION_KEY: `scale-out-${lbPort}-${process.pid}-the-sealing-key`,
    TRUST_PROXY: 'true',
    INSECURE_COOKIES: 'true',
    RATE_LIMIT_DISABLED: 'false',
    AUTH_PASSWORD_HASH_COST: '4',
    DEV_MAILBOX: 'true',
    TEST_TEMPLATES: 'true',
    LOG_LEVEL: 'warn',
    VIACEP_URL: 'http://127.0.0.1:9/ws',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.url,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  }
  const own = (name: string) => ({ ...shared, DATA_DIR: path.join(dataDir, name) })
  await run(process.execPath, ['tests/e2e/support/fresh-database.mjs', databaseUrl], own('seed'))
  await run('npm', ['run', 'seed', '--silent', '--', '--without-demo-homes'], {
    ...own('seed'),
    SEED_ADMIN_PASSWORD: 'vitrine-admin',
  })
  const web: [Instance, Instance] = [
    instance('a', { ...own('a'), PORT: String(portA), WORKER: 'false' }, `http://127.0.0.1:${portA}`),
    instance('b', { ...own('b'), PORT: String(portB), WORKER: 'false' }, `http://127.0.0.1:${portB}`),
  ]
  // The worker logs each publication (info): the test counts them.
  const worker = instance('worker', { ...own('worker'), WORKER: 'only', LOG_LEVEL: 'info' }, '')
  await Promise.all([...web.map((w) => w.start()), worker.start()])

  const config = path.join(dataDir, 'haproxy.cfg')
  await fs.writeFile(
    config,
    haproxyConfig(lbPort, [
      { name: 'a', port: portA },
      { name: 'b', port: portB },
    ]),
  )
  const haproxy = spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] })
  let haproxyErrors = ''
  haproxy.stderr!.on('data', (chunk: Buffer) => (haproxyErrors += chunk.toString()))
  // Both instances in rotation before the journey starts.
  const seen = new Set<string>()
  for (let i = 0; i < 100 && seen.size < 2; i++) {
    const served = await fetch(`${url}/healthz`).then(
      (r) => (r.ok ? r.headers.get('x-served-by') : null),
      () => null,
    )
    if (served) seen.add(served)
    else await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (seen.size < 2) throw new Error(`HAProxy did not bring both instances up:\n${haproxyErrors}`)

  const sql = new pg.Client({ connectionString: databaseUrl })
  await sql.connect()
  return {
    url,
    web,
    worker,
    s3,
    dataDir,
    sql,
    async localFiles() {
      const found: Record<string, string[]> = {}
      for (const name of ['seed', 'a', 'b', 'worker']) {
        const root = path.join(dataDir, name)
        const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
        found[name] = entries
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
          .sort()
      }
      return found
    },
    async stop() {
      haproxy.kill('SIGTERM')
      await sql.end().catch(() => {})
      await Promise.all([...web.map((w) => w.stop()), worker.stop()])
      await s3.close()
      // The cluster's database goes with it (fresh-database.mjs would drop it after six hours).
      const server = new pg.Client({ connectionString: databaseNamed(databaseUrl, 'postgres') })
      await server.connect()
      await server.query(`drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`)
      await server.end()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}
