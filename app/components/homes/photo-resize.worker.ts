// The photo resize off the page's thread (ADR 192): the page posts { id, file, kind } and gets
// { id, prepared } back: the file to send (the smaller copy or the file itself) and its
// thumbnail, or null where this worker has no OffscreenCanvas or createImageBitmap (older
// Safari), and the page resizes it instead.
import { preparePhoto } from './photo-shrink'

type Job = { id: number; file: File; kind: 'photos' | 'plans' }

self.addEventListener('message', async (event: MessageEvent<Job>) => {
  const { id, file, kind } = event.data
  const able = typeof OffscreenCanvas === 'function' && typeof createImageBitmap === 'function'
  const prepared = able ? await preparePhoto(file, kind).catch(() => ({ file, thumbnail: null })) : null
  self.postMessage({ id, prepared })
})
