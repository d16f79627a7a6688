// A local server speaking the OpenAI chat completions API (POST /v1/chat/completions, non-
// streaming), for the real `ai` SDK + @ai-sdk/openai-compatible client. Each test says what the
// "model" answers next: a JSON object, raw text (e.g. something that is not JSON), an HTTP error,
// or a delay longer than the client's timeout. Every request body is recorded.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type ChatMessage = { role: string; content: string }
export type ChatRequest = {
  model: string
  messages: ChatMessage[]
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } }
  temperature?: number
  [key: string]: unknown
}

export type MockAnswer =
  | { json: unknown }
  | { text: string }
  | { status: number; error: { message: string; type: string; code?: string | null } }
  | { delayMs: number; json: unknown }

export type MockOpenAI = {
  /** Base URL ending in /v1, as AI_BASE_URL expects. */
  url: string
  requests: ChatRequest[]
  /** Headers of each request (authorization included). */
  headers: Record<string, string | string[] | undefined>[]
  /** What the next calls answer, in order; the last one repeats. */
  answer(...answers: Array<MockAnswer | ((request: ChatRequest) => MockAnswer)>): void
  close(): Promise<void>
}

export async function startMockOpenAI(): Promise<MockOpenAI> {
  const requests: ChatRequest[] = []
  const headers: MockOpenAI['headers'] = []
  let queue: Array<MockAnswer | ((request: ChatRequest) => MockAnswer)> = [
    { json: { caption: 'Legenda padrão do servidor de teste. #imoveis', slides: [] } },
  ]
  const timers = new Set<NodeJS.Timeout>()

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }))
      return
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest
    requests.push(body)
    headers.push(req.headers)
    const next = queue.length > 1 ? queue.shift()! : queue[0]!
    const answer = typeof next === 'function' ? next(body) : next

    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: answer.error }))
      return
    }
    const content = 'text' in answer ? answer.text : JSON.stringify(answer.json)
    const send = () => {
      if (res.destroyed) return
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
        }),
      )
    }
    if ('delayMs' in answer) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        send()
      }, answer.delayMs)
      timers.add(timer)
    } else send()
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    answer: (...answers) => {
      queue = answers
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
