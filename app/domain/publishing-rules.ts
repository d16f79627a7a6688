// What Instagram accepts, checked before a publication is scheduled (pre-flight), and what its
// errors mean in pt-BR. Pure.
import {
  ALT_TEXT_MAX,
  CAROUSEL_MAX,
  FEED_RATIO_MAX,
  FEED_RATIO_MIN,
  IMAGE_MAX_BYTES,
  captionProblems,
  type PublicationKind,
} from './scheduling'
import { COLLABORATORS_MAX, altTextErrors, firstCommentErrors, isInstagramUsername } from './publishing-details'

/** Stories sent at once from one piece: a sequence is 3–6, Instagram keeps up to 100 a day. */
export const STORY_FRAMES_PUBLISH_MAX = 10

export type PreparedImage = { width: number; height: number; format: string; bytes: number }

export type PreflightInput = {
  images: readonly PreparedImage[]
  caption: string
  altText: string
  publishAt: Date
  now: Date
  /** 'story': each image is one Story (any 9:16 or feed ratio; no caption, comment or collaborators). */
  kind?: PublicationKind
  altTexts?: readonly string[]
  collaborators?: readonly string[]
  firstComment?: string
  account: { provider: string; reconnectReason: string | null; expiresAt: Date | null; deleted: boolean }
}

/** Field → pt-BR messages; empty when Instagram would take the publication. */
export type PreflightErrors = Partial<
  Record<
    'publish_at' | 'slides' | 'caption' | 'account' | 'alt_text' | 'collaborators' | 'first_comment' | 'compliance',
    string[]
  >
>

const MB = 1024 * 1024

function imageErrors(images: readonly PreparedImage[], kind: PublicationKind): string[] {
  const errors: string[] = []
  const story = kind === 'story'
  if (images.length === 0) errors.push('Escolha ao menos uma imagem.')
  if (!story && images.length > CAROUSEL_MAX) errors.push(`Um carrossel leva no máximo ${CAROUSEL_MAX} imagens.`)
  if (story && images.length > STORY_FRAMES_PUBLISH_MAX)
    errors.push(`Uma sequência leva no máximo ${STORY_FRAMES_PUBLISH_MAX} stories.`)
  images.forEach((image, i) => {
    const n = i + 1
    const ratio = image.width / image.height
    // A Story takes 9:16 (and the feed's ratios, shown with bands); the feed 4:5 to 1,91:1.
    const low = story ? 9 / 16 : FEED_RATIO_MIN
    if (ratio < low - 0.005 || ratio > FEED_RATIO_MAX + 0.005)
      errors.push(
        story
          ? `Imagem ${n}: proporção fora do que o story aceita (de 9:16 a 1,91:1).`
          : image.width * 16 === image.height * 9
            ? `Imagem ${n}: o formato 9:16 é de story. Agende como Stories, ou escolha 4:5 ou 1:1 para o feed.`
            : `Imagem ${n}: proporção fora do que o feed aceita (de 4:5 a 1,91:1).`,
      )
    if (image.format !== 'jpeg') errors.push(`Imagem ${n}: o Instagram só aceita JPEG.`)
    if (image.bytes > IMAGE_MAX_BYTES)
      errors.push(`Imagem ${n}: ${(image.bytes / MB).toFixed(1).replace('.', ',')} MB; o limite é 8 MB.`)
  })
  return errors
}

function accountErrors(input: PreflightInput): string[] {
  const { account } = input
  if (account.deleted) return ['Esta conta foi desconectada.']
  if (account.reconnectReason) return [`Conecte a conta de novo antes de agendar: ${account.reconnectReason}`]
  if (account.expiresAt && account.expiresAt.getTime() <= input.publishAt.getTime())
    return ['O acesso a esta conta expira antes do horário escolhido. Conecte a conta de novo.']
  return []
}

export function preflight(input: PreflightInput): PreflightErrors {
  const errors: PreflightErrors = {}
  const add = (field: keyof PreflightErrors, messages: string[]) => {
    if (messages.length) errors[field] = [...(errors[field] ?? []), ...messages]
  }
  if (input.publishAt.getTime() <= input.now.getTime() + 60_000)
    add('publish_at', ['Escolha um horário no futuro (pelo menos 1 minuto à frente).'])
  const kind = input.kind ?? 'feed'
  add('slides', imageErrors(input.images, kind))
  // A Story carries none of the feed's words: no caption, alt text, comment or collaborators.
  if (kind === 'feed') {
    add('caption', captionProblems(input.caption).errors)
    if (Array.from(input.altText).length > ALT_TEXT_MAX)
      add('alt_text', [`O texto alternativo aceita até ${ALT_TEXT_MAX} caracteres.`])
    add('alt_text', altTextErrors(input.altTexts ?? []))
    add('first_comment', firstCommentErrors(input.firstComment ?? ''))
    const collaborators = input.collaborators ?? []
    add(
      'collaborators',
      collaborators
        .filter((name) => !isInstagramUsername(name))
        .map((name) => `“${name}” não é um usuário do Instagram válido.`),
    )
    if (collaborators.length > COLLABORATORS_MAX)
      add('collaborators', [`O Instagram aceita até ${COLLABORATORS_MAX} colaboradores por publicação.`])
  }
  add('account', accountErrors(input))
  return errors
}

