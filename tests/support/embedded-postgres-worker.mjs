// The embedded database's thread from its TypeScript source, for tests (the server runs the
// built build/embedded-postgres-worker.js): Node's `--import tsx` does not reach a worker's entry.
import { tsImport } from 'tsx/esm/api'

await tsImport('../../server/embedded-postgres-worker.ts', import.meta.url)
