// The assistant behind /assistente (and the narration text of /audio), behind one interface:
// any OpenAI-compatible chat API streamed through the `ai` SDK when AI_BASE_URL and AI_MODEL are
// set, otherwise the offline guided assistant. Both yield the answer in pieces, so the page can
// show it as it is written; a failure is an AssistantError with a pt-BR message.
import { aiSdk, deadlineSignal, vitrineProvider } from './provider.server'
import { systemPrompt } from '~/domain/assistant'
import type { Random } from '~/domain/post-plan'
import type { AiSettings } from './ai.server'
import { answerOffline, type AssistantRequest } from '~/domain/copywriter/assistant'
import { AI_MESSAGES } from './openai-compatible.server'

export type { AssistantRequest }

export interface Assistant {
  /** 'offline' or 'openai-compatible'. */
  readonly name: string
  stream(request: AssistantRequest, options?: { signal?: AbortSignal }): AsyncIterable<string>
}

export class AssistantError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AssistantError'
  }
}

/** Collects a streamed answer (the form without JavaScript, the narration text). */
export async function answerOf(assistant: Assistant, request: AssistantRequest, signal?: AbortSignal): Promise<string> {
  let text = ''
  for await (const piece of assistant.stream(request, { signal })) text += piece
  return text.trim()
}

/** Offline: the guided assistant's answer, handed out a few words at a time. */
export function createOfflineAssistant(options: { random?: Random; pauseMs?: number } = {}): Assistant {
  const pauseMs = options.pauseMs ?? 15
  return {
    name: 'offline',
    async *stream(request, streamOptions) {
      const text = answerOffline(request, options.random)
      const pieces = text.match(/\S+\s*/g) ?? [text]
      for (let index = 0; index < pieces.length; index += 4) {
        if (streamOptions?.signal?.aborted) return
        yield pieces.slice(index, index + 4).join('')
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs))
      }
    },
  }
}

export type AssistantProviderConfig = {
  baseURL: string
  model: string
  apiKey?: string
  timeoutMs?: number
  maxRetries?: number
  fetch?: typeof fetch
}

export function createOpenAICompatibleAssistant(config: AssistantProviderConfig): Assistant {
  const timeoutMs = config.timeoutMs ?? 60_000
  return {
    name: 'openai-compatible',
    async *stream(request, options) {
      const [{ streamText }, provider] = await Promise.all([aiSdk(), vitrineProvider(config)])
      const model = provider.chatModel(config.model)
      const { signal, deadline } = deadlineSignal(timeoutMs, options?.signal)
      const result = streamText({
        model,
        system: systemPrompt(request.task, request.home, request.agent),
        messages: [
          ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
          { role: 'user' as const, content: request.message || 'Faça a tarefa com os dados do imóvel.' },
        ],
        temperature: 0.7,
        maxRetries: config.maxRetries ?? 1,
        abortSignal: signal,
      })
      let wrote = false
      try {
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta' && part.text) {
            wrote = true
            yield part.text
          } else if (part.type === 'error') {
            throw part.error
          }
        }
      } catch (error) {
        if (deadline.aborted) throw new AssistantError(AI_MESSAGES.timeout, { cause: error })
        if (options?.signal?.aborted) return
        throw new AssistantError(AI_MESSAGES.unavailable, { cause: error })
      }
      if (!wrote) throw new AssistantError(AI_MESSAGES.invalid)
    },
  }
}

export function createAssistant(
  settings: AiSettings,
  options: { timeoutMs?: number; maxRetries?: number; fetch?: typeof fetch; random?: Random; pauseMs?: number } = {},
): Assistant {
  if (settings.AI_BASE_URL && settings.AI_MODEL)
    return createOpenAICompatibleAssistant({
      baseURL: settings.AI_BASE_URL,
      model: settings.AI_MODEL,
      apiKey: settings.AI_API_KEY,
      ...options,
    })
  return createOfflineAssistant(options)
}
