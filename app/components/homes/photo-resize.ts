// A photo made phone-sized in the browser before it travels (ADR 170): turned upright by its
// EXIF orientation, at most 2,048 px on the longest side, JPEG at the first quality that fits
// ≈ 320 KB. A 4,000 × 3,000 phone photo of 2.4 MB (grainy, the worst case) leaves as ≈ 280–330
// KB, so three cross a 750 kbps uplink in ≈ 10 s. The server stays the authority (sharp
// re-checks, re-encodes and strips EXIF); a browser that cannot decode the file (HEIC on
// Chromium, a text file named .jpg) sends it as it is and the server answers. ADR 170.
//
// The work runs in a worker (ADR 192). On the page, Chromium encodes canvas JPEGs in idle time:
// while anything animates (the "Aguardando as fotos…" button after an early tap) the page has
// none, and one encode waited ≈ 7 s. A browser without module workers resizes on the page.
import { preparePhoto, type PreparedPhoto } from './photo-shrink'

export { RESIZE } from './photo-shrink'

type Reply = { id: number; prepared: PreparedPhoto | null }

let worker: Worker | null | undefined
let nextId = 0
const waiting = new Map<number, (prepared: PreparedPhoto | null) => void>()

function resizer(): Worker | null {
  if (worker !== undefined) return worker
  try {
    worker = new Worker(new URL('./photo-resize.worker.ts', import.meta.url), { type: 'module' })
    worker.addEventListener('message', (event: MessageEvent<Reply>) => {
      waiting.get(event.data.id)?.(event.data.prepared)
      waiting.delete(event.data.id)
    })
    // A worker that fails to load or crashes: the photos waiting on it, and the next ones, are
    // resized on the page instead.
    worker.addEventListener('error', () => {
      worker?.terminate()
      worker = null
      const stranded = [...waiting.values()]
      waiting.clear()
      for (const resolve of stranded) resolve(null)
    })
  } catch {
    worker = null
  }
  return worker
}

/** The file to send and its thumbnail (see `preparePhoto`), made off the page's thread where the browser can. */
export async function resizeForUpload(file: File, kind: 'photos' | 'plans'): Promise<PreparedPhoto> {
  const thread = typeof Worker === 'function' && typeof OffscreenCanvas === 'function' ? resizer() : null
  if (!thread) return preparePhoto(file, kind)
  const id = nextId++
  const prepared = await new Promise<PreparedPhoto | null>((resolve) => {
    waiting.set(id, resolve)
    thread.postMessage({ id, file, kind })
  })
  return prepared ?? preparePhoto(file, kind)
}
