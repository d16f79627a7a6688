// The composition root, bundled with the routes (vite.config.ts makes it the SSR entry), so the
// router context keys and the services live in one module graph. server.ts loads this module.
import { createAuthBackend } from './auth-backend'
import { limitBodies, refuseCrossOrigin } from './http-boundary'
import fs from 'node:fs/promises'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { RouterContextProvider } from 'react-router'
import {
  billingContext,
  clientIpContext,
  cspNonceContext,
  dbContext,
  envContext,
  loggerContext,
  requestIdContext,
  storageContext,
  sessionSecretContext,
  kitFilesContext,
  postImagesContext,
  publishingContext,
  jobsContext,
  databaseAvailabilityContext,
  userPageCacheContext,
  userPageRequestContext,
  guestPageCacheContext,
  emailContext,
  rateLimiterContext,
  authBackendContext,
} from '~/context'
import { EnvError, requireHostedSecrets, type Env } from '~/env.server'
import { openDatabase, type DatabaseHandle } from '~/utils/db.server'
import { databaseImagePath, embeddedDataDir } from '~/utils/db-image.server'
import { runWithLogger, setProcessLogger, type Logger } from '~/utils/logger.server'
import { recoverStuckPosts } from '~/models/posts.server'
import { sessionSecretFor } from '~/models/app-secrets.server'
import { sealStoredCredentials } from '~/models/stored-credentials.server'
import { installTemplateLibrary, shippedLibrary } from '~/models/template-library.server'
import { createStorage, storageConfigFromEnv, type Storage } from '~/integrations/storage/storage.server'
import { startTemporaryUploadSweeper } from '~/integrations/storage/temporary-uploads.server'
import { type AuthBackend } from '~/utils/auth.server'
import { DEFAULT_PASSWORD_HASH_COST } from './auth-api/core'
import { createEmailService, productionMailProblem, type EmailService } from '~/integrations/mail/email.server'
import { devMailboxOf } from '~/models/dev-emails.server'
import { createBilling, type BillingBackend } from '~/integrations/stripe/billing.server'
import { createPostImages, type PostImages } from '~/workflows/post-images.server'
import { startStuckPostSweeper } from '~/workflows/generation.server'
import { configureToastCookie } from '~/utils/toast.server'
import { createKitFiles, type KitFiles } from '~/workflows/media-kit-files.server'
import { createGuestPageCache, type GuestPageCache } from '~/utils/guest-page-cache.server'
import { createUserPageCache, type UserPageCache, type UserPageRequest } from '~/middleware/user-page-cache.server'
import {
  createDatabaseAvailability,
  isDatabaseUnavailable,
  type DatabaseAvailability,
} from '~/utils/db-availability.server'
import { createRateLimiter, type RateLimiter } from '~/models/rate-limits.server'
import { createJobsOn, type Jobs } from '~/utils/jobs.server'
import { feedSyncDeps, startFeedSyncJob } from '~/workflows/feed-sync-job.server'
import { createPublishing, startPublishingJobs, type Publishing } from '~/workflows/publishing-service.server'
import { startVideoJobs } from '~/workflows/video-job.server'
import { checkEncoders } from '~/integrations/video/ffmpeg.server'
import { authUserDeleter, startTrialCleanupJob } from '~/workflows/trial-cleanup-job.server'
import { startLeadRetentionJob } from '~/workflows/lead-privacy.server'
import { startMailJobs } from '~/workflows/mail-jobs.server'
import { startMonthJobs } from '~/workflows/month-draft-job.server'
import { sendQueuedInvite } from '~/workflows/team.server'
import { sendLeadEmail } from '~/workflows/leads.server'

export { parseEnv, EnvError } from '~/env.server'
export { createLogger } from '~/utils/logger.server'
export { startErrorTracker } from '~/integrations/errors/error-tracker.server'
export { databaseGate, isDatabaseUnavailable } from '~/utils/db-availability.server'
export { serveGuestPages } from '~/utils/guest-page-cache.server'
export { serveUserPages } from '~/middleware/user-page-cache.server'

export type Services = {
  env: Env
  logger: Logger
  database: DatabaseHandle
  storage: Storage
  email: EmailService
  auth: AuthBackend
  rateLimiter: RateLimiter
  postImages: PostImages
  /** Background work started with the services and stopped with them. */
  stopBackgroundWork: () => void
  billing: BillingBackend
  kitFiles: KitFiles
  /** pg-boss on the app's database (ADR 100); stopped before the database closes. */
  jobs: Jobs
  publishing: Publishing
  /** SESSION_SECRET, else the instance's random one kept in the database (ADR 140). */
  sessionSecret: string
  /** Outage tracking: the 503 page while the database is unreachable (ADR 144). */
  databaseAvailability: DatabaseAvailability
  /** Pages the same for every signed-out visitor (ADR 199); none in development. */
  guestPages: GuestPageCache | null
  /** Signed-in pages kept until the person's data changes (ADR 201); none in development. */
  userPages: UserPageCache | null
}

