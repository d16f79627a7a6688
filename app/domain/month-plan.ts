// "Mês pronto" (ADR 283): the month's plan, before anything is generated. Which kinds of piece
// (post, carrossel, Story, Reel), on which São Paulo day and time, about which property, with
// which message, template and cover composition. Pure and deterministic for a given `random`:
// the drafting job (app/workflows/month-plan.server.ts) turns each slot into a real piece through
// the existing generators. The rules it keeps are checked by `planProblems` (and its tests).
import { COMPOSITIONS, isCompositionId } from './compositions'
import { ART_THEME_LABELS, type ArtTheme } from './occasion-art'

/** The month's page. */
export const monthPage = (id: number) => `/mes-pronto/${id}`

/** 'YYYY-MM-DD' → 'dd/mm/aaaa'. */
export const formatDay = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`

export const SLOT_KINDS = ['post', 'carousel', 'story', 'reel'] as const
export type SlotKind = (typeof SLOT_KINDS)[number]

export const SLOT_KIND_LABELS: Record<SlotKind, string> = {
  post: 'Post',
  carousel: 'Carrossel',
  story: 'Story',
  reel: 'Reel',
}

/** Pieces of each kind per week. */
export type Rhythm = Record<SlotKind, number>

export const RHYTHM_IDS = ['leve', 'regular', 'intenso', 'personalizado'] as const
export type RhythmId = (typeof RHYTHM_IDS)[number]

export const RHYTHM_PRESETS: Record<Exclude<RhythmId, 'personalizado'>, { label: string; rhythm: Rhythm }> = {
  leve: { label: 'Leve', rhythm: { post: 2, carousel: 1, story: 0, reel: 0 } },
  regular: { label: 'Regular', rhythm: { post: 2, carousel: 1, story: 1, reel: 1 } },
  intenso: { label: 'Intenso', rhythm: { post: 3, carousel: 2, story: 3, reel: 1 } },
}

export const RHYTHM_LABELS: Record<RhythmId, string> = {
  leve: 'Leve',
  regular: 'Regular',
  intenso: 'Intenso',
  personalizado: 'Personalizado',
}

/** A custom rhythm's bound per kind and week. */
export const MAX_PER_WEEK = 7

export function rhythmOf(id: RhythmId, custom?: Partial<Rhythm>): Rhythm {
  if (id !== 'personalizado') return { ...RHYTHM_PRESETS[id].rhythm }
  const clamp = (n: unknown) => Math.max(0, Math.min(MAX_PER_WEEK, Math.trunc(Number(n) || 0)))
  return {
    post: clamp(custom?.post),
    carousel: clamp(custom?.carousel),
    story: clamp(custom?.story),
    reel: clamp(custom?.reel),
  }
}

/** "2 posts, 1 carrossel, 1 Story e 1 Reel por semana". */
export function describeRhythm(r: Rhythm): string {
  const names: Record<SlotKind, [string, string]> = {
    post: ['post', 'posts'],
    carousel: ['carrossel', 'carrosséis'],
    story: ['Story', 'Stories'],
    reel: ['Reel', 'Reels'],
  }
  const parts = SLOT_KINDS.filter((k) => r[k] > 0).map((k) => `${r[k]} ${names[k][r[k] === 1 ? 0 : 1]}`)
  if (parts.length === 0) return 'Nenhuma peça'
  const last = parts.pop()!
  return `${parts.length ? `${parts.join(', ')} e ${last}` : last} por semana`
}

/** What a piece says. */
export const MESSAGES = [
  'novo',
  'destaques',
  'bairro',
  'planta',
  'preco',
  'visita',
  'dicas',
  'institucional',
  'data',
] as const
export type Message = (typeof MESSAGES)[number]

export const MESSAGE_LABELS: Record<Message, string> = {
  novo: 'Novo no mercado',
  destaques: 'Destaques',
  bairro: 'Bairro',
  planta: 'Planta',
  preco: 'Preço',
  visita: 'Visita aberta',
  dicas: 'Dicas',
  institucional: 'Institucional',
  data: 'Data comemorativa',
}

const TEXT_MESSAGES: readonly Message[] = ['dicas', 'institucional', 'data']
export const isPropertyMessage = (m: Message) => !TEXT_MESSAGES.includes(m)

/** The templates of the library (their slugs) a slot of this message and kind is made from. */
const TEMPLATES: Record<Message, Partial<Record<Exclude<SlotKind, 'reel'>, { sale: string; rent: string }>>> = {
  novo: {
    post: { sale: 'venda-post-feed', rent: 'aluguel-post-feed' },
    carousel: { sale: 'venda-carrossel-completo', rent: 'aluguel-carrossel' },
    story: { sale: 'venda-story', rent: 'venda-story' },
  },
  destaques: {
    post: { sale: 'venda-post-feed', rent: 'aluguel-post-feed' },
    carousel: { sale: 'venda-destaques', rent: 'venda-destaques' },
    story: { sale: 'venda-story', rent: 'venda-story' },
  },
  bairro: {
    post: { sale: 'venda-post-feed', rent: 'aluguel-post-feed' },
    carousel: { sale: 'dica-guia-do-bairro', rent: 'dica-guia-do-bairro' },
    story: { sale: 'venda-story', rent: 'venda-story' },
  },
  planta: {
    post: { sale: 'venda-post-feed', rent: 'aluguel-post-feed' },
    carousel: { sale: 'venda-carrossel-completo', rent: 'aluguel-carrossel' },
    story: { sale: 'venda-story', rent: 'venda-story' },
  },
  preco: {
    post: { sale: 'venda-baixou-o-preco', rent: 'venda-baixou-o-preco' },
    carousel: { sale: 'venda-carrossel-completo', rent: 'aluguel-carrossel' },
    story: { sale: 'venda-story', rent: 'venda-story' },
  },
  visita: {
    post: { sale: 'venda-post-feed', rent: 'aluguel-post-feed' },
    carousel: { sale: 'venda-carrossel-completo', rent: 'aluguel-carrossel' },
    story: { sale: 'venda-visita-aberta', rent: 'venda-visita-aberta' },
  },
  dicas: {
    post: { sale: 'dica-post-feed', rent: 'dica-post-feed' },
    carousel: { sale: 'dica-carrossel', rent: 'dica-carrossel' },
    story: { sale: 'dica-post-feed', rent: 'dica-post-feed' },
  },
  institucional: {
    post: { sale: 'institucional-apresentacao', rent: 'institucional-apresentacao' },
    carousel: { sale: 'institucional-apresentacao', rent: 'institucional-apresentacao' },
    story: { sale: 'institucional-apresentacao', rent: 'institucional-apresentacao' },
  },
  data: {
    post: { sale: 'datas-post-feed', rent: 'datas-post-feed' },
    carousel: { sale: 'datas-post-feed', rent: 'datas-post-feed' },
    story: { sale: 'datas-story', rent: 'datas-story' },
  },
}

/** The template slug of a slot (null for a Reel: a property video). */
export function templateFor(message: Message, kind: SlotKind, status: 'sale' | 'rent' = 'sale'): string | null {
  if (kind === 'reel') return null
  return TEMPLATES[message][kind]?.[status] ?? TEMPLATES[message].post![status]
}

/**
 * The cover compositions (compositions.ts) that fit a message, the one it puts first at the head.
 * A text piece is drawn on the occasion's art (`arte:<tema>`), a Reel is a video (`video`).
 */
export const COMPOSITIONS_BY_MESSAGE: Record<Exclude<Message, 'dicas' | 'institucional' | 'data'>, string[]> = {
  novo: ['full-bleed', 'magazine', 'split', 'arch', 'framed', 'minimal', 'centered'],
  destaques: ['collage', 'framed', 'split', 'centered', 'sticker', 'magazine'],
  bairro: ['neighborhood', 'minimal', 'arch', 'full-bleed'],
  planta: ['facts', 'split', 'framed'],
  preco: ['price', 'sticker', 'full-bleed'],
  visita: ['date', 'arch', 'centered'],
}

/** Is a slot's composition one of the cover compositions (not an art or a video)? */
export const isCoverComposition = (c: string) => !c.startsWith('arte:') && c !== 'video'

const ART_NAMES: Record<string, string> = {
  dicas: 'Dicas',
  institucional: 'Institucional',
  dia_da_mulher: 'Dia da Mulher',
  dia_das_criancas: 'Dia das Crianças',
}

/** How the month's list names a slot's look: 'Capa: Tela dividida', 'Arte: Natal', 'Vídeo'. */
export function compositionLabel(composition: string): string {
  if (composition === 'video') return 'Vídeo'
  if (composition.startsWith('arte:')) {
    const theme = composition.slice(5)
    return `Arte: ${ART_NAMES[theme] ?? ART_THEME_LABELS[theme as ArtTheme] ?? theme}`
  }
  return isCompositionId(composition) ? `Capa: ${COMPOSITIONS[composition].label}` : composition
}

/** Other compositions a "Trocar" may move a piece to (never its current one). */
export function otherCompositions(message: Message, kind: SlotKind, current: string): string[] {
  if (kind === 'reel' || !isPropertyMessage(message)) return []
  const own = COMPOSITIONS_BY_MESSAGE[message as keyof typeof COMPOSITIONS_BY_MESSAGE]
  const rest = [
    'full-bleed',
    'split',
    'framed',
    'collage',
    'magazine',
    'arch',
    'minimal',
    'facts',
    'centered',
    'sticker',
  ]
  return [...new Set([...own, ...rest])].filter((c) => c !== current && (c !== 'date' || message === 'visita'))
}

/** A São Paulo day ("YYYY-MM-DD") `n` days on. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const t = new Date(Date.UTC(y, m - 1, d) + n * 86_400_000)
  return t.toISOString().slice(0, 10)
}
