// The Reels' music beds, made by the project in code (no recording, no download, no licence to
// track): a soft pad of four-note chords, a bass note on each bar and a plucked arpeggio, written
// as 16-bit stereo PCM at 48 kHz. A few tracks (progressions and tempos) so a second video of the
// same property does not sound like the first. Pure: samples in, bytes out; ffmpeg mixes them
// under the narration (ducked, see integrations/video/soundtrack.ts).

export const MUSIC_SAMPLE_RATE = 48_000

type Chord = number[] // MIDI notes, lowest first

export type MusicTrack = { id: string; name: string; bpm: number; chords: Chord[] }

/** Three tracks; every chord lasts one bar of 4 beats. Notes kept below ≈ 1 kHz: under a voice. */
export const MUSIC_TRACKS: readonly MusicTrack[] = [
  // I – vi – IV – V in C, with sevenths: light, for flats and houses.
  {
    id: 'manha',
    name: 'Manhã',
    bpm: 84,
    chords: [
      [48, 55, 64, 71],
      [45, 52, 60, 67],
      [41, 53, 57, 64],
      [43, 50, 59, 65],
    ],
  },
  // ii – V – I – vi in F: warmer, a little jazz.
  {
    id: 'varanda',
    name: 'Varanda',
    bpm: 76,
    chords: [
      [43, 55, 58, 65],
      [48, 55, 58, 64],
      [41, 52, 57, 64],
      [50, 53, 60, 65],
    ],
  },
  // i – VI – III – VII in A minor: calm, for launches at night.
  {
    id: 'noite',
    name: 'Noite',
    bpm: 70,
    chords: [
      [45, 57, 60, 64],
      [41, 57, 60, 65],
      [48, 55, 60, 64],
      [43, 55, 59, 62],
    ],
  },
]

/** The track for a video: the same id always gets the same track. */
export function musicTrackFor(seed: number): MusicTrack {
  return MUSIC_TRACKS[Math.abs(Math.trunc(seed)) % MUSIC_TRACKS.length]!
}

const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12)

/** A smooth 0 → 1 → 0 envelope over a note of `length` seconds (attack and release in seconds). */
function envelope(t: number, length: number, attack: number, release: number): number {
  if (t < 0 || t > length) return 0
  const a = Math.min(1, t / attack)
  const r = Math.min(1, (length - t) / release)
  const x = Math.min(a, r)
  return x * x * (3 - 2 * x)
}

/**
 * `seconds` of the track as interleaved stereo floats in [-1, 1], fading in over 1 s and out over
 * the last 2 s. Peaks near −6 dBFS: ffmpeg sets its level under the voice.
 */
export function musicSamples(track: MusicTrack, seconds: number, rate = MUSIC_SAMPLE_RATE): Float32Array {
  const frames = Math.max(0, Math.round(seconds * rate))
  const out = new Float32Array(frames * 2)
  const beat = 60 / track.bpm
  const bar = beat * 4
  const eighth = beat / 2
  const w = 2 * Math.PI
  // Per chord, once: the pad's frequencies, the bass and the arpeggio's notes.
  const chords = track.chords.map((chord) => ({
    pad: chord.slice(1).map(hz),
    bass: hz(chord[0]! - 12),
    arpeggio: [...chord.slice(1), chord[1]! + 12].map(hz),
  }))
  for (let i = 0; i < frames; i++) {
    const t = i / rate
    const barIndex = Math.floor(t / bar)
    const inBar = t - barIndex * bar
    let left = 0
    let right = 0
    // The pad: this bar's chord swelling in, the previous one's release overlapping it.
    for (let offset = 0; offset < 2; offset++) {
      const index = barIndex - offset
      if (index < 0) continue
      const chord = chords[index % chords.length]!
      const local = inBar + offset * bar
      const env = envelope(local, bar + 0.6, 0.9, 1.2)
      if (env === 0) continue
      for (let n = 0; n < chord.pad.length; n++) {
        const f = chord.pad[n]!
        // A slightly detuned pair per note: width without noise.
        const a = Math.sin(w * f * t) + 0.35 * Math.sin(w * 2 * f * t)
        const b = Math.sin(w * f * 1.003 * t + n)
        left += env * 0.06 * (a + 0.6 * b)
        right += env * 0.06 * (a * 0.8 + 0.8 * b)
      }
      // The bass: the chord's root an octave down, on the bar.
      const bass = envelope(local, bar, 0.04, 0.8) * 0.16 * Math.sin(w * chord.bass * t)
      left += bass
      right += bass
    }
    // The arpeggio: eighth notes up the chord, each a plucked (decaying) tone, panned left-right.
    const step = Math.floor(inBar / eighth)
    const notes = chords[barIndex % chords.length]!.arpeggio
    const f = notes[step % notes.length]!
    const since = inBar - step * eighth
    const pluck = Math.exp(-since * 5) * Math.min(1, since / 0.005) * 0.07
    const tone = pluck * (Math.sin(w * f * t) + 0.2 * Math.sin(w * 3 * f * t))
    const pan = step % 2 === 0 ? 0.7 : 0.3
    left += tone * (1 - pan) * 2
    right += tone * pan * 2
    const fade = Math.min(1, t, (seconds - t) / 2)
    out[2 * i] = Math.max(-1, Math.min(1, left * fade))
    out[2 * i + 1] = Math.max(-1, Math.min(1, right * fade))
  }
  return out
}

/** Stereo floats as a 16-bit PCM WAV file. */
export function wavBytes(samples: Float32Array, rate = MUSIC_SAMPLE_RATE): Uint8Array {
  const data = samples.length * 2
  const bytes = new Uint8Array(44 + data)
  const view = new DataView(bytes.buffer)
  const text = (at: number, value: string) => [...value].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)))
  text(0, 'RIFF')
  view.setUint32(4, 36 + data, true)
  text(8, 'WAVE')
  text(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 2, true) // stereo
  view.setUint32(24, rate, true)
  view.setUint32(28, rate * 4, true)
  view.setUint16(32, 4, true)
  view.setUint16(34, 16, true)
  text(36, 'data')
  view.setUint32(40, data, true)
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, Math.round(samples[i]! * 32767), true)
  return bytes
}