/**
 * The database the environment names, or the embedded one in DATA_DIR (on `thread` when given),
 * with the tracker of its outages (ADR 144).
 */
async function openAppDatabase(env: Env, logger: Logger, dataDir: string, thread: URL | undefined) {
  if (!env.DATABASE_URL) await fs.mkdir(embeddedDataDir(dataDir), { recursive: true })
  // The pool's error listener is given before the handle exists; it reads the tracker when fired.
  const outage: { tracker?: DatabaseAvailability } = {}
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : embeddedDataDir(dataDir),
    image: databaseImagePath(),
    migrationsDir: env.MIGRATIONS_DIR,
    thread: thread && {
      script: thread,
      // A server without its database answers nothing but errors: it ends, for its supervisor to
      // start it again (the data directory is as PGlite left it, as after a crash of the process).
      onStop: (error) => {
        logger.error('the embedded database thread stopped; the server exits', { error })
        process.exit(1)
      },
    },
    onConnectionError: (error) => {
      logger.warn('database connection lost; the next query reconnects', { error })
      if (isDatabaseUnavailable(error)) outage.tracker?.markDown(error)
    },
  })
  const availability = createDatabaseAvailability({ ping: () => database.ping(), logger })
  outage.tracker = availability
  return { database, availability }
}

/**
 * Opens every backend the environment names (or its embedded default), once, at start-up.
 * `databaseThread`: the built worker script the embedded database runs on (ADR 235); without it
 * (development) the embedded database runs on this thread.
 */
export async function createServices(env: Env, logger: Logger, databaseThread?: URL): Promise<Services> {
  setProcessLogger(logger)
  const mailProblem = productionMailProblem(env)
  if (mailProblem) throw new EnvError(mailProblem)
  // A hosted database keeps no key beside the data: refused before it is opened (ADR 305).
  requireHostedSecrets(env)
  try {
    checkEncoders()
  } catch (error) {
    throw new EnvError((error as Error).message, { cause: error })
  }
  const dataDir = path.resolve(env.DATA_DIR)
  const { database, availability } = await openAppDatabase(env, logger, dataDir, databaseThread)
  await database.migrate()
  logger.info('database ready', { driver: database.driver })
  // The shipped template library is installed (or updated) on every start, not only by the seed,
  // and the posts a crash or restart left generating are failed (ADRs 031, 033).
  const library = await installTemplateLibrary(database.db, shippedLibrary({ testTemplates: env.TEST_TEMPLATES }))
  const recoveredPosts = await recoverStuckPosts(database.db)
  logger.info('template library ready', { ...library, recoveredPosts })
  await sealStoredCredentials(env, database.db, logger)
  const sessionSecret = await sessionSecretFor(env, database.db)
  configureToastCookie(env, sessionSecret)
  if (env.NODE_ENV === 'production' && env.AUTH_PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST)
    logger.warn('AUTH_PASSWORD_HASH_COST below 10: new passwords are cheaper to crack; test servers only (ADR 204)')
  if (env.NODE_ENV === 'production' && !env.INSECURE_COOKIES && env.APP_URL?.startsWith('http://'))
    logger.warn(
      'APP_URL is plain http but cookies are Secure: browsers drop them there; INSECURE_COOKIES=true for a plain-http site (ADR 210)',
    )
  if (env.APP_URL?.startsWith('https://') && !env.DPO_EMAIL)
    logger.warn('DPO_EMAIL not set: the privacy policy shows a derived contact (ADR 053)')
  const storage = createStorage({ ...storageConfigFromEnv(env), dataDir })
  logger.info('storage ready', { backend: storage.backend })
  const email = createEmailService({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    devMailbox: devMailboxOf(database.db),
    logger,
  })
  const auth = await createAuthBackend({ env, db: database.db, email, logger })
  logger.info('auth ready', { mode: auth.mode, email: email.backend })
  const rateLimiter = createRateLimiter(database.db, { disabled: env.RATE_LIMIT_DISABLED })
  const postImages = createPostImages({ storage, logger, screenshotBase: env.SCREENSHOT_URL })
  // Files of forms never saved are removed once a day old (ADR 070).
  const sweeper = startTemporaryUploadSweeper(storage, logger)
  const stuckPosts = startStuckPostSweeper(database.db, logger)
  const billing = await createBilling(env)
  if (billing.provider === 'stripe' && !env.STRIPE_WEBHOOK_SECRET)
    logger.warn('STRIPE_WEBHOOK_SECRET not set: the Stripe webhook refuses every delivery (ADR 081)')
  logger.info('billing ready', { provider: billing.provider })
  const jobs = createJobsOn(database, env.DATABASE_URL, logger)
  const publishing = await createPublishing({ env, logger, database, postImages, storage, siteUrl: auth.siteUrl, jobs })
  return {
    env,
    logger,
    database,
    storage,
    email,
    auth,
    rateLimiter,
    postImages,
    billing,
    jobs,
    publishing,
    kitFiles: createKitFiles({ storage, logger }),
    sessionSecret,
    databaseAvailability: availability,
    guestPages: env.NODE_ENV === 'production' ? createGuestPageCache() : null,
    userPages: env.NODE_ENV === 'production' ? createUserPageCache() : null,
    stopBackgroundWork: () => {
      sweeper.stop()
      stuckPosts.stop()
    },
  }
}

