// Scheduled publications: their vocabulary, the caption rules Instagram applies, and São Paulo
// wall-clock times. Pure: used by pages in the browser and by the publishing workflow.

export type SocialProvider = 'outbox' | 'instagram' | 'facebook'
/** A feed piece (post, carousel, Reel) or a Story (each image, or the Reel, one Story). */
export type PublicationKind = 'feed' | 'story'
export type PublicationStatus = 'scheduled' | 'publishing' | 'published' | 'failed'
/** 'original' keeps the post's own size; the others crop (cover) or fit (contain) to the ratio. */
export type PublishRatio = 'original' | '1:1' | '4:5' | '1.91:1'
export type ImageFit = 'cover' | 'contain'

/** What a publication that was interrupted resumes from (ADR 101). */
export type PublishProgress = {
  /** Item containers already made, in order (Instagram). */
  children?: string[]
  /** The container that is published (the carousel, or the single image). */
  container?: string
  /** Set just before media_publish: after a crash, the container's status tells what happened. */
  publishing?: boolean
  /** A Page video's upload address, beside its video id in `container` (ADR 320). */
  uploadUrl?: string
  /**
   * A Story sequence, frame by frame in order (issue 63): each frame's container, `publishing`
   * just before its media_publish, and its media id once published (never published again).
   */
  stories?: StoryProgress[]
}

export type StoryProgress = { container?: string; publishing?: boolean; media?: string }

export const PROVIDER_LABELS: Record<SocialProvider, string> = {
  outbox: 'Caixa de saída local',
  instagram: 'Instagram',
  facebook: 'Página do Facebook',
}

export const STATUS_LABELS: Record<PublicationStatus, string> = {
  scheduled: 'Agendada',
  publishing: 'Publicando',
  published: 'Publicada',
  failed: 'Falhou',
}

/** A publication's state in pt-BR: one sent to the local outbox never reads "Publicada". */
export function statusLabel(status: PublicationStatus, provider: SocialProvider | null): string {
  if (provider !== 'outbox') return STATUS_LABELS[status]
  if (status === 'published') return 'Na caixa de saída'
  if (status === 'publishing') return 'Enviando'
  return STATUS_LABELS[status]
}

/**
 * Whether a publication to these accounts leaves the local outbox: an Instagram account or a
 * Facebook Page (ADR 308) that needs no reconnection.
 */
export function reachesMeta(accounts: { provider: SocialProvider; reconnect_reason: string | null }[]): boolean {
  return accounts.some(
    (account) => (account.provider === 'instagram' || account.provider === 'facebook') && !account.reconnect_reason,
  )
}

/** How the forms name an account: a Page says it is one ("Imobiliária Sol · Página do Facebook"). */
export function accountLabel(account: { provider: SocialProvider; name: string }): string {
  return account.provider === 'facebook' ? `${account.name} · ${PROVIDER_LABELS.facebook}` : account.name
}

/** How lists and editors name a post: its template's name and its property, never a slug. */
/** How the lists name a Reel: by its property, like a post. */
export function reelTitle(homeName: string | null | undefined): string {
  return `Reel${homeName ? ` — ${homeName}` : ''}`
}

export function postTitle(templateName: string | null | undefined, homeName: string | null | undefined): string {
  return `${templateName || 'Post'}${homeName ? ` — ${homeName}` : ''}`
}

export const RATIO_OPTIONS: readonly { value: PublishRatio; label: string }[] = [
  { value: 'original', label: 'Tamanho do post' },
  { value: '1:1', label: 'Quadrado 1:1' },
  { value: '4:5', label: 'Retrato 4:5' },
  { value: '1.91:1', label: 'Paisagem 1,91:1' },
]

export const FIT_OPTIONS: readonly { value: ImageFit; label: string }[] = [
  { value: 'cover', label: 'Cortar para preencher' },
  { value: 'contain', label: 'Encaixar com margens' },
]

export const RATIO_VALUES: Record<Exclude<PublishRatio, 'original'>, number> = {
  '1:1': 1,
  '4:5': 4 / 5,
  '1.91:1': 1.91,
}

export const CAPTION_MAX = 2200
/**
 * The most hashtags a caption should carry: more costs reach. The one source of the number the
 * scheduler warns above, the offline writer writes and the AI writer is asked for.
 */
export const MAX_REACH_HASHTAGS = 5
export const HASHTAG_MAX = 30
export const CAROUSEL_MIN = 2
export const CAROUSEL_MAX = 10
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024
export const FEED_RATIO_MIN = 4 / 5
export const FEED_RATIO_MAX = 1.91
export const ALT_TEXT_MAX = 1000

// ------------------------------------------------------------------ caption

const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' })

export type CaptionStats = { characters: number; hashtags: string[]; mentions: string[]; lines: number }

/** Characters as a person counts them (an emoji, flags and skin tones included, is one). */
export function countCharacters(text: string): number {
  let count = 0
  for (const _ of graphemes.segment(text)) count++
  return count
}

