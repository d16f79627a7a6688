// The scheduling/publishing service the composition root opens once: the jobs queue, what an
// attempt needs, and (when this instance runs jobs) the worker, the start-up recovery and the
// daily token refresh. Routes reach it through `publishingContext`.
import type { Env } from '~/env.server'
import type { Jobs } from '~/utils/jobs.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { createPublishingLimits, type PublishingLimits } from './publishing-limit.server'
import { createGraphClient } from '~/integrations/meta/graph.server'
import { metaLoginConfig, refreshToken, type MetaLoginConfig } from '~/integrations/meta/instagram-login.server'
import { facebookLoginConfig, type FacebookLoginConfig } from '~/integrations/meta/facebook-login.server'
import { createPagesClient } from '~/integrations/meta/facebook-pages.server'
import {
  accountToken,
  accountsExpiringBefore,
  markForReconnect,
  storeRefreshedToken,
} from '~/models/social-accounts.server'
import { credentialsKeyFor } from '~/models/app-secrets.server'
import type { DatabaseHandle } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import type { PostImages } from './post-images.server'
import { recoverPublications, startPublishingWorker, type PublishingDeps } from './publishing.server'
import { INSIGHTS_CRON, INSIGHTS_QUEUE, readPostInsights } from './post-insights.server'

export type Publishing = {
  jobs: Jobs
  deps: PublishingDeps
  /** Null when META_APP_ID / META_APP_SECRET are not set: only the local outbox. */
  metaLogin: MetaLoginConfig | null
  /** Facebook Login, for the agent's Pages (ADR 308); null without a Facebook (or Meta) app. */
  facebookLogin: FacebookLoginConfig | null
  /** Each Instagram account's daily limit, asked before scheduling (issue 63). */
  limits: PublishingLimits
}

export const REFRESH_QUEUE = 'refresh-social-tokens'

/** Long-lived tokens that end within 10 days are renewed; a refused one asks for reconnection. */
export async function refreshExpiringTokens(deps: PublishingDeps, graphUrl: string, f: typeof fetch = fetch) {
  const soon = new Date(Date.now() + 10 * 24 * 3600 * 1000)
  let refreshed = 0
  for (const account of await accountsExpiringBefore(deps.db, soon)) {
    const token = accountToken(account, deps.credentialsKey)
    if (!token) continue
    try {
      const next = await refreshToken(graphUrl, token, f)
      await storeRefreshedToken(deps.db, account.id, deps.credentialsKey, next.token, next.expiresAt)
      refreshed++
    } catch (error) {
      deps.logger.warn('token refresh failed', { accountId: account.id, error })
      if (account.expires_at && account.expires_at.getTime() < Date.now())
        await markForReconnect(deps.db, account.id, 'O acesso expirou.')
    }
  }
  return refreshed
}

export async function createPublishing(options: {
  env: Env
  logger: Logger
  database: DatabaseHandle
  postImages: PostImages
  storage: Storage
  siteUrl: string
  jobs: Jobs
}): Promise<Publishing> {
  const { env, logger, database, jobs } = options
  const deps: PublishingDeps = {
    db: database.db,
    logger,
    postImages: options.postImages,
    storage: options.storage,
    graph: createGraphClient({ baseUrl: env.META_GRAPH_URL }),
    pages: createPagesClient({ baseUrl: env.FACEBOOK_GRAPH_URL }),
    credentialsKey: await credentialsKeyFor(env, database.db),
    appUrl: options.siteUrl,
  }
  const metaLogin = metaLoginConfig(env, options.siteUrl)
  if (metaLogin && !env.APP_URL?.startsWith('https://'))
    logger.warn('META_APP_ID set but APP_URL is not public https: Meta cannot fetch the images (ADR 102)')
  const facebookLogin = facebookLoginConfig(env, options.siteUrl)
  return {
    jobs,
    deps,
    metaLogin,
    facebookLogin,
    limits: createPublishingLimits(deps.db, deps.graph, deps.credentialsKey),
  }
}

/**
 * The publishing worker, the daily token refresh and the publications a stop left queued, on an
 * instance that runs jobs (`startJobs` in server/app.ts decides). The server runs it once it is
 * listening: a request that queues a job waits for pg-boss itself (jobs.send), never for this
 * (ADR 196).
 */
export async function startPublishingJobs(publishing: Publishing, env: Env, logger: Logger) {
  const { jobs, deps } = publishing
  await startPublishingWorker(jobs, deps)
  await jobs.work(REFRESH_QUEUE, async () => void (await refreshExpiringTokens(deps, env.META_GRAPH_URL)))
  await jobs.schedule(REFRESH_QUEUE, '17 4 * * *')
  // The day's Instagram insights of recent posts ("Resultados", ADR 224).
  await jobs.work(INSIGHTS_QUEUE, async () => void (await readPostInsights(deps)))
  await jobs.schedule(INSIGHTS_QUEUE, INSIGHTS_CRON)
  const recovered = await recoverPublications(deps.db, jobs)
  logger.info('jobs ready', { worker: true, recoveredPublications: recovered })
}

/** The local outbox (in storage), where publications go when no Instagram account is connected. */
export { listOutbox, listReelOutbox, readOutboxFile } from '~/integrations/meta/outbox.server'
