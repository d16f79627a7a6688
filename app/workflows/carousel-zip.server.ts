// Carousel.zip (spec §9): the carousel's images gathered a few at a time, in order, and zipped
// as a stream. PNGs are stored, not deflated (a PNG is already compressed).
import { PassThrough, type Readable } from 'node:stream'
import JSZip from 'jszip'

/** Runs `fn` over the items, at most `limit` at a time, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i]!, i)
    }
  })
  await Promise.all(workers)
  return results
}

/** The named files that have a body (a missing one is skipped), zipped into a stream. */
export function zipStream(files: { name: string; body: Uint8Array | null }[]): { stream: Readable; files: string[] } {
  const zip = new JSZip()
  const names: string[] = []
  for (const { name, body } of files) {
    if (!body) continue
    zip.file(name, body, { binary: true, compression: 'STORE', date: new Date(0) })
    names.push(name)
  }
  // JSZip's stream is an old-style one: piped through a PassThrough it becomes a modern
  // Readable (async-iterable, Readable.toWeb) with back-pressure.
  const stream = zip
    .generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' })
    .pipe(new PassThrough())
  return { stream: stream as Readable, files: names }
}
