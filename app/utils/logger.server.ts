// Structured logs: one JSON line per event, with the request id when there is one.
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
