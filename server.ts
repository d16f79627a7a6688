// The HTTP server: Express 5 with compression, security headers, static assets, /healthz,
// request logs and graceful shutdown, then the React Router request handler (server/app.ts).
import { randomBytes, randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import v8 from 'node:v8'
import { Worker } from 'node:worker_threads'
import compression from 'compression'
import express from 'express'
import helmet, { type HelmetOptions } from 'helmet'
import type * as AppModuleTypes from './server/app'
import { renderRateLimit } from './server/render-rate-limit'
import { precompressed } from './server/precompressed'
import { scheduleJobs, type ScheduledJobs } from './server/jobs-start'
import { databaseImagePath, embeddedDataDir, holdsDatabase } from './app/utils/db-image.server'
import { DEFAULT_DATA_DIR } from './app/env.server'

process.env.NODE_ENV ??= 'production'
// The embedded Postgres is WebAssembly. V8 optimises every function that runs a while, and at
// start-up that is Postgres's own start-up code, run once: 1.4 s of compiling on a 2-core machine,
// beside the start. A 55× budget leaves that code to the baseline compiler; the queries a server
// runs all day still reach the optimising one within a few hundred (ADR 196). Set before PGlite
// compiles its module.
v8.setFlagsFromString('--wasm-tiering-budget=100000000')
const DEV = process.env.NODE_ENV === 'development'

type AppModule = typeof AppModuleTypes

/** Public files all have an extension: page requests skip the file-system look-ups. */
function filesOnly(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (/\.[\w]+$/.test(req.path) ? serve(req, res, next) : next())
}

/**
 * A fresh DATA_DIR: the embedded database's image is written out on a worker thread while this
 * one loads the app's modules (ADR 194). Settles either way: should it fail, the app's own
 * openDatabase restores the image and reports why.
 */
function restoreDatabaseImage(): Promise<unknown> | null {
  const dataDir = embeddedDataDir(process.env.DATA_DIR ?? DEFAULT_DATA_DIR)
  if (holdsDatabase(dataDir)) return null // a restart: no thread to start
  const workerData = { image: databaseImagePath(), dataDir }
  const worker = new Worker(new URL('./db-image-worker.js', import.meta.url), { workerData })
  return new Promise((resolve) => {
    worker.once('error', resolve)
    worker.once('exit', resolve)
  })
}

async function loadAppModule(app: express.Express): Promise<AppModule> {
  if (!DEV) {
    const file = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')
    return (await import(pathToFileURL(file).href)) as AppModule
  }
  const vite = await import('vite').then((v) => v.createServer({ server: { middlewareMode: true } }))
  app.use(vite.middlewares)
  return (await vite.ssrLoadModule('./server/app.ts')) as AppModule
}

type Env = ReturnType<AppModule['parseEnv']>
type Logger = ReturnType<AppModule['createLogger']>
type Services = Awaited<ReturnType<AppModule['createServices']>>

/** The validated settings, or a message naming the wrong one and exit code 1. */
function readEnv(mod: AppModule): Env {
  try {
    return mod.parseEnv(process.env)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

/** Request id (kept from X-Request-Id when it looks like one) and one log line per request. */
function requestLog(logger: Logger): express.RequestHandler {
  return (req, res, next) => {
    const started = performance.now()
    const incoming = req.get('x-request-id')
    res.locals.requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID()
    res.setHeader('X-Request-Id', res.locals.requestId)
    res.on('finish', () => {
      const fields = {
        requestId: res.locals.requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
      }
      if (req.path.startsWith('/assets/')) logger.debug('request', fields)
      else logger.info('request', fields)
    })
    next()
  }
}

/**
 * A fresh CSP nonce per response, for the scripts React Router writes into the page: 16 bytes of
 * the CSPRNG, each used once, drawn from a 4 KB batch (one call into OpenSSL per 256 responses
 * instead of one per response, ≈ 1 % of a rendered page's CPU).
 */
let nonceBytes = Buffer.alloc(0)
let nonceOffset = 0
const cspNonce: express.RequestHandler = (_req, res, next) => {
  if (nonceOffset + 16 > nonceBytes.length) {
    nonceBytes = randomBytes(4096)
    nonceOffset = 0
  }
  res.locals.cspNonce = nonceBytes.toString('base64', nonceOffset, nonceOffset + 16)
  nonceOffset += 16
  next()
}

/** Helmet's settings: a nonce-based CSP that allows only the analytics hosts configured. */
function helmetOptions(env: Env): HelmetOptions {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce}'`
  const analyticsHosts = [env.POSTHOG_HOST, env.POSTHOG_KEY ? 'https://us.i.posthog.com' : null]
    .filter((host): host is string => !!host)
    .map((host) => new URL(host).origin)
  // Google's tag hosts, only when a container is configured (it loads only after consent; ADR 052).
  const tagHosts = env.GTM_ID
    ? ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : []
  // Stripe's embedded checkout on /plano/contratar, only when it is configured (ADR 083).
  const stripeEmbedded = env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
  const stripeFrames = stripeEmbedded
    ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com']
    : []
  const stripeConnect = stripeEmbedded
    ? ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://merchant-ui-api.stripe.com']
    : []
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", nonce, "'strict-dynamic'", ...(DEV ? ["'unsafe-eval'"] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        // The property form resizes photos in a worker of our own (ADR 192).
        'worker-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', ...tagHosts, ...(stripeEmbedded ? ['https://*.stripe.com'] : [])],
        // blob: the property form reads the photos it just resized in the browser.
        'connect-src': [
          "'self'",
          'blob:',
          ...analyticsHosts,
          ...tagHosts,
          ...stripeConnect,
          ...(DEV ? ['ws:', 'wss:'] : []),
        ],
        'frame-src': ["'self'", 'https://www.googletagmanager.com', ...stripeFrames],
        'form-action': null,
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // 'no-referrer' makes Chromium send `Origin: null` on form posts, which React Router's
    // CSRF check refuses: every form without JavaScript would fail. Same-origin keeps the
    // referrer from other sites and the Origin on our own posts.
    referrerPolicy: { policy: 'same-origin' },
    // Production is https unless INSECURE_COOKIES says otherwise, whatever APP_URL says (ADR 210).
    strictTransportSecurity: !DEV && !env.INSECURE_COOKIES ? undefined : false,
  }
}

