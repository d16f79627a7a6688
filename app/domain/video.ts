// The property video (Reels, ADR 220–222): its options, its timeline (photos with cross-fades, the
// overlay cards, the subtitles of the narration), its file name and the Reels pre-flight. Pure:
// the encoder (app/integrations/video) turns a plan into an ffmpeg filter graph.
import { z } from 'zod'

export const VIDEO_SIZE = { width: 1080, height: 1920 } as const
export const VIDEO_FPS = 30
export const VIDEO_LIMITS = { minSeconds: 15, maxSeconds: 60, defaultSeconds: 30, minPhotos: 2, maxPhotos: 12 }
/** Seconds one photo dissolves into the next. */
export const CROSSFADE_SECONDS = 0.6
/** Instagram draws its own UI over the top 250 px and the bottom 420 px of a 1080×1920 Reel. */
export const SAFE_ZONE = { top: 250, bottom: 420 } as const

export const VIDEO_STATUSES = ['queued', 'rendering', 'ready', 'failed'] as const
export type VideoStatus = (typeof VIDEO_STATUSES)[number]

export const VIDEO_DURATIONS = [15, 20, 30, 45, 60] as const

/** The form of "Vídeo do imóvel": duration, narration on/off, which photos (gallery indexes). */
export function videoOptionsSchema(photoCount: number) {
  return z.object({
    duration: z.coerce
      .number({ message: 'Escolha a duração do vídeo.' })
      .int('Escolha a duração do vídeo.')
      .min(VIDEO_LIMITS.minSeconds, `O vídeo tem no mínimo ${VIDEO_LIMITS.minSeconds} segundos.`)
      .max(VIDEO_LIMITS.maxSeconds, `O vídeo tem no máximo ${VIDEO_LIMITS.maxSeconds} segundos.`),
    narration: z.preprocess((value) => value === 'on' || value === 'sim' || value === true, z.boolean()),
    photos: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(
          z.coerce
            .number()
            .int()
            .min(0)
            .max(Math.max(0, photoCount - 1)),
          { message: 'Escolha as fotos.' },
        )
        .min(VIDEO_LIMITS.minPhotos, `Escolha pelo menos ${VIDEO_LIMITS.minPhotos} fotos.`)
        .max(VIDEO_LIMITS.maxPhotos, `Escolha no máximo ${VIDEO_LIMITS.maxPhotos} fotos.`),
    ),
  })
}

export type VideoOptions = z.infer<ReturnType<typeof videoOptionsSchema>>

/** 'video-reel-12.mp4' (the download's name). */
export function videoFileName(template: string | null | undefined, id: number): string {
  const slug = (template ?? 'reel').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'reel'
  return `video-${slug}-${id}.mp4`
}

/** The duration the video gets: the one asked, lengthened to the narration (+1.5 s), capped. */
export function videoSeconds(asked: number, narrationMs: number | null): number {
  const needed = narrationMs ? Math.ceil(narrationMs / 1000 + 1.5) : 0
  return Math.min(VIDEO_LIMITS.maxSeconds, Math.max(VIDEO_LIMITS.minSeconds, asked, needed))
}

// ------------------------------------------------------------------ timeline

/** The call to action spoken over the closing card (the agent's name when known). */
export function spokenCallToAction(agentName: string | null | undefined): string {
  const name = agentName?.trim()
  return name ? `Gostou? Agende sua visita com ${name}.` : 'Gostou? Agende sua visita.'
}

/**
 * When the spoken call to action starts: over the closing card, after the narration has ended,
 * finished before the video ends; null when there is no room for it (a narration up to the cap).
 */
export function callToActionStart(total: number, narrationEnd: number, ctaSeconds: number): number | null {
  const closing = overlayCards(total, 0).at(-1)!.start
  const start = Math.max(closing + 0.3, narrationEnd + 0.4)
  const latest = total - 0.3 - ctaSeconds
  if (start <= latest) return round(start)
  return narrationEnd + 0.3 <= latest ? round(latest) : null
}

export type PhotoClip = { index: number; start: number; duration: number }

/** Each photo's clip: equal lengths, each overlapping the next by the cross-fade. */
export function photoClips(count: number, total: number, fade = CROSSFADE_SECONDS): PhotoClip[] {
  if (count <= 0) return []
  const duration = (total + (count - 1) * fade) / count
  return Array.from({ length: count }, (_, index) => ({
    index,
    start: round(index * (duration - fade)),
    duration: round(duration),
  }))
}

export type Cue = { start: number; end: number; text: string }

/**
 * The narration cut into subtitle cues of at most `maxChars` (two short lines), each shown for
 * its share of the spoken time by its length in characters.
 */
export function subtitleCues(text: string, startS: number, speechS: number, maxChars = 38): Cue[] {
  // A sentence ends at a stop followed by a space: never at the dots of '1.250.000,00'.
  const sentences = keepTogether(text.replace(/\s+/g, ' ').trim()).split(/(?<=[.!?;:])\s+/)
  const chunks = sentences
    .flatMap((sentence) => balancedLines(sentence.trim(), maxChars))
    .filter(Boolean)
    .map((chunk) => chunk.replace(/\u00a0/g, ' '))
  const totalChars = chunks.reduce((sum, chunk) => sum + chunk.length + 1, 0)
  let at = startS
  return chunks.map((chunk) => {
    const length = (speechS * (chunk.length + 1)) / totalChars
    const cue = { start: round(at), end: round(at + length), text: chunk }
    at += length
    return cue
  })
}

