// The one interface every speech engine implements (offline eSpeak NG, OpenAI-compatible API).
import type { AudioFormat, Speed, Voice } from '~/domain/narration'

export type SpeechRequest = { text: string; voice: string; speed: Speed; format: AudioFormat }

export type SpeechResult = {
  bytes: Uint8Array
  format: AudioFormat
  contentType: string
  durationMs: number
}

export interface SpeechSynthesizer {
  /** 'offline' or 'openai-compatible'. */
  readonly name: string
  readonly voices: readonly Voice[]
  synthesize(request: SpeechRequest, options?: { signal?: AbortSignal }): Promise<SpeechResult>
}

/** A failure the agent can read (pt-BR). */
export class SpeechError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'SpeechError'
  }
}

export const SPEECH_MESSAGES = {
  timeout: 'A geração do áudio demorou demais. Tente um texto mais curto ou gere de novo.',
  unavailable: 'Não foi possível gerar o áudio agora. Tente de novo em instantes.',
  empty: 'O serviço de voz não devolveu áudio. Tente de novo.',
} as const
