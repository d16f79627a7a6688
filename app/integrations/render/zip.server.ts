// A zip of already-compressed files (PNGs), streamed as they are made: the entries' bytes come
// from async functions, at most `concurrency` at a time, and go out in their given order, each as
// soon as it and those before it are ready. The zip format is fflate's (streaming `Zip`); entries
// are stored (`ZipPassThrough`: a PNG is already deflated). See ADR 044, 045 and 152.
import { Zip, ZipPassThrough } from 'fflate'
import { Readable } from 'node:stream'
import { zonedParts } from '~/domain/dates'

export type ZipSource = {
  name: string
  /** The file's bytes, or null to leave it out. A throw is reported to `onError` and skipped. */
  bytes: () => Promise<Uint8Array | null>
}

/**
 * The entries' modification time for fflate, which writes a Date's local fields as the MS-DOS
 * date and time (a zip's entry date has no zone): a Date whose local fields are the moment's
 * Brasília wall-clock time, whatever the server's zone. Every entry of a zip carries the same
 * given moment (the post's generation), so the same post gives the same bytes (ADR 152). Outside
 * DOS's range (1980–2099) it is the nearest end.
 */
export function zipEntryTime(moment: Date): Date {
  if (!Number.isFinite(moment.getTime())) return new Date(1980, 0, 1)
  const at = zonedParts(moment)
  if (at.year < 1980) return new Date(1980, 0, 1)
  if (at.year > 2099) return new Date(2099, 11, 31, 23, 59, 58)
  return new Date(at.year, at.month - 1, at.day, at.hour, at.minute, at.second)
}

/**
 * Streams a stored zip of `sources`. `files` fills in as the stream is written and holds the
 * names in the zip, in order, once the stream has ended. The stream errors only if writing does.
 */
export function streamStoredZip(
  sources: readonly ZipSource[],
  options: {
    concurrency: number
    /** The entries' date: when the files were made (the post's generation). */
    modified: Date
    onError?: (source: ZipSource, error: unknown) => void
  },
): { stream: Readable; files: string[] } {
  const files: string[] = []
  const mtime = zipEntryTime(options.modified)
  const stream = new Readable({ read() {} })
  const zip = new Zip((error, chunk, final) => {
    if (error) return void stream.destroy(error)
    stream.push(chunk)
    if (final) stream.push(null)
  })

  // Each source's bytes, started at most `concurrency` ahead of the one being written.
  const made: Array<Promise<Uint8Array | null>> = []
  const start = (index: number) => {
    const source = sources[index]
    if (source && !made[index])
      made[index] = source.bytes().catch((error: unknown) => {
        options.onError?.(source, error)
        return null
      })
  }
  const width = Math.max(1, options.concurrency)
  void (async () => {
    for (let i = 0; i < width; i++) start(i)
    for (const [index, source] of sources.entries()) {
      const bytes = await made[index]!
      start(index + width)
      if (!bytes) continue
      const entry = new ZipPassThrough(source.name)
      entry.mtime = mtime
      zip.add(entry)
      entry.push(bytes, true)
      files.push(source.name)
    }
    zip.end()
  })().catch((error: unknown) => stream.destroy(new Error('zip stream failed', { cause: error })))
  return { stream, files }
}
