// Speech for /audio, behind one interface: an OpenAI-compatible speech API (POST /audio/speech)
// when AI_BASE_URL and AI_TTS_MODEL are set, otherwise eSpeak NG's Brazilian Portuguese voice
// compiled to WebAssembly, running offline in a worker thread (espeak.server.ts).
import { OFFLINE_VOICES, PROVIDER_VOICES } from '~/domain/narration'
import { createOpenAICompatibleSpeech } from '~/integrations/ai/speech-openai.server'
import { createEspeakSpeech } from './espeak.server'
import type { SpeechSynthesizer } from './types'

export type { SpeechRequest, SpeechResult, SpeechSynthesizer } from './types'
export { SpeechError, SPEECH_MESSAGES } from './types'

export type SpeechSettings = { AI_BASE_URL?: string; AI_API_KEY?: string; AI_TTS_MODEL?: string }

let offline: SpeechSynthesizer | null = null

export function createSpeech(
  settings: SpeechSettings,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): SpeechSynthesizer {
  if (settings.AI_BASE_URL && settings.AI_TTS_MODEL)
    return createOpenAICompatibleSpeech({
      baseURL: settings.AI_BASE_URL,
      apiKey: settings.AI_API_KEY,
      model: settings.AI_TTS_MODEL,
      voices: PROVIDER_VOICES,
      ...options,
    })
  // One eSpeak worker per process: it loads ~20 MB of voice data once.
  offline ??= createEspeakSpeech({ voices: OFFLINE_VOICES })
  return offline
}
