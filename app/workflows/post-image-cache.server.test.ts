import { describe, expect, test } from 'vitest'
import { createRenderQueue } from './post-image-cache.server'

describe('render queue', () => {
  test('knows an image once it is being made and after, and makes it once', async () => {
    const queue = createRenderQueue(1024)
    let made = 0
    let finish: (bytes: Uint8Array) => void = () => undefined
    const make = () => {
      made++
      return new Promise<Uint8Array>((resolve) => (finish = resolve))
    }
    expect(queue.has('"v-1-png"')).toBe(false)
    const first = queue.get('"v-1-png"', make)
    const second = queue.get('"v-1-png"', make)
    expect(queue.has('"v-1-png"')).toBe(true)
    finish(new Uint8Array([1, 2, 3]))
    expect(await first).toEqual(new Uint8Array([1, 2, 3]))
    expect(await second).toEqual(new Uint8Array([1, 2, 3]))
    expect(queue.has('"v-1-png"')).toBe(true)
    expect(made).toBe(1)
    expect(queue.has('"v-2-png"')).toBe(false)
  })
})
