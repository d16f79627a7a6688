// Writes the database image out for a fresh DATA_DIR on a thread of its own, while the main
// thread loads the app's modules (ADR 194). server.ts starts it; if it fails, the app's own
// openDatabase restores the image and reports why.
import { workerData } from 'node:worker_threads'
import { restoreImage } from '../app/utils/db-image.server'

const { image, dataDir } = workerData as { image: string; dataDir: string }
await restoreImage(image, dataDir)