/** The built client (hashed assets cached for a year, sent as the build compressed them) and public/. */
function serveStaticFiles(app: express.Express) {
  if (!DEV) {
    app.use(
      '/assets',
      precompressed('build/client/assets'),
      express.static('build/client/assets', { immutable: true, maxAge: '1y', fallthrough: false }),
    )
    app.use(filesOnly(express.static('build/client', { maxAge: '1h', index: false })))
  }
  app.use(filesOnly(express.static('public', { maxAge: '1h', index: false })))
}

/** GET /healthz: 200 when the database answers, 503 when it does not. */
function healthCheck(services: Services, logger: Logger): express.RequestHandler {
  return async (_req, res) => {
    try {
      await services.database.ping()
      res.set('Cache-Control', 'no-store').json({ status: 'ok' })
    } catch (error) {
      services.databaseAvailability.markDown(error)
      logger.error('healthz failed', { error })
      res.status(503).json({ status: 'unavailable' })
    }
  }
}

/** How long after listening the jobs start: the first requests do not queue behind pg-boss's
 * start-up queries on the one embedded connection (ADR 196). */
const JOBS_START_DELAY_MS = 250

/** What scheduleJobs needs to start this instance's jobs and tell an outage from a bug. */
function jobsStart(mod: AppModule, services: Services, logger: Logger) {
  return { start: () => mod.startJobs(services), isDatabaseUnavailable: mod.isDatabaseUnavailable, logger }
}

