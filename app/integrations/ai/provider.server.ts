// What every call to an OpenAI-compatible provider shares: the AI SDK provider for our settings,
// and a signal that ends at the call's deadline or when the caller gives up, whichever is first.
// The SDK is imported on the first call, not at start-up: most servers run the offline writer and
// never load it (≈ 0.15 s of a start; ADR 196).

export type ProviderConnection = {
  baseURL: string
  apiKey?: string
  fetch?: typeof fetch
}

/** The AI SDK's functions (`generateText`, `streamText`, …), loaded once. */
export const aiSdk = () => import('ai')

export async function vitrineProvider(
  config: ProviderConnection,
  options: { supportsStructuredOutputs?: boolean } = {},
) {
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible')
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
