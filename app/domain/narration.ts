// The /audio page's vocabulary: the voices each speech engine offers, the formats, and the form
// that turns a property's text into a narration for Reels and Stories.
import { fileSlug } from './file-names'
import { z } from './validation'

export const AUDIO_FORMATS = ['mp3', 'ogg'] as const
export type AudioFormat = (typeof AUDIO_FORMATS)[number]

export const AUDIO_FORMAT_LABELS: Record<AudioFormat, string> = { mp3: 'MP3', ogg: 'OGG' }
export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = { mp3: 'audio/mpeg', ogg: 'audio/ogg' }

export const SPEEDS = ['normal', 'rapida'] as const
export type Speed = (typeof SPEEDS)[number]
export const SPEED_LABELS: Record<Speed, string> = { normal: 'Normal', rapida: 'Rápida (Reels)' }

export type Voice = { id: string; label: string }

/** eSpeak NG's Brazilian Portuguese voice and its variants (offline). */
export const OFFLINE_VOICES: Voice[] = [
  { id: 'feminina', label: 'Feminina (pt-BR)' },
  { id: 'masculina', label: 'Masculina (pt-BR)' },
  { id: 'masculina-grave', label: 'Masculina grave (pt-BR)' },
]

/** The voices of OpenAI's speech API (most compatible servers take the same names). */
export const PROVIDER_VOICES: Voice[] = [
  { id: 'nova', label: 'Nova (feminina)' },
  { id: 'shimmer', label: 'Shimmer (feminina)' },
  { id: 'coral', label: 'Coral (feminina)' },
  { id: 'onyx', label: 'Onyx (masculina)' },
  { id: 'echo', label: 'Echo (masculina)' },
  { id: 'alloy', label: 'Alloy (neutra)' },
]

export const NARRATION_LIMITS = { minText: 20, maxText: 1500 }

export function narrationFormSchema(voices: readonly Voice[]) {
  const ids = voices.map((voice) => voice.id) as [string, ...string[]]
  return z.object({
    home_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    text: z
      .string({ error: 'Escreva o texto da narração.' })
      .trim()
      .min(NARRATION_LIMITS.minText, `Escreva pelo menos ${NARRATION_LIMITS.minText} caracteres.`)
      .max(NARRATION_LIMITS.maxText, `Use até ${NARRATION_LIMITS.maxText} caracteres (cerca de 1 minuto e meio).`),
    voice: z.enum(ids, { error: 'Escolha uma voz.' }),
    speed: z.enum(SPEEDS).default('normal'),
    format: z.enum(AUDIO_FORMATS, { error: 'Escolha o formato.' }).default('mp3'),
  })
}

export type NarrationInput = z.output<ReturnType<typeof narrationFormSchema>>

/** A file name a person recognises: 'narracao-apartamento-3-suites-itaim-bibi.mp3'. */
export function narrationFileName(title: string | null | undefined, format: AudioFormat): string {
  const slug = fileSlug(title)
  return `narracao${slug ? `-${slug}` : ''}.${format}`
}
