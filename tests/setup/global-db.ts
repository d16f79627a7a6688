// Vitest global setup: one migrated database made before any test file runs, which every file's
// database starts from (tests/setup/db.ts) instead of running every migration again: a PGlite
// image (a gzipped data directory) for the embedded default, a template database on the Postgres
// server at TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../app/utils/db.server'
import { databaseNamed } from '../support/database-url'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (.tar.gz) to start in-memory databases from. */
    testDbImage: string
    /** A migrated database on TEST_DATABASE_URL's server, to copy with CREATE DATABASE … TEMPLATE. */
    testDbTemplate: string | null
  }
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** Drops the template and every test file's copy of it (their processes have exited by now). */
async function dropCopies(serverUrl: string, template: string) {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${template}%`,
    ])
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`)
  } finally {
    await admin.end()
  }
}

async function pgliteImage(dir: string) {
  const handle = await openDatabase({})
  await handle.migrate()
  const image = path.join(dir, 'db-image.tar.gz')
  fs.writeFileSync(image, Buffer.from(await (await handle.dumpImage!()).arrayBuffer()))
  await handle.close()
  return image
}

async function templateDatabase(serverUrl: string) {
  const name = `vitrine_template_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `create database ${name}`)
  const handle = await openDatabase({ url: databaseNamed(serverUrl, name) })
  await handle.migrate()
  await handle.close()
  return name
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-vitest-'))
  const serverUrl = process.env.TEST_DATABASE_URL
  const [image, template] = await Promise.all([
    pgliteImage(dir),
    serverUrl ? templateDatabase(serverUrl) : Promise.resolve(null),
  ])
  project.provide('testDbImage', image)
  project.provide('testDbTemplate', template)
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true })
    if (serverUrl && template) await dropCopies(serverUrl, template)
  }
}
