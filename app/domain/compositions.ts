// The cover compositions of a property post: where the photo, the title and the price sit. A
// composition is a layout of its own (app/components/post/cover-*.tsx), not a recolouring: the
// post's style (post-style.ts) paints it, the composition places it. Each template has a default
// chosen for its message; the agent can switch a post to any other. Pure. ADR 245.
//
// How a post picks its composition:
//   1. `meta.fields.composition`, written when the post is generated (the template's default)
//      and when the agent switches it on the post ("Capa");
//   2. for a post from before compositions, the cover its style drew (`legacyComposition`).
import type { PostStyleId } from './post-style'
import { postStyle } from './post-style'
import type { TemplateKind } from './post-plan'

export const COMPOSITION_IDS = [
  'full-bleed',
  'split',
  'framed',
  'collage',
  'price',
  'magazine',
  'arch',
  'minimal',
  'facts',
  'stamp',
  'date',
  'neighborhood',
  'centered',
  'sticker',
] as const

export type CompositionId = (typeof COMPOSITION_IDS)[number]

/** The display + text font pairs the compositions are set in (type-pairings.ts names the fonts). */
export type PairingId = 'classica' | 'editorial' | 'revista' | 'impacto'

export type Composition = {
  id: CompositionId
  /** Its name on the post's "Capa" picker. */
  label: string
  /** One line on what it puts first. */
  description: string
  /** The type it is set in, unless the brand chose a font pair. */
  pairing: PairingId
  /** The messages it announces, when it says something only they can say (a stamp, a date). */
  only?: readonly TemplateKind[]
}

export const COMPOSITIONS: Record<CompositionId, Composition> = {
  'full-bleed': {
    id: 'full-bleed',
    label: 'Foto inteira',
    description: 'A foto ocupa a capa; título embaixo e o preço numa faixa.',
    pairing: 'classica',
  },
  split: {
    id: 'split',
    label: 'Tela dividida',
    description: 'Foto de um lado, título e preço do outro.',
    pairing: 'classica',
  },
  framed: {
    id: 'framed',
    label: 'Foto emoldurada',
    description: 'A foto numa moldura sobre a cor da marca, o texto abaixo.',
    pairing: 'editorial',
  },
  collage: {
    id: 'collage',
    label: 'Colagem',
    description: 'Três ou quatro fotos do imóvel juntas.',
    pairing: 'classica',
  },
  price: {
    id: 'price',
    label: 'Preço em destaque',
    description: 'O valor em números grandes; o preço antigo riscado quando baixou.',
    pairing: 'impacto',
  },
  magazine: {
    id: 'magazine',
    label: 'Capa de revista',
    description: 'Título no alto em letras de revista, sobre a foto.',
    pairing: 'revista',
  },
  arch: {
    id: 'arch',
    label: 'Foto em arco',
    description: 'A foto recortada em arco sobre um fundo liso.',
    pairing: 'editorial',
  },
  minimal: {
    id: 'minimal',
    label: 'Minimalista',
    description: 'A foto e uma linha de texto.',
    pairing: 'revista',
  },
  facts: {
    id: 'facts',
    label: 'Ficha técnica',
    description: 'Área, quartos e vagas em destaque; a planta quando houver.',
    pairing: 'impacto',
  },
  stamp: {
    id: 'stamp',
    label: 'Carimbo',
    description: 'Um carimbo de "Vendido" ou "Alugado" sobre a foto.',
    pairing: 'impacto',
    only: ['sold'],
  },
  date: {
    id: 'date',
    label: 'Convite com data',
    description: 'A data e a hora da visita em destaque.',
    pairing: 'revista',
    only: ['open-house'],
  },
  neighborhood: {
    id: 'neighborhood',
    label: 'Bairro',
    description: 'O nome do bairro em destaque, com a foto.',
    pairing: 'revista',
  },
  centered: {
    id: 'centered',
    label: 'Moldura fina',
    description: 'Foto escurecida com o texto centralizado numa moldura fina.',
    pairing: 'editorial',
  },
  sticker: {
    id: 'sticker',
    label: 'Selo de preço',
    description: 'Foto em tons da marca e o preço num selo inclinado.',
    pairing: 'classica',
  },
}

/** The name of the post field that keeps the composition (beside "Estilo"). */
export const COMPOSITION_FIELD_NAME = 'composition'

export function isCompositionId(value: unknown): value is CompositionId {
  return typeof value === 'string' && (COMPOSITION_IDS as readonly string[]).includes(value)
}

/** What a template's message puts first, when its design names no cover of its own. */
const BY_KIND: Partial<Record<TemplateKind, CompositionId>> = {
  listing: 'full-bleed',
  'price-drop': 'price',
  sold: 'stamp',
  'open-house': 'date',
  launch: 'magazine',
  neighborhood: 'neighborhood',
  sample: 'full-bleed',
}

/** A template's default composition: its design's `cover`, else its kind's. */
export function defaultComposition(design: { kind: TemplateKind; cover?: unknown }): CompositionId {
  if (isCompositionId(design.cover)) return design.cover
  return BY_KIND[design.kind] ?? 'full-bleed'
}

/** The cover each style drew before compositions existed: old posts keep their look. */
const LEGACY: Record<ReturnType<typeof postStyle>['cover'], CompositionId> = {
  band: 'full-bleed',
  split: 'split',
  inset: 'framed',
  centered: 'centered',
  sticker: 'sticker',
}

export function legacyComposition(style: PostStyleId | unknown): CompositionId {
  return LEGACY[postStyle(style).cover]
}

/**
 * The compositions a post of this template may switch to: every one, but a stamp only on a sale or
 * rental announced as closed and a date only on an open house (an available listing is never
 * stamped "Alugado"). The template's own default always stays among them.
 */
export function compositionsFor(design: { kind: TemplateKind; cover?: unknown }): CompositionId[] {
  const own = defaultComposition(design)
  return COMPOSITION_IDS.filter(
    (id) => id === own || !COMPOSITIONS[id].only || COMPOSITIONS[id].only.includes(design.kind),
  )
}

/** The composition a post's cover is drawn with (see the top of this file). */
export function postComposition(fields: Record<string, unknown> | null | undefined): CompositionId {
  const chosen = fields?.[COMPOSITION_FIELD_NAME]
  return isCompositionId(chosen) ? chosen : legacyComposition(fields?.style)
}

/** The answers a new post keeps: the agent's, with the template's composition when none is set. */
export function withComposition(
  values: Record<string, unknown>,
  design: { kind: TemplateKind; cover?: unknown },
): Record<string, unknown> {
  return isCompositionId(values[COMPOSITION_FIELD_NAME])
    ? values
    : { ...values, [COMPOSITION_FIELD_NAME]: defaultComposition(design) }
}
