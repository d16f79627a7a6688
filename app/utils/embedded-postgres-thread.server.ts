// The embedded Postgres on a thread of its own (ADR 235). PGlite is Postgres compiled to
// WebAssembly: on the main thread every statement's work (≈ a fifth of a rendered list page)
// stalls the event loop that renders pages. Here the server's thread sends each statement to a
// worker thread and renders other requests while it runs, as it does with a Postgres server.
//
// The worker (server/embedded-postgres-worker.ts) runs one EmbeddedPostgres and serves
// `serveEmbeddedPostgres` below. Plain statements are sent as they come and queue in the worker's
// PGlite; a transaction is PGlite's own `transaction()` in the worker, held open until the server
// thread ends it, so other statements wait for it there, as they do in one process.
import { inspect } from 'node:util'
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'

type Request =
  | { op: 'query'; query: string; params: unknown[]; rowMode?: 'array' | 'object'; asText: number[]; tx?: number }
  | { op: 'exec'; query: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }

type Reply = { id: number; value?: unknown; error?: SentError }
/** An error as it crosses threads: its message, name and own fields (`code`, `constraint`, …). */
type SentError = { message: string; name: string; stack?: string; fields: Record<string, unknown> }

/** The client side: what Drizzle's PGlite driver and openDatabase call on a PGlite. */
export type EmbeddedPostgresClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close'> & {
  waitReady: Promise<void>
  dumpDataDir(compression: 'gzip'): Promise<Blob>
}

/** Parser options that only keep a type's text, as Drizzle gives for dates and intervals. */
function textTypes(options: QueryOptions | undefined): number[] {
  if (options?.serializers || options?.blob || options?.paramTypes)
    throw new Error('embedded database thread: serializers, blobs and parameter types are not sent to the thread')
  const types: number[] = []
  for (const [type, parse] of Object.entries(options?.parsers ?? {})) {
    const probe = '2026-01-01 00:00:00'
    if (parse(probe, Number(type)) !== probe)
      throw new Error(`embedded database thread: a parser for type ${type} that changes the text is not sent`)
    types.push(Number(type))
  }
  return types
}

function sendError(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: inspect(error), name: 'Error', fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions') continue // holds functions (parsers), and the caller has them
    fields[key] = value
  }
  return { message: error.message, name: error.name, stack: error.stack, fields }
}

function receivedError(sent: SentError) {
  const error = Object.assign(new Error(sent.message), sent.fields)
  error.name = sent.name
  if (sent.stack) error.stack = `${sent.stack}\n    at (embedded database thread)`
  return error
}

type Call = <T>(request: Request) => Promise<T>

/**
 * A transaction over the thread: BEGIN in the worker, the statements of `run` on it, then COMMIT,
 * or ROLLBACK when `run` throws or asks for it. The worker holds its database meanwhile.
 */
async function transaction<T>(
  call: Call,
  query: <R>(text: string, params?: unknown[], options?: QueryOptions, tx?: number) => Promise<Results<R>>,
  exec: (text: string, tx?: number) => Promise<Results[]>,
  run: (tx: Transaction) => Promise<T>,
): Promise<T> {
  const id = await call<number>({ op: 'begin' })
  let closed = false
  const open = () => {
    if (closed) throw new Error('Transaction is closed')
  }
  const end = (commit: boolean) => {
    closed = true
    return call({ op: 'end', tx: id, commit })
  }
  const tx = {
    query: <R>(text: string, params?: unknown[], options?: QueryOptions) => (
      open(),
      query<R>(text, params, options, id)
    ),
    exec: (text: string) => (open(), exec(text, id)),
    sql: () => Promise.reject(new Error('embedded database thread: tx.sql is not supported')),
    listen: () => Promise.reject(new Error('embedded database thread: tx.listen is not supported')),
    rollback: async () => {
      open()
      await end(false)
    },
    get closed() {
      return closed
    },
  } as unknown as Transaction
  let result: T
  try {
    result = await run(tx)
  } catch (error) {
    if (!closed) await end(false)
    throw error
  }
  if (!closed) await end(true)
  return result
}

/**
 * Opens the embedded database on a worker thread running `script`. `onStop` hears of a thread
 * that ended without `close()` (a crash): every statement fails from then on.
 */
