// The photo resize off the page's thread (ADR 192): the page posts { id, file, kind } and gets
// { id, file } back: the smaller copy or the file itself, or null where this worker has no
// OffscreenCanvas or createImageBitmap (older Safari), and the page resizes it instead.
import { shrinkPhoto } from './photo-shrink'

type Job = { id: number; file: File; kind: 'photos' | 'plans' }

self.addEventListener('message', async (event: MessageEvent<Job>) => {
  const { id, file, kind } = event.data
  const able = typeof OffscreenCanvas === 'function' && typeof createImageBitmap === 'function'
  const result = able ? await shrinkPhoto(file, kind).catch(() => file) : null
  self.postMessage({ id, file: result })
})
