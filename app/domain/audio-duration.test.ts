import { expect, test } from 'vitest'
import { audioDurationMs, detectAudioContainer, mp3DurationMs, oggDurationMs, wavDurationMs } from './audio-duration'

function wav(seconds: number, sampleRate = 22050) {
  const samples = Math.round(seconds * sampleRate)
  const bytes = new Uint8Array(44 + samples * 2)
  const view = new DataView(bytes.buffer)
  const ascii = (offset: number, text: string) => [...text].forEach((c, i) => (bytes[offset + i] = c.charCodeAt(0)))
  ascii(0, 'RIFF')
  view.setUint32(4, 36 + samples * 2, true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  ascii(36, 'data')
  view.setUint32(40, samples * 2, true)
  return bytes
}

/** MPEG-2 layer III, 64 kbit/s, 22 050 Hz, mono: 208-byte frames of 576 samples. */
function mp3(frames: number, id3 = false) {
  const frame = new Uint8Array(208)
  frame.set([0xff, 0xf3, 0x80, 0xc4])
  const tag = id3
    ? Uint8Array.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10, ...new Array(10).fill(0)])
    : new Uint8Array()
  const bytes = new Uint8Array(tag.length + frames * frame.length)
  bytes.set(tag)
  for (let i = 0; i < frames; i++) bytes.set(frame, tag.length + i * frame.length)
  return bytes
}

function oggPage(granule: bigint, body: Uint8Array) {
  const header = new Uint8Array(27 + 1)
  header.set([0x4f, 0x67, 0x67, 0x53])
  new DataView(header.buffer).setBigInt64(6, granule, true)
  header[26] = 1
  header[27] = body.length
  const page = new Uint8Array(header.length + body.length)
  page.set(header)
  page.set(body, header.length)
  return page
}

function ogg(kind: 'opus' | 'vorbis', lastGranule: bigint) {
  const head = new Uint8Array(30)
  if (kind === 'opus') {
    head.set([...'OpusHead'].map((c) => c.charCodeAt(0)))
    new DataView(head.buffer).setUint16(10, 312, true)
  } else {
    head.set([1, ...[...'vorbis'].map((c) => c.charCodeAt(0))])
    new DataView(head.buffer).setUint32(12, 22050, true)
  }
  const pages = [
    oggPage(0n, head),
    oggPage(lastGranule / 2n, new Uint8Array(10)),
    oggPage(lastGranule, new Uint8Array(10)),
  ]
  const bytes = new Uint8Array(pages.reduce((sum, page) => sum + page.length, 0))
  let offset = 0
  for (const page of pages) {
    bytes.set(page, offset)
    offset += page.length
  }
  return bytes
}

test('containers are recognised by their first bytes', () => {
  expect(detectAudioContainer(wav(1))).toBe('wav')
  expect(detectAudioContainer(mp3(2))).toBe('mp3')
  expect(detectAudioContainer(mp3(2, true))).toBe('mp3')
  expect(detectAudioContainer(ogg('opus', 48000n))).toBe('ogg')
  expect(detectAudioContainer(new TextEncoder().encode('<html>'))).toBeNull()
})

test('durations come from the data, not the file size', () => {
  expect(wavDurationMs(wav(6.5))).toBe(6500)
  // 400 frames × 576 samples / 22 050 Hz = 10.449 s
  expect(mp3DurationMs(mp3(400))).toBe(10449)
  expect(mp3DurationMs(mp3(400, true))).toBe(10449)
  // Opus counts 48 kHz samples after the pre-skip (312).
  expect(oggDurationMs(ogg('opus', 48000n * 7n + 312n))).toBe(7000)
  expect(oggDurationMs(ogg('vorbis', 22050n * 9n))).toBe(9000)
  expect(audioDurationMs(new Uint8Array([1, 2, 3]))).toBe(0)
})
