import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite, types } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drizzleOptions, reads, schema } from '../../tests/support/embedded-postgres-fixtures'
import { EmbeddedPostgres } from './embedded-postgres.server'
import { openEmbeddedPostgresThread, type EmbeddedPostgresClient } from './embedded-postgres-thread.server'

const WORKER = new URL('../../tests/support/embedded-postgres-worker.mjs', import.meta.url)
/** Threads that ended without being closed. */
const stops: Error[] = []
const open = (dataDir: string) =>
  openEmbeddedPostgresThread(
    WORKER,
    { dataDir, startParams: PGlite.defaultStartParams },
    { onStop: (error) => stops.push(error) },
  )

const homes = pgTable('homes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  price: integer('price'),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
})

const count = async (db: Pick<EmbeddedPostgresClient, 'query'>) =>
  (await db.query<{ n: number }>('select count(*)::int as n from homes')).rows[0]!.n

describe('the embedded database on its own thread', () => {
  let dir: string
  let thread: EmbeddedPostgresClient
  let local: EmbeddedPostgres
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-thread-'))
    thread = await open(dir)
    local = new EmbeddedPostgres()
    await thread.exec(schema)
    await local.exec(schema)
  })
  afterAll(async () => {
    await thread.close()
    await local.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it.each(reads)('answers %s as in the same thread, in both row modes', async (text, params) => {
    expect(await thread.query(text, params)).toEqual(await local.query(text, params))
    expect(await thread.query(text, params, drizzleOptions)).toEqual(await local.query(text, params, drizzleOptions))
  })

  it('refuses parsers it cannot send rather than ignoring them', async () => {
    const parsers = { [types.INT4]: (value: string) => Number(value) * 2 }
    await expect(thread.query('select 1 as n', [], { parsers })).rejects.toThrow(/parser for type 23/)
  })

  it("throws Postgres's errors with their code, constraint and query, and keeps answering", async () => {
    const text = 'insert into homes (name) values ($1)'
    const error = await thread.query(text, ['Casa em Pinheiros']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'homes_name_key',
      query: text,
      params: ['Casa em Pinheiros'],
    })
    expect(await count(thread)).toBe(2)
  })

  it('commits a transaction, and rolls it back when asked or when it throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('insert into homes (name) values ($1)', ['Cobertura na Savassi'])
      expect(await count(tx)).toBe(3)
      await tx.rollback()
    })
    expect(await count(thread)).toBe(2)
    const failed = thread.transaction(async (tx) => {
      await tx.query('insert into homes (name) values ($1)', ['Loft na Lapa'])
      throw new Error('o formulário mudou')
    })
    await expect(failed).rejects.toThrow('o formulário mudou')
    expect(await count(thread)).toBe(2)
    await thread.transaction((tx) => tx.query('insert into homes (name) values ($1)', ['Sobrado no Tatuapé']))
    expect(await count(thread)).toBe(3)
    await thread.query('delete from homes where name = $1', ['Sobrado no Tatuapé'])
  })

  it('makes a statement sent during a transaction wait for it, as one connection does', async () => {
    let release!: () => void
    let inserted!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const insertedRow = new Promise<void>((resolve) => (inserted = resolve))
    const order: string[] = []
    const writing = thread.transaction(async (tx) => {
      await tx.query('insert into homes (name) values ($1)', ['Casa no Campeche'])
      inserted()
      await held
      order.push('commit')
    })
    await insertedRow // the transaction is open in the worker
    const reading = count(thread).then((n) => (order.push('read'), n))
    await new Promise((resolve) => setTimeout(resolve, 50)) // time enough for a read that did not wait
    expect(order).toEqual([]) // the read has not run: the transaction holds the database
    release()
    await writing
    expect(await reading).toBe(3) // and it sees the committed row
    expect(order).toEqual(['commit', 'read'])
    await thread.query('delete from homes where name = $1', ['Casa no Campeche'])
  })

  it('serves Drizzle: typed reads, and a nested transaction rolled back to its savepoint', async () => {
    const db = drizzle({ client: thread as unknown as PGlite })
    const [home] = await db
      .select()
      .from(homes)
      .where(sql`${homes.id} = 1`)
    expect(home).toEqual({ id: 1, name: 'Casa em Pinheiros', price: 120000000, created_at: '2026-11-28 09:00:00+00' })
    await db.transaction(async (tx) => {
      await tx.insert(homes).values({ name: 'Chácara em Atibaia', created_at: '2026-11-28 10:00:00+00' })
      await tx
        .transaction(async (inner) => {
          await inner.insert(homes).values({ name: 'Kitnet no Centro', created_at: '2026-11-28 10:00:00+00' })
          inner.rollback()
        })
        .catch(() => {})
    })
    const names = (await db.select({ name: homes.name }).from(homes)).map((row) => row.name)
    expect(names).toContain('Chácara em Atibaia')
    expect(names).not.toContain('Kitnet no Centro')
    await db.delete(homes).where(sql`${homes.name} = 'Chácara em Atibaia'`)
  })

  it('dumps its data directory as an image another database opens', async () => {
    const image = await thread.dumpDataDir('gzip')
    const copy = new PGlite({ loadDataDir: image })
    expect((await copy.query<{ name: string }>('select name from homes order by id')).rows.map((r) => r.name)).toEqual([
      'Casa em Pinheiros',
      'Studio no Batel',
    ])
    await copy.close()
  }, 60_000) // a second PGlite opens: seconds on a busy machine

  // The suite's own directory, opened again: a second new one would run initdb again (seconds).
  it('keeps what it wrote on disk once closed, and refuses statements after', async () => {
    await thread.exec('create table visits (n int); insert into visits values (7)')
    await thread.close()
    await expect(thread.query('select 1')).rejects.toThrow(/exited/)
    thread = await open(dir)
    expect((await thread.query('select n from visits')).rows).toEqual([{ n: 7 }])
    expect(stops).toEqual([]) // a closed thread is not a stopped one
  })

  it('tells of a thread that stops on its own, and fails every statement after', async () => {
    // A thread that answers the opening statement and then ends, as a crash would.
    const crashing = `
      import { workerData } from 'node:worker_threads'
      workerData.port.on('message', ({ id, op }) => {
        if (op === 'exec') workerData.port.postMessage({ id, value: [] })
        else process.exit(3)
      })`
    const heard: Error[] = []
    const client = await openEmbeddedPostgresThread(
      new URL(`data:text/javascript,${encodeURIComponent(crashing)}`),
      { dataDir: '', startParams: [] },
      { onStop: (error) => heard.push(error) },
    )
    await expect(client.query('select 1')).rejects.toThrow('embedded database thread exited (code 3)')
    await expect(client.query('select 1')).rejects.toThrow(/exited/)
    expect(heard.map((error) => error.message)).toEqual(['embedded database thread exited (code 3)'])
  })
})
