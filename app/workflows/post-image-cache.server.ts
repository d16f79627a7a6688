// The render queue of post images: rendered images kept in memory by ETag (a small LRU bounded
// by bytes), and the same image asked twice at once (a prewarm and a download) made once.

/** A small LRU of rendered images by ETag, bounded by bytes. */
export class RenderCache {
  private map = new Map<string, Uint8Array>()
  private bytes = 0
  constructor(private readonly limit: number) {}
  get(key: string) {
    const hit = this.map.get(key)
    if (hit) {
      this.map.delete(key)
      this.map.set(key, hit)
    }
    return hit
  }
  /** Is `key` cached (without touching its place in the LRU)? */
  peek(key: string) {
    return this.map.has(key)
  }
  set(key: string, value: Uint8Array) {
    const old = this.map.get(key)
    if (old) this.bytes -= old.byteLength
    this.map.delete(key)
    this.map.set(key, value)
    this.bytes += value.byteLength
    for (const [k, v] of this.map) {
      if (this.bytes <= this.limit) break
      this.map.delete(k)
      this.bytes -= v.byteLength
    }
  }
}

export type RenderQueue = {
  /** The image for `etag`: from the cache, from a render already under way, or `make`d now. */
  get(etag: string, make: () => Promise<Uint8Array>): Promise<Uint8Array>
  /** Is the image for `etag` cached or being made? */
  has(etag: string): boolean
}

export function createRenderQueue(cacheBytes: number): RenderQueue {
  const cache = new RenderCache(cacheBytes)
  const inflight = new Map<string, Promise<Uint8Array>>()
  return {
    has: (etag) => cache.peek(etag) || inflight.has(etag),
    async get(etag, make) {
      const hit = cache.get(etag)
      if (hit) return hit
      const pending = inflight.get(etag)
      if (pending) return pending
      const work = make().then((body) => {
        cache.set(etag, body)
        return body
      })
      inflight.set(etag, work)
      try {
        return await work
      } finally {
        inflight.delete(etag)
      }
    },
  }
}
