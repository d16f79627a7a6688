// The details a publication carries beyond its images and caption (issue 63): collaborators
// (Instagram usernames), the first comment, and each image's alt text made from the property.
// Pure: the scheduling form and the scheduling workflow read the same rules.
import { ALT_TEXT_MAX, CAPTION_MAX, countCharacters } from './scheduling'
import type { HomeContent } from './post-content'
import { SLIDE_TYPE_LABELS, slideLayout, type Slide } from './slides'

/** Instagram takes up to 3 collaborators from an API-published piece (Stories take none). */
export const COLLABORATORS_MAX = 3
/** The first comment is a comment: Instagram's 2,200 characters, like a caption. */
export const FIRST_COMMENT_MAX = CAPTION_MAX

/** An Instagram username: letters, digits, '.' and '_', up to 30, no '.' at either end or twice. */
export function isInstagramUsername(name: string): boolean {
  return /^[A-Za-z0-9._]{1,30}$/.test(name) && !name.startsWith('.') && !name.endsWith('.') && !name.includes('..')
}

/** The usernames typed (commas, spaces or lines between them; '@' optional), or the pt-BR errors. */
export function parseCollaborators(text: string): { usernames: string[]; errors: string[] } {
  const names = text
    .split(/[\s,;]+/)
    .map((name) => name.trim().replace(/^@/, ''))
    .filter(Boolean)
  const errors: string[] = []
  const bad = names.filter((name) => !isInstagramUsername(name))
  for (const name of bad)
    errors.push(
      `“${name}” não é um usuário do Instagram válido: use só letras, números, ponto e sublinhado (até 30 caracteres, sem ponto no início ou no fim).`,
    )
  const usernames = [...new Set(names.filter(isInstagramUsername).map((name) => name.toLowerCase()))]
  if (usernames.length > COLLABORATORS_MAX)
    errors.push(
      `O Instagram aceita até ${COLLABORATORS_MAX} colaboradores por publicação; você informou ${usernames.length}.`,
    )
  return { usernames, errors }
}

export function firstCommentErrors(text: string): string[] {
  const characters = countCharacters(text)
  return characters > FIRST_COMMENT_MAX
    ? [
        `O primeiro comentário tem ${characters.toLocaleString('pt-BR')} caracteres; o Instagram aceita até ${FIRST_COMMENT_MAX.toLocaleString('pt-BR')}.`,
      ]
    : []
}

export function altTextErrors(texts: readonly string[]): string[] {
  return texts.flatMap((text, i) =>
    Array.from(text).length > ALT_TEXT_MAX
      ? [`O texto alternativo da imagem ${i + 1} aceita até ${ALT_TEXT_MAX.toLocaleString('pt-BR')} caracteres.`]
      : [],
  )
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** "Apartamento à venda com 3 quartos e 120 m² em Jardins": what the property is, in one line. */
export function propertyLine(home: HomeContent): string {
  const bedrooms = home.facts.find((fact) => fact.icon === 'bed')
  const area = home.facts.find((fact) => fact.icon === 'area')
  const facts = [bedrooms ? `${bedrooms.value} ${bedrooms.label.toLowerCase()}` : null, area?.value ?? null].filter(
    Boolean,
  )
  return [
    `${home.category} ${lower(home.deal)}`,
    facts.length ? `com ${facts.join(' e ')}` : null,
    home.neighborhood ? `em ${home.neighborhood}` : null,
  ]
    .filter(Boolean)
    .join(' ')
}

/**
 * An image's alt text, made from the property (its type, rooms and place) and what the image
 * shows: the photo's own caption, else the slide's kind and title.
 */
export function altTextFor(home: HomeContent | null, slide: Slide | null, photoCaption?: string | null): string {
  const what = photoCaption?.trim() || slide?.caption?.trim() || slide?.title?.trim() || ''
  const kind = slide ? SLIDE_TYPE_LABELS[slideLayout(slide)].replace(/^Story: /, '') : 'Imagem'
  const line = home ? propertyLine(home) : ''
  const text = [line, what ? `${kind}: ${what}` : kind].filter(Boolean).join('. ')
  return Array.from(text).slice(0, ALT_TEXT_MAX).join('')
}
