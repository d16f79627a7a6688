// The render queue of post images: rendered images kept in memory by ETag (lru-cache, bounded by
// bytes), and the same image asked twice at once (a prewarm and a download) made once (its
// `fetch`). A failed render is not kept: the next request makes it again.
import { LRUCache } from 'lru-cache'

type Make = () => Promise<Uint8Array>

export type RenderQueue = {
  /** The image for `etag`: from the cache, from a render already under way, or `make`d now. */
  get(etag: string, make: Make): Promise<Uint8Array>
  /** Is the image for `etag` cached or being made? */
  has(etag: string): boolean
}

export function createRenderQueue(cacheBytes: number): RenderQueue {
  const cache = new LRUCache<string, Uint8Array, Make>({
    maxSize: cacheBytes,
    sizeCalculation: (body) => Math.max(1, body.byteLength),
    fetchMethod: (_etag, _stale, { context: make }) => make(),
    // A render pushed out by others while it runs still answers the requests that wait for it.
    ignoreFetchAbort: true,
  })
  // lru-cache's `has` is false while a fetch runs: the renders under way are counted here.
  const making = new Set<string>()
  return {
    has: (etag) => cache.has(etag) || making.has(etag),
    async get(etag, make) {
      making.add(etag)
      try {
        const body = await cache.fetch(etag, { context: make })
        if (!body) throw new Error(`render of ${etag} gave nothing`)
        return body
      } finally {
        making.delete(etag)
      }
    },
  }
}
