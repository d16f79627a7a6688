// The HTTP server: Express 5 with compression, security headers, static assets, /healthz,
// request logs and graceful shutdown, then the React Router request handler (server/app.ts).
import { randomBytes, randomUUID } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import type * as AppModuleTypes from './server/app'

process.env.NODE_ENV ??= 'production'
const DEV = process.env.NODE_ENV === 'development'

type AppModule = typeof AppModuleTypes

async function loadAppModule(app: express.Express): Promise<AppModule> {
  if (!DEV) {
    const file = path.resolve(process.env.BUILD_DIR ?? 'build', 'server/index.js')
    return (await import(pathToFileURL(file).href)) as AppModule
  }
  const vite = await import('vite').then((v) =>
    v.createServer({ server: { middlewareMode: true } }),
  )
  app.use(vite.middlewares)
  return (await vite.ssrLoadModule('./server/app.ts')) as AppModule
}

async function main() {
  const app = express()
  app.disable('x-powered-by')
  const mod = await loadAppModule(app)

  let env: ReturnType<AppModule['parseEnv']>
  try {
    env = mod.parseEnv(process.env)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
  const logger = mod.createLogger(env.LOG_LEVEL)
  const services = await mod.createServices(env, logger)
  if (env.TRUST_PROXY) app.set('trust proxy', true)

  // Request id and one structured log line per request.
  app.use((req, res, next) => {
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
  })

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  })
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as express.Response).locals.cspNonce}'`
  const analyticsHosts = [env.POSTHOG_HOST, env.POSTHOG_KEY ? 'https://us.i.posthog.com' : null]
    .filter((host): host is string => !!host)
    .map((host) => new URL(host).origin)
  // Google's tag hosts, only when a container is configured (it loads only after consent; ADR 052).
  const tagHosts = env.GTM_ID
    ? ['https://*.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com']
    : []
  // Stripe's embedded checkout on /plano/contratar, only when it is configured (ADR 083).
  const stripeEmbedded = env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
  const stripeFrames = stripeEmbedded ? ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com', 'https://hooks.stripe.com'] : []
  const stripeConnect = stripeEmbedded ? ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://merchant-ui-api.stripe.com'] : []
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'", nonce, "'strict-dynamic'", ...(DEV ? ["'unsafe-eval'"] : [])],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', ...tagHosts, ...(stripeEmbedded ? ['https://*.stripe.com'] : [])],
          'connect-src': ["'self'", ...analyticsHosts, ...tagHosts, ...stripeConnect, ...(DEV ? ['ws:', 'wss:'] : [])],
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
      strictTransportSecurity: !DEV && env.APP_URL?.startsWith('https://') ? undefined : false,
    }),
  )
  app.use(compression())

  if (!DEV) {
    // Hashed file names: cache for a year.
    app.use(
      '/assets',
      express.static('build/client/assets', { immutable: true, maxAge: '1y', fallthrough: false }),
    )
    app.use(express.static('build/client', { maxAge: '1h', index: false }))
  }
  app.use(express.static('public', { maxAge: '1h', index: false }))

  app.get('/healthz', async (_req, res) => {
    try {
      await services.database.ping()
      res.set('Cache-Control', 'no-store').json({ status: 'ok' })
    } catch (error) {
      logger.error('healthz failed', { error: String(error) })
      res.status(503).json({ status: 'unavailable' })
    }
  })

  app.use(mod.createAppHandler(services))

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : env.PORT
    logger.info('listening', { url: `http://localhost:${port}`, mode: process.env.NODE_ENV })
  })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    logger.info('shutting down', { signal })
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    server.close(async () => {
      await mod.closeServices(services).catch(() => {})
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
