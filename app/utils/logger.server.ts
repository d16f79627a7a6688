// Structured logs through pino: one JSON line per event (`level` as its name, ISO time), with the
// request id when there is one. An `error` field is serialised whole (type, message, stack, the
// cause chain), so a failure deep below the routes keeps its stack in the log.
import { AsyncLocalStorage } from 'node:async_hooks'
import { inspect } from 'node:util'
import pino from 'pino'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export type Logger = {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  child(fields: Record<string, unknown>): Logger
}

/** Anything thrown, as the log shows it: an Error with its stack and causes, anything else as text. */
function serialiseError(error: unknown): unknown {
  if (error instanceof Error) return pino.stdSerializers.errWithCause(error)
  return typeof error === 'string' ? error : inspect(error, { depth: 4 })
}

function wrap(logger: pino.Logger): Logger {
  return {
    debug: (msg, fields) => logger.debug(fields ?? {}, msg),
    info: (msg, fields) => logger.info(fields ?? {}, msg),
    warn: (msg, fields) => logger.warn(fields ?? {}, msg),
    error: (msg, fields) => logger.error(fields ?? {}, msg),
    child: (fields) => wrap(logger.child(fields)),
  }
}

/**
 * The process's logger: debug and info to stdout, warn and error to stderr (where a supervisor
 * keeps them apart), synchronous writes so a crash loses no line.
 */
export function createLogger(
  level: LogLevel = 'info',
  base: Record<string, unknown> = {},
  out: { stdout: pino.DestinationStream; stderr: pino.DestinationStream } = {
    stdout: pino.destination({ dest: 1, sync: true }),
    stderr: pino.destination({ dest: 2, sync: true }),
  },
): Logger {
  const streams = pino.multistream(
    [
      { level: 'debug', stream: out.stdout },
      { level: 'warn', stream: out.stderr },
    ],
    { dedupe: true },
  )
  const logger = pino(
    {
      level,
      base,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { error: serialiseError, err: serialiseError },
    },
    streams,
  )
  return wrap(logger)
}

// The request's own logger (with its request id) for code deep below the routes that has no
// router context at hand (renderer, storage clean-up, CEP lookup): the composition root runs each
// request inside runWithLogger; outside a request, the process logger.
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