/**
 * Glues what is read as one thing with no-break spaces, so no cue line ends inside it: a price
 * ('R$ 1.250.000,00'), a number and what it counts ('142 m²', '3 dorms', '2 vagas'), a CEP, a
 * phone's area code and number.
 */
function keepTogether(text: string): string {
  return text
    .replace(/R\$ (?=\d)/g, 'R$\u00a0')
    .replace(/\b(CEP:?) (?=\d)/g, '$1\u00a0')
    .replace(/(\(\d{2}\)) (?=\d)/g, '$1\u00a0')
    .replace(/(\d) (?=(m²|m2|dorms?|dormitórios?|qtos?|quartos?|suítes?|vagas?|vgs?|banheiros?|banh)\b)/gi, '$1\u00a0')
}

/** A sentence cut into pieces of about equal length, none longer than `maxChars` (unless one word is). */
function balancedLines(sentence: string, maxChars: number): string[] {
  const words = sentence.split(' ').filter(Boolean)
  const pieces = Math.ceil(sentence.length / maxChars)
  const target = sentence.length / pieces
  const out: string[] = []
  let current = ''
  for (const word of words) {
    const next = current ? `${current} ${word}` : word
    if (current && (next.length > maxChars || (current.length >= target && out.length < pieces - 1))) {
      out.push(current)
      current = word
    } else current = next
  }
  if (current) out.push(current)
  return out
}

export type CardKind = 'title' | 'feature' | 'closing'
export type Card = { kind: CardKind; start: number; end: number; index: number }

/** Opening title, 3–5 feature cards through the middle, the closing card at the end. */
export function overlayCards(total: number, featureCount: number): Card[] {
  const title = Math.min(4, total * 0.2)
  const closing = Math.min(4.5, total * 0.22)
  const cards: Card[] = [{ kind: 'title', start: 0, end: round(title), index: 0 }]
  const features = Math.max(0, Math.min(5, featureCount))
  const middle = total - title - closing
  const slot = features ? middle / features : 0
  for (let i = 0; i < features; i++) {
    const start = title + i * slot + 0.4
    cards.push({ kind: 'feature', start: round(start), end: round(start + Math.min(3, slot - 0.8)), index: i })
  }
  cards.push({ kind: 'closing', start: round(total - closing), end: round(total), index: 0 })
  return cards
}

export type OverlaySegment = { start: number; end: number; card: Card | null; cue: Cue | null }

/** The overlay timeline cut where a card or a cue starts or ends: one PNG per segment. */
export function overlaySegments(cards: Card[], cues: Cue[], total: number): OverlaySegment[] {
  const marks = new Set<number>([0, total])
  for (const item of [...cards, ...cues]) {
    if (item.start > 0 && item.start < total) marks.add(item.start)
    if (item.end > 0 && item.end < total) marks.add(item.end)
  }
  const sorted = [...marks].sort((a, b) => a - b)
  const segments: OverlaySegment[] = []
  for (let i = 0; i + 1 < sorted.length; i++) {
    const start = sorted[i]!
    const end = sorted[i + 1]!
    if (end - start < 1 / VIDEO_FPS) continue
    const middle = (start + end) / 2
    const card = cards.find((c) => c.start <= middle && middle < c.end) ?? null
    const cue = cues.find((c) => c.start <= middle && middle < c.end) ?? null
    const last = segments.at(-1)
    if (last && last.card === card && last.cue === cue) last.end = end
    else segments.push({ start, end, card, cue })
  }
  return segments
}

/** The subtitles as WebVTT (the player's captions track). */
export function toWebVtt(cues: readonly Cue[]): string {
  const stamp = (seconds: number) => {
    const ms = Math.round(seconds * 1000)
    const h = Math.floor(ms / 3_600_000)
    const m = Math.floor((ms % 3_600_000) / 60_000)
    const s = (ms % 60_000) / 1000
    return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(3).padStart(6, '0')}`
  }
  return ['WEBVTT', '', ...cues.flatMap((cue) => [`${stamp(cue.start)} --> ${stamp(cue.end)}`, cue.text, ''])].join(
    '\n',
  )
}

// ------------------------------------------------------------------ progress and pre-flight

/** "Montando o vídeo… 40 %". */
export function progressLabel(percent: number): string {
  return `Montando o vídeo… ${Math.max(0, Math.min(100, Math.round(percent)))} %`
}

export type ReelFacts = { durationS: number; width: number; height: number; bytes: number }

/** Instagram's Reels rules (3–90 s, 9:16, ≤ 300 MB): each problem in pt-BR, none when it fits. */
export function reelPreflight(facts: ReelFacts): string[] {
  const problems: string[] = []
  if (facts.durationS < 3 || facts.durationS > 90)
    problems.push(`O Reel precisa ter de 3 a 90 segundos (este tem ${Math.round(facts.durationS)} s).`)
  if (!facts.width || Math.abs(facts.height / facts.width - 16 / 9) > 0.01)
    problems.push('O Reel precisa ser vertical, na proporção 9:16.')
  if (facts.bytes > 300 * 1024 * 1024) problems.push('O Reel pode ter no máximo 300 MB.')
  return problems
}

const round = (value: number) => Math.round(value * 1000) / 1000

/**
 * Renders at once on a machine of `cores`: one per two cores (x264 and the filter graph keep two
 * busy), at least one. A 2-core machine renders one video at a time; an 8-core worker, four.
 */
export function renderConcurrency(cores: number): number {
  return Math.max(1, Math.floor(cores / 2))
}
