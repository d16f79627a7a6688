// Images drawn on demand (the public share images), kept by content version: a key names what
// was drawn and its version, so a changed property or brand is a new key and an old one ages out.
// In memory per instance, the last `size` used; one drawing at a time per key (the requests that
// come while it is drawn wait for it).

export type RenderCache = (key: string, render: () => Promise<Buffer>) => Promise<Buffer>

export function createRenderCache(size = 32): RenderCache {
  const entries = new Map<string, Promise<Buffer>>()
  return (key, render) => {
    let drawn = entries.get(key)
    if (drawn) entries.delete(key)
    else {
      drawn = render()
      // A failed drawing is tried again by the next request.
      drawn.catch(() => entries.get(key) === drawn && entries.delete(key))
    }
    entries.set(key, drawn)
    if (entries.size > size) entries.delete(entries.keys().next().value!)
    return drawn
  }
}
