// The photo resize off the page's thread (ADR 192): the page posts { id, file, kind } and gets
// { id, file } back, the smaller copy or the file itself.
import { shrinkPhoto } from './photo-shrink'

type Job = { id: number; file: File; kind: 'photos' | 'plans' }

self.addEventListener('message', async (event: MessageEvent<Job>) => {
  const { id, file, kind } = event.data
  const result = await shrinkPhoto(file, kind).catch(() => file)
  self.postMessage({ id, file: result })
})
