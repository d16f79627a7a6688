// The background jobs start after the server listens (ADR 196). The database can go away during
// that start (a restart, a cut): the start is tried again later while the server keeps answering.
// Ending the process there, as before, reset every browser connection in flight instead of
// answering the pt-BR 503 page (ADR 214). Any other failure still ends the process with code 1,
// as a failed start always did; the supervisor starts it again.
import type { Logger } from '../app/utils/logger.server'

/** The longest wait between two tries: the first waits `retryMs`, each next one twice as long. */
const LONGEST_RETRY_MS = 60_000

export type ScheduledJobs = {
  /** For shutdown: cancels a start not begun yet (or a retry), or waits for the one under way. */
  settled(): Promise<void>
}

export function scheduleJobs(options: {
  start: () => Promise<void>
  /** Whether a failure says the database cannot be reached (db-availability.server.ts). */
  isDatabaseUnavailable: (error: unknown) => boolean
  logger: Logger
  delayMs: number
  retryMs?: number
}): ScheduledJobs {
  const { start, isDatabaseUnavailable, logger } = options
  let started: Promise<void> | null = null
  let stopping = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const attempt = (retryMs: number) => {
    started = start().catch((error: unknown) => {
      if (!isDatabaseUnavailable(error)) {
        logger.error('jobs failed to start', { error })
        process.exit(1)
      }
      logger.warn('jobs not started: the database is unreachable; trying again', { error, retryMs })
      if (!stopping) timer = setTimeout(() => attempt(Math.min(retryMs * 2, LONGEST_RETRY_MS)), retryMs)
    })
  }
  timer = setTimeout(() => attempt(options.retryMs ?? 2_000), options.delayMs)
  return {
    settled() {
      stopping = true
      clearTimeout(timer)
      return started ?? Promise.resolve()
    },
  }
}
