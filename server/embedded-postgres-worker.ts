// The embedded database's thread (ADR 235): one EmbeddedPostgres on DATA_DIR's data directory,
// answering the server thread through app/utils/embedded-postgres-thread.server.ts.
import { workerData, type MessagePort } from 'node:worker_threads'
import { EmbeddedPostgres } from '../app/utils/embedded-postgres.server'
import { serveEmbeddedPostgres } from '../app/utils/embedded-postgres-thread.server'

const { dataDir, startParams, port } = workerData as { dataDir: string; startParams: string[]; port: MessagePort }
// Requests are answered once the database is open: PGlite's own methods wait for it.
serveEmbeddedPostgres(port, new EmbeddedPostgres(dataDir, { startParams }))
