// What every call to an OpenAI-compatible provider shares: the AI SDK provider for our settings,
// and a signal that ends at the call's deadline or when the caller gives up, whichever is first.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'

export type ProviderConnection = {
  baseURL: string
  apiKey?: string
  fetch?: typeof fetch
}

export function vitrineProvider(config: ProviderConnection, options: { supportsStructuredOutputs?: boolean } = {}) {
  return createOpenAICompatible({
    name: 'vitrine-ai',
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    fetch: config.fetch,
    ...options,
  })
}

/** `signal` for the call; `deadline.aborted` tells a time-out from the caller giving up. */
export function deadlineSignal(timeoutMs: number, callerSignal?: AbortSignal) {
  const deadline = AbortSignal.timeout(timeoutMs)
  return { deadline, signal: callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline }
}
