// Speech through an OpenAI-compatible API: POST {AI_BASE_URL}/audio/speech with the model, the
// text, a voice and the format; the answer is the audio file itself. The `ai` SDK's OpenAI-
// compatible provider has no speech model, so this is one small fetch. OGG is asked for as
// 'opus' (Ogg Opus). The duration is read from the returned bytes.
import { deadlineSignal } from './provider.server'
import { audioDurationMs, detectAudioContainer } from '~/domain/audio-duration'
import { AUDIO_CONTENT_TYPES, type Voice } from '~/domain/narration'
import { SPEECH_MESSAGES, SpeechError, type SpeechSynthesizer } from '~/integrations/speech/types'

export type SpeechProviderConfig = {
  baseURL: string
  model: string
  apiKey?: string
  voices: readonly Voice[]
  timeoutMs?: number
  fetch?: typeof fetch
}

export function createOpenAICompatibleSpeech(config: SpeechProviderConfig): SpeechSynthesizer {
  const doFetch = config.fetch ?? fetch
  const timeoutMs = config.timeoutMs ?? 90_000
  return {
    name: 'openai-compatible',
    voices: config.voices,
    async synthesize(request, options) {
      const { signal, deadline } = deadlineSignal(timeoutMs, options?.signal)
      let response: Response
      try {
        response = await doFetch(`${config.baseURL.replace(/\/+$/, '')}/audio/speech`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            input: request.text,
            voice: request.voice,
            response_format: request.format === 'ogg' ? 'opus' : 'mp3',
            speed: request.speed === 'rapida' ? 1.15 : 1,
          }),
          signal,
        })
      } catch (error) {
        throw new SpeechError(deadline.aborted ? SPEECH_MESSAGES.timeout : SPEECH_MESSAGES.unavailable, {
          cause: error,
        })
      }
      if (!response.ok) {
        const detail = await response.text().catch(() => '')
        throw new SpeechError(SPEECH_MESSAGES.unavailable, {
          cause: `HTTP ${response.status}: ${detail.slice(0, 300)}`,
        })
      }
      const bytes = new Uint8Array(await response.arrayBuffer())
      const container = detectAudioContainer(bytes)
      if (!bytes.length || container !== (request.format === 'ogg' ? 'ogg' : 'mp3'))
        throw new SpeechError(SPEECH_MESSAGES.empty, { cause: `unexpected audio (${container ?? 'unknown'})` })
      return {
        bytes,
        format: request.format,
        contentType: AUDIO_CONTENT_TYPES[request.format],
        durationMs: audioDurationMs(bytes),
      }
    },
  }
}
