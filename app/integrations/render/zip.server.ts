// A zip of already-compressed files (PNGs), written as they are made: each entry is produced by
// an async function, at most `concurrency` at a time, and its bytes go out the moment it is
// ready, whatever its place; the central directory at the end lists the entries in their given
// order. Entries are stored (method 0: a PNG is already deflated), so the writer is ~100 lines
// and costs nothing but a CRC. See ADR 044 and 045.
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { zonedParts } from '~/domain/dates'

export type ZipSource = {
  name: string
  /** The file's bytes, or null to leave it out. A throw is reported to `onError` and skipped. */
  bytes: () => Promise<Uint8Array | null>
}

/**
 * A moment as MS-DOS date and time (the zip's entry date, local time, 2-second steps), in
 * Brasília time. Every entry of a zip carries the same given moment (the post's generation), so
 * the same post still gives the same bytes (ADR 152). Before 1980 (DOS's epoch) it is 1980-01-01.
 */
export function dosDateTime(moment: Date): { date: number; time: number } {
  if (!Number.isFinite(moment.getTime())) return { date: (1 << 5) | 1, time: 0 }
  const at = zonedParts(moment)
  if (at.year < 1980) return { date: (1 << 5) | 1, time: 0 }
  return {
    date: ((Math.min(at.year, 2107) - 1980) << 9) | (at.month << 5) | at.day,
    time: (at.hour << 11) | (at.minute << 5) | Math.floor(at.second / 2),
  }
}

type Written = { name: Buffer; crc: number; size: number; offset: number; date: number; time: number }

function localHeader(entry: Written): Buffer {
  const head = Buffer.alloc(30)
  head.writeUInt32LE(0x04034b50, 0)
  head.writeUInt16LE(20, 4) // version needed: 2.0
  head.writeUInt16LE(0x0800, 6) // names are UTF-8
  head.writeUInt16LE(0, 8) // stored
  head.writeUInt16LE(entry.time, 10)
  head.writeUInt16LE(entry.date, 12)
  head.writeUInt32LE(entry.crc, 14)
  head.writeUInt32LE(entry.size, 18)
  head.writeUInt32LE(entry.size, 22)
  head.writeUInt16LE(entry.name.length, 26)
  head.writeUInt16LE(0, 28)
  return Buffer.concat([head, entry.name])
}

function centralHeader(entry: Written): Buffer {
  const head = Buffer.alloc(46)
  head.writeUInt32LE(0x02014b50, 0)
  head.writeUInt16LE(20, 4) // made by: 2.0
  head.writeUInt16LE(20, 6)
  head.writeUInt16LE(0x0800, 8)
  head.writeUInt16LE(0, 10)
  head.writeUInt16LE(entry.time, 12)
  head.writeUInt16LE(entry.date, 14)
  head.writeUInt32LE(entry.crc, 16)
  head.writeUInt32LE(entry.size, 20)
  head.writeUInt32LE(entry.size, 24)
  head.writeUInt16LE(entry.name.length, 28)
  // Extra, comment, disk, internal and external attributes: 0.
  head.writeUInt32LE(entry.offset, 42)
  return Buffer.concat([head, entry.name])
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(size, 12)
  end.writeUInt32LE(offset, 16)
  return end
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
  const { date, time } = dosDateTime(options.modified)
  const stream = new Readable({ read() {} })
  const written: Array<Written | null> = new Array(sources.length).fill(null)
  let offset = 0

  const emit = (index: number, bytes: Uint8Array) => {
    const entry: Written = {
      name: Buffer.from(sources[index]!.name, 'utf8'),
      crc: crc32(bytes),
      size: bytes.length,
      offset,
      date,
      time,
    }
    const header = localHeader(entry)
    stream.push(header)
    stream.push(bytes)
    offset += header.length + bytes.length
    written[index] = entry
  }

  let next = 0
  const worker = async () => {
    while (next < sources.length) {
      const index = next++
      const source = sources[index]!
      try {
        const bytes = await source.bytes()
        if (bytes) emit(index, bytes)
      } catch (error) {
        options.onError?.(source, error)
      }
    }
  }

  void Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, sources.length)) }, worker))
    .then(() => {
      const directory: Buffer[] = []
      sources.forEach((source, i) => {
        const entry = written[i]
        if (!entry) return
        directory.push(centralHeader(entry))
        files.push(source.name)
      })
      const size = directory.reduce((sum, part) => sum + part.length, 0)
      for (const part of directory) stream.push(part)
      stream.push(endOfDirectory(directory.length, size, offset))
      stream.push(null)
    })
    .catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))))
  return { stream, files }
}
