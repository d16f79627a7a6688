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

/** Where the failures logged at `error` go besides the log (an error tracker: ADR 317). */
export type ErrorSink = { capture(message: string, fields: Record<string, unknown>): void }

function wrap(logger: pino.Logger, sink?: ErrorSink, bound: Record<string, unknown> = {}): Logger {
  return {
    debug: (msg, fields) => logger.debug(fields ?? {}, msg),
    info: (msg, fields) => logger.info(fields ?? {}, msg),
    warn: (msg, fields) => logger.warn(fields ?? {}, msg),
    error: (msg, fields) => {
      logger.error(fields ?? {}, msg)
      sink?.capture(msg, { ...bound, ...fields })
    },
    child: (fields) => wrap(logger.child(fields), sink, { ...bound, ...fields }),
  }
}

let processStreams: { stdout: pino.DestinationStream; stderr: pino.DestinationStream } | undefined

/**
 * stdout and stderr written asynchronously (a log line never waits for the terminal or the
 * collector), one pair per process. pino's destination flushes itself synchronously when the
 * process exits (a SIGTERM's `process.exit`, a crash, the end of a script): no line is lost
 * (logger.test.ts).
 */
function processDestinations() {
  processStreams ??= {
    stdout: pino.destination({ dest: 1, sync: false }),
    stderr: pino.destination({ dest: 2, sync: false }),
  }
  return processStreams
}

/**
 * The process's logger: debug and info to stdout, warn and error to stderr (where a supervisor
 * keeps them apart), written asynchronously and flushed on exit.
 */
export function createLogger(
  level: LogLevel = 'info',
  base: Record<string, unknown> = {},
  out: { stdout: pino.DestinationStream; stderr: pino.DestinationStream } = processDestinations(),
  sink?: ErrorSink,
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
  return wrap(logger, sink, base)
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
