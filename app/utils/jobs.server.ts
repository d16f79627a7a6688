// Background jobs on pg-boss (ADR 100): Postgres is the queue. Hosted, pg-boss opens its own pool
// on DATABASE_URL; embedded, it runs its SQL through the app's PGlite connection (its `db` hook),
// so the queue lives in the same data directory and survives a restart like everything else.
import PgBoss from 'pg-boss'
import type { DatabaseHandle } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import { SAO_PAULO } from '~/domain/dates'

export type JobOptions = {
  /** Not before this instant. */
  startAfter?: Date
  /** With the queue's 'stately' policy: at most one queued and one running job per key. */
  singletonKey?: string
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>

export type WorkOptions = {
  /** Jobs of this queue run at once in this process (one pg-boss worker each); 1 by default. */
  concurrency?: number
}

export type Jobs = {
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>
  schedule(name: string, cron: string, data?: object): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

/** A connection pg-boss can run SQL through: PGlite's client (query / exec) or a pg Pool. */
export type SqlClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  exec?(text: string): Promise<{ rows: unknown[] }[]>
}

export type JobsConfig = {
  /** DATABASE_URL when hosted; otherwise `client` (PGlite). */
  url?: string
  client?: SqlClient
  logger: Logger
  /** Seconds between polls of a worker. */
  pollingIntervalSeconds?: number
  /** Seconds a running job may take before pg-boss hands it to another worker. */
  expireInSeconds?: number
  retryLimit?: number
  retryDelay?: number
}

/** pg-boss's `db` option over PGlite: multi-statement SQL (migrations, locked maintenance) goes
 * through `exec`, which has no parameters; everything else through `query`. */
export function executorFor(client: SqlClient): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && client.exec) {
        const results = await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      return client.query(text, values ?? [])
    },
  }
}

function bossOptions(config: JobsConfig): PgBoss.ConstructorOptions {
  return {
    ...(config.url ? { connectionString: config.url, max: 4 } : { db: executorFor(config.client!) }),
    schema: 'pgboss',
    pollingIntervalSeconds: config.pollingIntervalSeconds ?? 2,
    expireInSeconds: config.expireInSeconds ?? 15 * 60,
    retryLimit: config.retryLimit ?? 5,
    retryDelay: config.retryDelay ?? 30,
    retryBackoff: true,
    // Keep a week of finished jobs for support questions.
    deleteAfterDays: 7,
  }
}

/**
 * The database can go away while pg-boss starts (a restart, a network cut: ADR 214). pg-boss
 * cannot start again after a failed start (it stays "starting"), so the next call starts a new
 * instance, the failed one's pool closed; a queue whose creation failed is created again, and a
 * queue is worked once however often a start is retried.
 */
export function createJobs(config: JobsConfig): Jobs {
  const newBoss = () => {
    const created = new PgBoss(bossOptions(config))
    created.on('error', (error) => config.logger.error('jobs error', { error }))
    return created
  }
  let boss = newBoss()
  let started: Promise<unknown> | null = null
  const start = () => {
    started ??= boss.start().catch(async (error: unknown) => {
      const failed = boss
      boss = newBoss()
      started = null
      // What the failed start left running (maintenance timer) now reads a closed pool: quiet.
      failed.removeAllListeners('error').on('error', () => {})
      // Its own pool (hosted); the app's PGlite connection (embedded) stays open.
      const db = failed.getDb() as { pool?: unknown; close?: () => Promise<void> }
      if (db.pool) await db.close?.()
      throw error
    })
    return started.then(() => undefined)
  }
  const queues = new Map<string, Promise<void>>()
  const ensureQueue = (name: string) => {
    let created = queues.get(name)
    if (!created) {
      created = boss.createQueue(name, { name, policy: 'stately' })
      created.catch(() => queues.delete(name))
      queues.set(name, created)
    }
    return created
  }
  const working = new Set<string>()
  return {
    start,
    async send(name, data, options = {}) {
      await start()
      await ensureQueue(name)
      return boss.send(name, data, { startAfter: options.startAfter, singletonKey: options.singletonKey })
    },
    async work(name, handler, options = {}) {
      await start()
      await ensureQueue(name)
      if (working.has(name)) return
      for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++)
        await boss.work<object>(name, { includeMetadata: true, batchSize: 1 }, async ([job]) => {
          if (!job) return
          await handler(job.data as never, { id: job.id, retryCount: job.retryCount })
        })
      working.add(name)
    },
    async schedule(name, cron, data) {
      await start()
      await ensureQueue(name)
      await boss.schedule(name, cron, data ?? {}, { tz: SAO_PAULO })
    },
    async stop() {
      if (!started) return
      await started.catch(() => {})
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: !!config.url })
    },
  }
}

/** The queue on the app's own database: DATABASE_URL's Postgres, or the PGlite connection. */
export function createJobsOn(database: DatabaseHandle, url: string | undefined, logger: Logger): Jobs {
  if (url) return createJobs({ url, logger })
  return createJobs({ client: (database.db as unknown as { $client: SqlClient }).$client, logger })
}