export async function openEmbeddedPostgresThread(
  script: URL | string,
  workerData: { dataDir: string; startParams: string[] },
  { onStop }: { onStop?: (error: Error) => void } = {},
): Promise<EmbeddedPostgresClient> {
  const { port1, port2 } = new MessageChannel()
  const worker = new Worker(script, { workerData: { ...workerData, port: port2 }, transferList: [port2] })
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  let failure: Error | null = null
  let closing = false

  const failAll = (error: Error) => {
    if (!failure && !closing) onStop?.(error)
    failure ??= error
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }
  worker.once('error', failAll)
  worker.once('exit', (code) => failAll(new Error(`embedded database thread exited (code ${code})`)))
  port1.on('message', ({ id, value, error }: Reply) => {
    const caller = waiting.get(id)
    if (!caller) return
    waiting.delete(id)
    if (waiting.size === 0) port1.unref()
    if (error) caller.reject(receivedError(error))
    else caller.resolve(value)
  })
  // The thread keeps the process alive only while a statement is on its way: an idle database
  // holds no process open (a script ends when its work does; a server, by closing it).
  worker.unref()
  port1.unref()

  const call: Call = <T>(request: Request) =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure)
      const id = nextId++
      if (waiting.size === 0) port1.ref()
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      port1.postMessage({ id, ...request })
    })

  const query = async <T>(query: string, params: unknown[] = [], options?: QueryOptions, tx?: number) =>
    call<Results<T>>({ op: 'query', query, params, rowMode: options?.rowMode, asText: textTypes(options), tx })
  const exec = (query: string, tx?: number) => call<Results[]>({ op: 'exec', query, tx })

  const ready = call<void>({ op: 'exec', query: 'select 1' }).then(() => undefined)
  await ready

  return {
    waitReady: ready,
    query: (text, params, options) => query(text, params, options),
    exec: (text) => exec(text),
    transaction: (run) => transaction(call, query, exec, run),
    async dumpDataDir() {
      const bytes = await call<ArrayBuffer>({ op: 'dump' })
      return new Blob([bytes], { type: 'application/x-gzip' })
    },
    async close() {
      if (failure) return
      await call({ op: 'close' })
      closing = true
      await worker.terminate()
      port1.close()
    },
  } as EmbeddedPostgresClient
}

/** The worker's side: answers the server thread's requests on `port` from `client`. */
export function serveEmbeddedPostgres(port: MessagePort, client: PGlite) {
  const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>()
  let nextTx = 1

  const target = (tx: number | undefined) => {
    if (tx === undefined) return client
    const open = transactions.get(tx)
    if (!open) throw new Error('Transaction is closed')
    return open.tx
  }

  const begin = () =>
    new Promise<number>((begun, failed) => {
      const id = nextTx++
      let end!: (commit: boolean) => void
      const ended = new Promise<boolean>((resolve) => (end = resolve))
      const done = client
        .transaction(async (tx) => {
          transactions.set(id, { tx, end, done })
          begun(id)
          if (!(await ended)) await tx.rollback()
        })
        .finally(() => transactions.delete(id))
      done.catch(failed) // a BEGIN that failed; a failed COMMIT is the end's to report
    })

  async function answer(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const parsers = Object.fromEntries(request.asText.map((type) => [type, (text: string) => text]))
        return target(request.tx).query(request.query, request.params, { rowMode: request.rowMode, parsers })
      }
      case 'exec':
        return target(request.tx).exec(request.query)
      case 'begin':
        return begin()
      case 'end': {
        const open = transactions.get(request.tx)
        if (!open) throw new Error('Transaction is closed')
        open.end(request.commit)
        return void (await open.done)
      }
      case 'dump': {
        const blob = await client.dumpDataDir('gzip')
        return blob.arrayBuffer()
      }
      case 'close':
        return void (await client.close())
    }
  }

  /** An answer that cannot be copied to the other thread is sent as the error it caused. */
  const reply = (id: number, answer: { value?: unknown; error?: SentError }) => {
    try {
      port.postMessage({ id, ...answer }, answer.value instanceof ArrayBuffer ? [answer.value] : undefined)
    } catch (error) {
      const message = error instanceof Error ? error.message : inspect(error)
      port.postMessage({ id, error: { message, name: 'DataCloneError', fields: {} } })
    }
  }
  port.on('message', ({ id, ...request }: Request & { id: number }) => {
    answer(request).then(
      (value) => reply(id, { value }),
      (error: unknown) => reply(id, { error: sendError(error) }),
    )
  })
}