export const hasErrors = (errors: PreflightErrors) => Object.keys(errors).length > 0

// ------------------------------------------------------------------ Meta's errors

export type MetaErrorFacts = { status: number; code?: number; subcode?: number; message?: string }

export type MetaErrorKind = 'retry' | 'reconnect' | 'limit' | 'reject'

/** What to do about an error of the Graph API (ADR 102). */
export function classifyMetaError(e: MetaErrorFacts): MetaErrorKind {
  if (e.code === 190 || e.code === 102 || e.subcode === 463 || e.subcode === 460) return 'reconnect'
  if (e.code === 9 || e.subcode === 2207042) return 'limit'
  // 9007 "media not ready", 2 / 1 temporary, 4 / 17 / 32 / 613 rate limits, and any 5xx.
  if (
    e.code === 9007 ||
    e.code === 1 ||
    e.code === 2 ||
    e.code === 4 ||
    e.code === 17 ||
    e.code === 32 ||
    e.code === 613
  )
    return 'retry'
  if (e.status >= 500 || e.status === 0) return 'retry'
  return 'reject'
}

const SUBCODE_MESSAGES: Record<number, string> = {
  2207009: 'O Instagram recusou a proporção da imagem (aceita de 4:5 a 1,91:1 no feed).',
  2207004: 'O Instagram recusou a imagem por ser grande demais (limite de 8 MB).',
  2207005: 'O Instagram não aceitou o formato da imagem (use JPEG).',
  2207026: 'O Instagram não aceitou o formato do vídeo.',
  2207010: 'A legenda passou do limite do Instagram (2.200 caracteres ou 30 hashtags).',
  2207042: 'A conta atingiu o limite diário de publicações do Instagram.',
  2207052: 'O Instagram não conseguiu baixar a imagem. Tente novamente.',
  2207032: 'O Instagram não conseguiu criar a mídia. Tente novamente.',
}

/** Which of Meta's networks a provider's errors come from, as the messages name it. */
export type MetaNetwork = 'Instagram' | 'Facebook'
export const networkOf = (provider: string): MetaNetwork => (provider === 'facebook' ? 'Facebook' : 'Instagram')

/** Meta's reason as the agent reads it, in pt-BR, with Meta's own words for the record. */
export function metaErrorMessage(e: MetaErrorFacts, network: MetaNetwork = 'Instagram'): string {
  const kind = classifyMetaError(e)
  // The 2207… subcodes are Instagram's own.
  const known = e.subcode && network === 'Instagram' ? SUBCODE_MESSAGES[e.subcode] : undefined
  const where = network === 'Facebook' ? 'da Página do Facebook' : 'do Instagram'
  const text =
    known ??
    (kind === 'reconnect'
      ? `O acesso à conta ${where} foi revogado ou expirou. Conecte a conta de novo em Integrações.`
      : kind === 'limit'
        ? `A conta atingiu o limite de publicações ${where}.`
        : kind === 'retry'
          ? `O ${network} está instável no momento; tentamos de novo e não deu certo.`
          : `O ${network} recusou a publicação.`)
  const code = [e.code, e.subcode].filter((v) => v !== undefined).join('/')
  return e.message ? `${text} (Meta${code ? ` ${code}` : ''}: ${e.message})` : text
}

export const RECONNECT_REASON = 'O Instagram revogou o acesso desta conta.'
export const reconnectReason = (network: MetaNetwork) =>
  network === 'Instagram' ? RECONNECT_REASON : 'O Facebook revogou o acesso desta Página.'
export const DAILY_LIMIT_MESSAGE =
  'A conta atingiu o limite diário de publicações do Instagram (content_publishing_limit). Tente novamente amanhã.'
export const INTERRUPTED_MESSAGE = 'A publicação foi interrompida várias vezes. Tente novamente.'
export const FIRST_COMMENT_FAILED = 'A publicação saiu, mas o primeiro comentário não foi publicado.'