export function captionStats(text: string): CaptionStats {
  return {
    characters: countCharacters(text),
    hashtags: text.match(/(?<![\p{L}\p{N}_])#[\p{L}\p{N}_]+/gu) ?? [],
    mentions: text.match(/(?<![\p{L}\p{N}_@])@[A-Za-z0-9._]{1,30}/gu) ?? [],
    lines: text === '' ? 0 : text.split('\n').length,
  }
}

/** Line breaks as typed (CRLF from a form post becomes LF); nothing else changes. */
export function normalizeCaption(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}

const thousands = (n: number) => n.toLocaleString('pt-BR')

/** pt-BR problems that stop a caption, and the warnings that do not. */
export function captionProblems(text: string): { errors: string[]; warnings: string[] } {
  const stats = captionStats(text)
  const errors: string[] = []
  const warnings: string[] = []
  if (stats.characters > CAPTION_MAX)
    errors.push(
      `A legenda tem ${thousands(stats.characters)} caracteres; o Instagram aceita até ${thousands(CAPTION_MAX)}.`,
    )
  if (stats.hashtags.length > HASHTAG_MAX)
    errors.push(`A legenda tem ${stats.hashtags.length} hashtags; o Instagram aceita até ${HASHTAG_MAX}.`)
  else if (stats.hashtags.length > MAX_REACH_HASHTAGS)
    warnings.push(`${stats.hashtags.length} hashtags: mais de ${MAX_REACH_HASHTAGS} costuma reduzir o alcance.`)
  return { errors, warnings }
}

/** Suggested times (São Paulo) when real-estate posts are most seen: lunch and evening. */
export const BEST_TIMES = ['12:00', '18:30', '20:00'] as const

// ------------------------------------------------------------------ calendar

export type CalendarView = 'lista' | 'semana' | 'mes'

/** 'YYYY-MM-DD' plus n days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(y, m - 1, d + days))
  return next.toISOString().slice(0, 10)
}

/** Monday of the week holding `date`. */
export function weekStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
  return addDays(date, -((weekday + 6) % 7))
}

/** The days a view shows: 7 from Monday, or the whole weeks covering the month. */
export function calendarDays(view: 'semana' | 'mes', anchor: string): string[] {
  if (view === 'semana') return Array.from({ length: 7 }, (_, i) => addDays(weekStart(anchor), i))
  const first = `${anchor.slice(0, 7)}-01`
  const start = weekStart(first)
  const nextMonth = addDays(first, 32).slice(0, 7)
  const days: string[] = []
  for (let day = start; days.length < 42; day = addDays(day, 1)) {
    if (day.slice(0, 7) === nextMonth && days.length % 7 === 0) break
    days.push(day)
  }
  return days
}

/** The anchor of the previous / next page of a view. */
export function shiftAnchor(view: 'semana' | 'mes', anchor: string, step: 1 | -1): string {
  if (view === 'semana') return addDays(anchor, 7 * step)
  const [y, m] = anchor.split('-').map(Number) as [number, number]
  const next = new Date(Date.UTC(y, m - 1 + step, 1))
  return next.toISOString().slice(0, 10)
}

const monthTitle = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayTitle = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
})

export function monthLabel(anchor: string): string {
  const text = monthTitle.format(new Date(`${anchor.slice(0, 7)}-01T12:00:00Z`))
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function dayLabel(date: string): string {
  return dayTitle.format(new Date(`${date}T12:00:00Z`))
}

/** What the scheduling pages show of a publication (dates as ISO strings). */
export type PublicationView = {
  id: number
  /** The piece: a post, or a property video published as a Reel (ADR 263). */
  postId: number | null
  videoId: number | null
  status: PublicationStatus
  publishAt: string
  accountId: number | null
  accountName: string
  /** Where it goes: the local outbox, Instagram, or null when the account was removed. */
  provider: SocialProvider | null
  title: string
  caption: string
  error: string | null
  permalink: string | null
  items: number
  /** 'story': each image (or the Reel's video) went out as a Story (issue 63). */
  kind: PublicationKind
  /** Why the first comment was not posted; the publication itself went out (issue 63). */
  commentError: string | null
  /** Held back while its property has no authorisation in force (issue 65): 'Pausado: …'. */
  paused: string | null
  /** The property the piece is of, where its documentation is. */
  homeId: number | null
}

/** "6 Stories", "Reel (vídeo)", "1 imagem": what a publication is made of. */
export function publicationItemsLabel(item: Pick<PublicationView, 'kind' | 'videoId' | 'items'>): string {
  if (item.videoId !== null) return item.kind === 'story' ? 'Reel como Story' : 'Reel (vídeo)'
  if (item.kind === 'story') return item.items === 1 ? '1 Story' : `${item.items} Stories`
  return item.items === 1 ? '1 imagem' : `${item.items} imagens`
}

/** The scheduling form's values as typed, kept when it is refused (the page and its reader). */
export type ScheduleValues = {
  date: string
  time: string
  caption: string
  account_ids: string[]
  alt_texts: string[]
  first_comment: string
  collaborators: string
}