/**
 * This instance's jobs (unless WORKER=web): publishing (posts and Reels alike), the token refresh,
 * the feed sync, the property videos' rendering, the cleanup of left trials and the e-mails that
 * follow a decision. The server calls it once it listens, so /healthz does not wait for pg-boss's
 * workers (ADR 196).
 */
export async function startJobs(services: Services) {
  const { env, logger, database, storage, jobs } = services
  if (env.WORKER === 'web') return
  await startPublishingJobs(services.publishing, env, logger)
  await startFeedSyncJob(jobs, await feedSyncDeps(env, database.db, storage, logger), database.driver === 'pglite')
  await startVideoJobs(jobs, { db: database.db, storage, logger, speech: env })
  await startTrialCleanupJob(jobs, {
    db: database.db,
    storage,
    billing: services.billing,
    logger,
    deleteAuthUser: authUserDeleter(services.auth),
  })
  // LGPD (ADR 321): leads past the account's retention, deleted daily.
  await startLeadRetentionJob(jobs, { db: database.db, logger })
  // E-mails after a recorded decision (ADR 261): sent here, tried again while the mail server is down.
  await startMailJobs(jobs, () => provideContext(services, { requestId: 'mail-job', cspNonce: '' }), {
    invite: sendQueuedInvite,
    lead: sendLeadEmail,
  })
  // "Mês pronto" (ADR 283): a month drafted piece by piece, resumed after a restart.
  await startMonthJobs(jobs, { db: database.db, env, logger, siteUrl: services.auth.siteUrl })
}

export async function closeServices(services: Services) {
  services.stopBackgroundWork()
  await services.jobs.stop().catch((error) => services.logger.error('jobs stop failed', { error }))
  await services.database.close()
}

/** Puts the services and this request's facts in the typed router context. */
export function provideContext(
  services: Services,
  request: { requestId: string; cspNonce: string; clientIp?: string; userPage?: UserPageRequest | null },
) {
  const context = new RouterContextProvider()
  context.set(envContext, services.env)
  context.set(dbContext, services.database.db)
  context.set(storageContext, services.storage)
  context.set(loggerContext, services.logger.child({ requestId: request.requestId }))
  context.set(requestIdContext, request.requestId)
  context.set(cspNonceContext, request.cspNonce)
  context.set(clientIpContext, request.clientIp ?? '')
  context.set(emailContext, services.email)
  context.set(authBackendContext, services.auth)
  context.set(rateLimiterContext, services.rateLimiter)
  context.set(postImagesContext, services.postImages)
  context.set(billingContext, services.billing)
  context.set(kitFilesContext, services.kitFiles)
  context.set(jobsContext, services.jobs)
  context.set(publishingContext, services.publishing)
  context.set(sessionSecretContext, services.sessionSecret)
  context.set(databaseAvailabilityContext, services.databaseAvailability)
  context.set(guestPageCacheContext, services.guestPages)
  context.set(userPageCacheContext, services.userPages)
  context.set(userPageRequestContext, request.userPage ?? null)
  return context
}

const loadBuild = () => import('virtual:react-router/server-build')

export async function createAppHandler(services: Services) {
  // Outside development the build is loaded once: given a function, React Router derives the
  // route tree again (flattening and ranking every route) on every request.
  const build = process.env.NODE_ENV === 'development' ? loadBuild : await loadBuild()
  const handler = createRequestHandler({
    build,
    mode: services.env.NODE_ENV,
    getLoadContext: (req: ExpressRequest, res: ExpressResponse) =>
      provideContext(services, {
        requestId: String(res.locals.requestId ?? ''),
        cspNonce: String(res.locals.cspNonce ?? ''),
        // Express's req.ip honours TRUST_PROXY (X-Forwarded-For behind a load balancer).
        clientIp: req.ip ?? '',
        // What serveUserPages read before the router ran (ADR 201).
        userPage: (res.locals.userPage as UserPageRequest | undefined) ?? null,
      }),
  })
  // The boundary's refusals first (ADR 311), then the router; code with no router context logs
  // with this request's id (currentLogger()).
  return [
    refuseCrossOrigin,
    limitBodies,
    (req: ExpressRequest, res: ExpressResponse, next: (error?: unknown) => void) =>
      runWithLogger(services.logger.child({ requestId: String(res.locals.requestId ?? '') }), () =>
        handler(req, res, next),
      ),
  ]
}
