// AI text for posts, behind one interface (CopyWriter): any OpenAI-compatible chat API when
// AI_BASE_URL and AI_MODEL are set (AI_API_KEY when the API wants one), otherwise the offline
// pt-BR copywriter that writes from the property's facts.
import { createOfflineWriter } from '~/domain/copywriter/offline'
import { createOpenAICompatibleWriter } from './openai-compatible.server'
import type { CopyWriter } from '~/domain/copy'

export type { CopyRequest, CopyWriter, PostCopy, SlideCopy } from '~/domain/copy'
export { CopyWriterError, applyCopy } from '~/domain/copy'

export type AiSettings = {
  AI_BASE_URL?: string
  AI_API_KEY?: string
  AI_MODEL?: string
}

export function createCopyWriter(
  settings: AiSettings,
  options: { timeoutMs?: number; maxRetries?: number; fetch?: typeof fetch } = {},
): CopyWriter {
  if (settings.AI_BASE_URL && settings.AI_MODEL)
    return createOpenAICompatibleWriter({
      baseURL: settings.AI_BASE_URL,
      model: settings.AI_MODEL,
      apiKey: settings.AI_API_KEY,
      ...options,
    })
  return createOfflineWriter()
}
