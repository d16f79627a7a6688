import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import JSZip from 'jszip'
import { describe, expect, test } from 'vitest'
import { streamStoredZip } from './zip.server'

const MADE = new Date('2026-11-23T14:05:30Z')
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256)

async function collect(stream: NodeJS.ReadableStream, onChunk?: () => void): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) {
    onChunk?.()
    chunks.push(Buffer.from(chunk as Buffer))
  }
  return Buffer.concat(chunks)
}

describe('stored zip stream', () => {
  test('entries are made two at a time and written in their given order, byte-exact, stored', async () => {
    const data = [bytes(5000, 1), bytes(70_000, 2), bytes(1, 3), bytes(0, 4)]
    const delays = [60, 5, 30, 1]
    let running = 0
    let most = 0
    const { stream, files } = streamStoredZip(
      data.map((body, i) => ({
        name: `slide-${i + 1}.png`,
        bytes: async () => {
          most = Math.max(most, ++running)
          await wait(delays[i]!)
          running--
          return body
        },
      })),
      { concurrency: 2, modified: MADE },
    )
    const zipBytes = await collect(stream)
    expect(most).toBe(2)
    expect(files).toEqual(['slide-1.png', 'slide-2.png', 'slide-3.png', 'slide-4.png'])
    const zip = await JSZip.loadAsync(zipBytes)
    expect(Object.keys(zip.files)).toEqual(files)
    for (const [i, name] of files.entries())
      expect(Buffer.compare(await zip.file(name)!.async('nodebuffer'), Buffer.from(data[i]!)), name).toBe(0)
    // The file holds the entries in order too, whichever finished first: the same post, the same bytes.
    const at = files.map((name) => zipBytes.indexOf(name))
    expect([...at].sort((a, b) => a - b)).toEqual(at)
    // Every local header says "stored" (method 0).
    let found = -1
    const methods: number[] = []
    while ((found = zipBytes.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]), found + 1)) >= 0)
      methods.push(zipBytes.readUInt16LE(found + 8))
    expect(methods).toEqual([0, 0, 0, 0])
  })

  test('a failing or empty entry is reported and left out; the rest are there', async () => {
    const failed: string[] = []
    const { stream, files } = streamStoredZip(
      [
        { name: 'a.png', bytes: async () => bytes(10, 1) },
        { name: 'b.png', bytes: async () => Promise.reject(new Error('boom')) },
        { name: 'c.png', bytes: async () => null },
        { name: 'd.png', bytes: async () => bytes(10, 2) },
      ],
      { concurrency: 3, modified: MADE, onError: (source) => failed.push(source.name) },
    )
    const zip = await JSZip.loadAsync(await collect(stream))
    expect(files).toEqual(['a.png', 'd.png'])
    expect(Object.keys(zip.files)).toEqual(['a.png', 'd.png'])
    expect(failed).toEqual(['b.png'])
  })

  test('the first bytes go out before the last entry is ready', async () => {
    let release!: () => void
    const last = new Promise<void>((resolve) => (release = resolve))
    const { stream } = streamStoredZip(
      [
        { name: 'first.png', bytes: async () => bytes(100, 1) },
        { name: 'last.png', bytes: async () => (await last, bytes(100, 2)) },
      ],
      { concurrency: 2, modified: MADE },
    )
    let chunks = 0
    const done = collect(stream, () => chunks++)
    await wait(20)
    expect(chunks).toBeGreaterThan(0)
    release()
    expect(Object.keys((await JSZip.loadAsync(await done)).files)).toEqual(['first.png', 'last.png'])
  })

  test('an ordinary unzip accepts it', async (context) => {
    let unzip = true
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' })
    } catch {
      unzip = false
    }
    if (!unzip) context.skip()
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zip-test-'))
    try {
      const { stream } = streamStoredZip(
        [1, 2, 3].map((n) => ({ name: `slide-${n}.png`, bytes: async () => bytes(1000 * n, n) })),
        { concurrency: 2, modified: MADE },
      )
      await writeFile(path.join(dir, 'Carousel.zip'), await collect(stream))
      const listing = execFileSync('unzip', ['-t', path.join(dir, 'Carousel.zip')], { encoding: 'utf8' })
      expect(listing).toContain('No errors detected')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('entries carry the date the post was generated (Brasília time), the same for the same post', async (context) => {
    const zipOf = async (modified: Date) =>
      collect(
        streamStoredZip([{ name: 'slide-1.png', bytes: async () => bytes(10, 1) }], { concurrency: 1, modified })
          .stream,
      )
    const first = await zipOf(MADE)
    expect(Buffer.compare(first, await zipOf(new Date(MADE)))).toBe(0)
    expect(Buffer.compare(first, await zipOf(new Date('2025-01-02T10:00:00Z')))).not.toBe(0)
    const zip = await JSZip.loadAsync(first)
    const date = zip.file('slide-1.png')!.date
    // JSZip reads the DOS fields as UTC: 14:05:30Z is 11:05:30 in Brasília.
    expect([
      date.getUTCFullYear(),
      date.getUTCMonth() + 1,
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
    ]).toEqual([2026, 11, 23, 11, 5])
    let zipinfo = true
    try {
      execFileSync('zipinfo', ['-h'], { stdio: 'ignore' })
    } catch {
      zipinfo = false
    }
    if (!zipinfo) context.skip()
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zip-date-'))
    try {
      const now = new Date()
      await writeFile(path.join(dir, 'Carousel.zip'), await zipOf(now))
      const listing = execFileSync('zipinfo', ['-v', path.join(dir, 'Carousel.zip')], { encoding: 'utf8' })
      expect(listing).toContain(String(new Date(now.getTime() - 3 * 3600_000).getUTCFullYear()))
      expect(listing).not.toMatch(/1980|2098/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
