// A local server speaking the OpenAI API for the real `ai` SDK + @ai-sdk/openai-compatible
// client: chat completions (POST /v1/chat/completions, plain or streamed as server-sent events
// when the request says `stream: true`), speech (POST /v1/audio/speech) and image edits
// (POST /v1/images/edits, multipart). Each test says what the "model" answers next: a JSON
// object, raw text (e.g. something that is not JSON), an HTTP error, or a delay longer than the
// client's timeout; the speech and image endpoints answer with the bytes a test gives them.
// Every request is recorded.
import { createServer, type ServerResponse } from 'node:http'
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

export type SpeechRequest = { model: string; input: string; voice: string; response_format?: string; speed?: number }
export type ImageEditRequest = { model: string; prompt: string; image: Uint8Array; imageType: string; n: string | null }
type BinaryAnswer =
  { bytes: Uint8Array; contentType?: string } | { status: number; error: { message: string; type: string } }

export type MockOpenAI = {
  /** Base URL ending in /v1, as AI_BASE_URL expects. */
  url: string
  requests: ChatRequest[]
  /** Headers of each request (authorization included). */
  headers: Record<string, string | string[] | undefined>[]
  /** What the next calls answer, in order; the last one repeats. */
  answer(...answers: Array<MockAnswer | ((request: ChatRequest) => MockAnswer)>): void
  speech: { requests: SpeechRequest[]; answer(answer: BinaryAnswer): void }
  images: { requests: ImageEditRequest[]; answer(answer: BinaryAnswer): void }
  close(): Promise<void>
}

/** Server-sent events of a streamed chat completion: the content in a few deltas, then [DONE]. */
function sendStream(res: ServerResponse, id: string, model: string, content: string) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
  const created = Math.floor(Date.now() / 1000)
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`
  res.write(chunk({ role: 'assistant', content: '' }, null))
  const pieces = content.match(/\S+\s*/g) ?? [content]
  for (let index = 0; index < pieces.length; index += 3)
    res.write(chunk({ content: pieces.slice(index, index + 3).join('') }, null))
  res.write(chunk({}, 'stop', { usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 } }))
  res.end('data: [DONE]\n\n')
}

function sendBinary(res: ServerResponse, answer: BinaryAnswer, fallbackType: string) {
  if ('status' in answer) {
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: answer.error }))
    return
  }
  res.writeHead(200, { 'content-type': answer.contentType ?? fallbackType })
  res.end(Buffer.from(answer.bytes))
}

export async function startMockOpenAI(): Promise<MockOpenAI> {
  const requests: ChatRequest[] = []
  const headers: MockOpenAI['headers'] = []
  let queue: Array<MockAnswer | ((request: ChatRequest) => MockAnswer)> = [
    { json: { caption: 'Legenda padrão do servidor de teste. #imoveis', slides: [] } },
  ]
  const timers = new Set<NodeJS.Timeout>()
  const speechRequests: SpeechRequest[] = []
  const imageRequests: ImageEditRequest[] = []
  let speechAnswer: BinaryAnswer = { status: 500, error: { message: 'no speech answer set', type: 'server_error' } }
  let imageAnswer: BinaryAnswer = { status: 500, error: { message: 'no image answer set', type: 'server_error' } }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'POST' && url.pathname === '/v1/audio/speech') {
      speechRequests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SpeechRequest)
      headers.push(req.headers)
      sendBinary(res, speechAnswer, 'audio/mpeg')
      return
    }
    if (req.method === 'POST' && url.pathname === '/v1/images/edits') {
      // Multipart, read with the platform's own parser.
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type'] ?? '') },
        body: Buffer.concat(chunks),
      }).formData()
      const image = form.get('image') ?? form.get('image[]')
      imageRequests.push({
        model: String(form.get('model') ?? ''),
        prompt: String(form.get('prompt') ?? ''),
        image: image instanceof Blob ? new Uint8Array(await image.arrayBuffer()) : new Uint8Array(),
        imageType: image instanceof Blob ? image.type : '',
        n: form.get('n') === null ? null : String(form.get('n')),
      })
      headers.push(req.headers)
      if ('status' in imageAnswer) return sendBinary(res, imageAnswer, 'application/json')
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          created: Math.floor(Date.now() / 1000),
          data: [{ b64_json: Buffer.from(imageAnswer.bytes).toString('base64') }],
        }),
      )
      return
    }
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
      if (body.stream === true) return sendStream(res, `chatcmpl-${requests.length}`, body.model, content)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
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
    speech: { requests: speechRequests, answer: (answer) => void (speechAnswer = answer) },
    images: { requests: imageRequests, answer: (answer) => void (imageAnswer = answer) },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
