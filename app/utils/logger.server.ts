// Structured logs: one JSON line per event, with the request id when there is one.
import { AsyncLocalStorage } from 'node:async_hooks'
const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const
export type LogLevel = keyof typeof levels

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  child(fields: Record<string, unknown>): Logger
}

export function createLogger(level: LogLevel = 'info', base: Record<string, unknown> = {}): Logger {
  const threshold = levels[level]
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (levels[lvl] < threshold) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields })
    if (lvl === 'error' || lvl === 'warn') process.stderr.write(line + '\n')
    else process.stdout.write(line + '\n')
  }
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  }
}

// The request's own logger (with its request id) for code deep below the routes that has no
// router context at hand (renderer, storage clean-up, CEP lookup): the composition root runs each
// request inside runWithLogger; outside a request, the process logger (issue 20).
const requestLogs = new AsyncLocalStorage<Logger>()
let processLogger: Logger = createLogger('info')

export function setProcessLogger(logger: Logger) {
  processLogger = logger
}

export function runWithLogger<T>(logger: Logger, run: () => T): T {
  return requestLogs.run(logger, run)
}

export function currentLogger(): Logger {
  return requestLogs.getStore() ?? processLogger
}