/** SIGTERM / SIGINT: stop taking connections, finish the open requests, close the services. */
function closeOnSignals(server: Server, mod: AppModule, services: Services, logger: Logger, jobs: ScheduledJobs) {
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    logger.info('shutting down', { signal })
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    server.close(async () => {
      await jobs.settled()
      await mod.closeServices(services).catch(() => {})
      await exitAfterFlush(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

/** `npm run worker` (WORKER=only): the jobs and nothing else, until a signal stops them. */
function workerOnly(mod: AppModule, services: Services, logger: Logger) {
  logger.info('worker only: no HTTP server')
  const jobs = scheduleJobs({ ...jobsStart(mod, services, logger), delayMs: 0 })
  const stop = async (signal: string) => {
    logger.info('shutting down', { signal })
    await jobs.settled()
    await mod.closeServices(services).catch(() => {})
    await exitAfterFlush(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

/** The error tracker (SENTRY_DSN), when one is set: what it still holds is sent before exiting. */
let errors: Awaited<ReturnType<AppModule['startErrorTracker']>> = null

async function exitAfterFlush(code: number): Promise<never> {
  await errors?.flush(2000)
  process.exit(code)
}

async function main() {
  const app = express()
  app.disable('x-powered-by')
  const restoring = DEV || process.env.DATABASE_URL ? null : restoreDatabaseImage()
  const mod = await loadAppModule(app)
  await restoring
  const env = readEnv(mod)
  errors = await mod.startErrorTracker({ dsn: env.SENTRY_DSN, environment: process.env.NODE_ENV ?? 'development' })
  const logger = mod.createLogger(env.LOG_LEVEL, {}, undefined, errors ?? undefined)
  // The embedded database's own thread, built beside this file (ADR 235).
  const databaseThread = DEV ? undefined : new URL('./embedded-postgres-worker.js', import.meta.url)
  const services = await mod.createServices(env, logger, databaseThread)
  if (env.WORKER === 'jobs') return workerOnly(mod, services, logger)
  // A hop count or the proxies' addresses, never `true`: req.ip is then the address our own
  // proxy saw, not the leftmost X-Forwarded-For entry a client can write (issue 66, ADR 287).
  if (env.TRUST_PROXY !== false) app.set('trust proxy', env.TRUST_PROXY)

  app.use(requestLog(logger))
  app.use(cspNonce)
  app.use(helmet(helmetOptions(env)))
  app.use(compression())
  serveStaticFiles(app)
  app.get('/healthz', healthCheck(services, logger))
  app.use(renderRateLimit({ disabled: env.RATE_LIMIT_DISABLED }))
  // While the database is unreachable: the pt-BR 503 page, until a ping succeeds (ADR 144).
  app.use(mod.databaseGate(services.databaseAvailability, env.APP_NAME))
  // A signed-out visitor's /login (and the like) from memory, with a fresh nonce (ADR 199).
  if (services.guestPages) app.use(mod.serveGuestPages(services.guestPages))
  // A signed-in person's /imoveis from memory while their data has not changed (ADR 201).
  if (services.userPages)
    app.use(mod.serveUserPages(services.userPages, { db: services.database.db, auth: services.auth }))
  app.use(await mod.createAppHandler(services))

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : env.PORT
    logger.info('listening', { url: `http://localhost:${port}`, mode: process.env.NODE_ENV })
  })
  const jobs = scheduleJobs({ ...jobsStart(mod, services, logger), delayMs: JOBS_START_DELAY_MS })
  // Node closes an idle kept-alive socket after 5 s; a client reusing it at that moment gets
  // ECONNRESET. Outlive the clients and proxies in front of us (load balancers keep 60 s), so
  // it is always the client that lets go first. Headers must still arrive within that window.
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  closeOnSignals(server, mod, services, logger, jobs)
  // A promise nobody awaited that rejects (a background write while the database is away) is
  // logged as an error, not a crash that would cut every request in flight; a thrown exception
  // still ends the process (its state is unknown).
  process.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection', {
      error: reason,
    })
  })
}

main().catch(async (error) => {
  console.error(error)
  await exitAfterFlush(1)
})
