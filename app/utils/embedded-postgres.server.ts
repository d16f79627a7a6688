// PGlite with the statement cache a Postgres client keeps (ADR 229). PGlite's `query()` parses,
// describes and plans every statement again and crosses into WASM six times for it (parse,
// describe, bind, describe, execute, sync). Here a statement is parsed and described once, as a
// named prepared statement, and every later call is one crossing: bind, execute and sync batched.
import { PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite'

type BackendMessage = { name: string }
type RowDescription = BackendMessage & { fields: { name: string; dataTypeID: number }[] }
type DataRow = BackendMessage & { fields: (string | null)[] }
type CommandComplete = BackendMessage & { text: string }
type ParameterDescription = BackendMessage & { dataTypeIDs: number[] }
type DatabaseErrorLike = Error & { code?: string; query?: string; params?: unknown[]; queryOptions?: QueryOptions }

type Statement = {
  name: string
  /** The parameters' type ids, for PGlite's serializers. */
  types: number[]
  /** The statement's RowDescription (none for a statement that returns no rows). */
  rowDescription: RowDescription | null
}

/** Statements kept per database: the app's SQL texts are a few hundred at most (filters vary values, not text). */
const MAX_STATEMENTS = 500

const { serialize } = protocol

function concat(parts: Uint8Array[]) {
  let length = 0
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Postgres refuses a cached statement whose result columns changed under it (a migration): prepared again. */
const isStaleStatement = (error: unknown) =>
  (error as DatabaseErrorLike)?.code === '0A000' && /cached plan must not change/.test(String((error as Error).message))

export class EmbeddedPostgres extends PGlite {
  #statements = new Map<string, Statement>()
  #nextName = 1
  /** Statements evicted from the cache, closed with the next prepare. */
  #toClose: string[] = []

  /**
   * The same contract as PGlite's `query()`: one statement, its parameters, the results. A query
   * with a blob (COPY … /dev/blob) or its own parameter types goes through PGlite's own path.
   */
  override async query<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || options?.paramTypes) return super.query<T>(query, params, options)
    await this._checkReady()
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        try {
          return await this.#run<T>(query, params, options)
        } catch (error) {
          if (!isStaleStatement(error)) throw error
          this.#forget(query)
          return await this.#run<T>(query, params, options)
        }
      }),
    )
  }

  async #run<T>(query: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      const statement = this.#used(query) ?? (await this.#prepare(query))
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null
        const serializer = options?.serializers?.[statement.types[i]!] ?? this.serializers[statement.types[i]!]
        return serializer ? serializer(param) : String(param)
      })
      const { messages } = await this.execProtocol(
        concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      )
      await this.syncToFs()
      return this.#results<T>(statement, messages as BackendMessage[], options)
    } catch (error) {
      if (error instanceof Error && 'severity' in error) {
        const failed = error as DatabaseErrorLike
        failed.query = query
        failed.params = params
        failed.queryOptions = options
      }
      throw error
    }
  }

  /**
   * PGlite's results from the statement's messages, as its `parseResults` makes them, without
   * copying its whole parser table into a new object per query (≈ 7 % of a list page's CPU).
   */
  #results<T>(statement: Statement, messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const fields = statement.rowDescription?.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) ?? []
    const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? this.parsers[dataTypeID])
    const value = (text: string | null, i: number) =>
      text === null ? null : parsers[i] ? parsers[i]!(text, fields[i]!.dataTypeID) : text
    const rows: unknown[] = []
    let result: Results<T> = { rows: [], fields, affectedRows: 0 }
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const texts = (message as DataRow).fields
        rows.push(
          options?.rowMode === 'array'
            ? texts.map(value)
            : Object.fromEntries(texts.map((text, i) => [fields[i]!.name, value(text, i)])),
        )
      } else if (message.name === 'commandComplete') {
        const words = (message as CommandComplete).text.split(' ')
        const command = words[0]!
        const count = parseInt(words[words.length - 1]!, 10)
        const affects = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)
        result = { rows: rows as T[], fields, command, affectedRows: affects ? count : 0 } as Results<T>
        if (!Number.isNaN(count)) result.rowCount = count
      }
    }
    return result
  }

  /** Parses and describes `query` as a named statement (closing any evicted ones in the same batch). */
  async #prepare(query: string): Promise<Statement> {
    const name = `vitrine_${this.#nextName++}`
    if (this.#statements.size >= MAX_STATEMENTS) {
      const [oldest] = this.#statements
      if (oldest) this.#forget(oldest[0])
    }
    const closing = this.#toClose.splice(0).map((old) => serialize.close({ type: 'S', name: old }))
    const { messages } = await this.execProtocol(
      concat([
        ...closing,
        serialize.parse({ name, text: query }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    const parameters = messages.find((m) => m.name === 'parameterDescription') as ParameterDescription | undefined
    const rows = messages.find((m) => m.name === 'rowDescription') as RowDescription | undefined
    const statement = { name, types: parameters?.dataTypeIDs ?? [], rowDescription: rows ?? null }
    this.#statements.set(query, statement)
    return statement
  }

  /** The statement of `query`, if kept, moved to the newest end (the oldest used is closed first). */
  #used(query: string) {
    const statement = this.#statements.get(query)
    if (statement) {
      this.#statements.delete(query)
      this.#statements.set(query, statement)
    }
    return statement
  }

  #forget(query: string) {
    const statement = this.#statements.get(query)
    if (!statement) return
    this.#statements.delete(query)
    this.#toClose.push(statement.name)
  }
}
