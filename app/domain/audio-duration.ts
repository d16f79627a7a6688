// How long an audio file plays, read from its bytes: MP3 (frame headers), Ogg (Vorbis or Opus:
// the last page's granule position) and WAV (data size). Used for what a provider's speech API
// returns (it says nothing about duration) and by the tests, independently of the encoder.

export type AudioContainer = 'mp3' | 'ogg' | 'wav'

export function detectAudioContainer(bytes: Uint8Array): AudioContainer | null {
  const ascii = (start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return 'wav'
  if (bytes.length >= 4 && ascii(0, 4) === 'OggS') return 'ogg'
  if (bytes.length >= 3 && ascii(0, 3) === 'ID3') return 'mp3'
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return 'mp3'
  return null
}

const MP3_BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
}
const MP3_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as Record<
  number,
  number[]
>

/** MPEG audio layer III: sums the frames' samples. */
export function mp3DurationMs(bytes: Uint8Array): number {
  let offset = 0
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    const size =
      ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f)
    offset = 10 + size
  }
  let seconds = 0
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1]!
    const b2 = bytes[offset + 2]!
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      offset++
      continue
    }
    const version = (b1 >> 3) & 0x3 // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5
    const layer = (b1 >> 1) & 0x3 // 1 = layer III
    const bitrateIndex = b2 >> 4
    const rateIndex = (b2 >> 2) & 0x3
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      offset++
      continue
    }
    const bitrate = (version === 3 ? MP3_BITRATES.v1 : MP3_BITRATES.v2)[bitrateIndex]! * 1000
    const sampleRate = MP3_RATES[version]![rateIndex]!
    const padding = (b2 >> 1) & 0x1
    const samples = version === 3 ? 1152 : 576
    const frameLength = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding
    seconds += samples / sampleRate
    offset += Math.max(frameLength, 1)
  }
  return Math.round(seconds * 1000)
}

/** Ogg Vorbis or Ogg Opus: the last page's granule position over the stream's rate. */
export function oggDurationMs(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const text = (start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length))
  let sampleRate = 0
  let preSkip = 0
  let granule = 0
  let offset = 0
  while (offset + 27 <= bytes.length && text(offset, 4) === 'OggS') {
    const segments = bytes[offset + 26]!
    const table = offset + 27
    let bodyLength = 0
    for (let i = 0; i < segments; i++) bodyLength += bytes[table + i] ?? 0
    const body = table + segments
    if (!sampleRate) {
      if (text(body, 8) === 'OpusHead') {
        sampleRate = 48000 // Opus granules always count 48 kHz samples
        preSkip = view.getUint16(body + 10, true)
      } else if (bytes[body] === 1 && text(body + 1, 6) === 'vorbis') {
        sampleRate = view.getUint32(body + 12, true)
      }
    }
    const position = Number(view.getBigInt64(offset + 6, true))
    if (position > 0) granule = position
    offset = body + bodyLength
  }
  if (!sampleRate) return 0
  return Math.round((Math.max(0, granule - preSkip) / sampleRate) * 1000)
}

/** PCM WAV: the data chunk's size over the byte rate. */
export function wavDurationMs(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let byteRate = 0
  let offset = 12
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4))
    const size = view.getUint32(offset + 4, true)
    if (id === 'fmt ') byteRate = view.getUint32(offset + 16, true)
    if (id === 'data') return byteRate ? Math.round((Math.min(size, bytes.length - offset - 8) / byteRate) * 1000) : 0
    offset += 8 + size + (size % 2)
  }
  return 0
}

export function audioDurationMs(bytes: Uint8Array): number {
  switch (detectAudioContainer(bytes)) {
    case 'mp3':
      return mp3DurationMs(bytes)
    case 'ogg':
      return oggDurationMs(bytes)
    case 'wav':
      return wavDurationMs(bytes)
    default:
      return 0
  }
}
