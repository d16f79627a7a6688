// POST /assistente/mensagens — the assistant's answer as it is written (text/plain, streamed),
// for the page's JavaScript. The same form as the page's action; errors answer with a status
// and a pt-BR sentence. `no-transform` keeps the compression middleware from buffering it.
import type { Route } from './+types/stream'
import { loggerContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { assistantFailure, prepareChat } from '~/workflows/assistant.server'
import { readChatForm } from './chat-form.server'
import { readForm } from '~/utils/form-body.server'

const FAILED = 'Não foi possível responder agora. Tente de novo.'
const INTERRUPTED = '\n\n(A resposta foi interrompida. Envie de novo para completar.)'

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })

export function loader() {
  return text('Use POST.', 405, { allow: 'POST' })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return text('Use POST.', 405, { allow: 'POST' })
  const form = readChatForm(await readForm(request))
  if (form.status === 'invalid') return text(Object.values(form.errors).flat()[0] ?? 'Confira a mensagem.', 400)
  const outcome = await prepareChat(context, form.value)
  if (outcome.status === 'not-found') throw pageNotFound(request)
  if (outcome.status === 'limited')
    return text(outcome.message, 429, { 'retry-after': String(outcome.retryAfterSeconds) })

  const logger = context.get(loggerContext)
  const { turn, assistant } = outcome
  const pieces = assistant.stream(turn, { signal: request.signal })[Symbol.asyncIterator]()
  // The first piece decides the status: a provider that fails at once is a 502, not a 200.
  let first: IteratorResult<string>
  try {
    first = await pieces.next()
  } catch (error) {
    logger.warn('assistant failed', { engine: assistant.name, error })
    return text(assistantFailure(error, FAILED), 502)
  }
  const encoder = new TextEncoder()
  // Set when the reader goes away (the agent left): a piece still being written is dropped.
  let cancelled = false
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value))
      if (first.done) controller.close()
    },
    async pull(controller) {
      let next: IteratorResult<string>
      try {
        next = await pieces.next()
      } catch (error) {
        if (cancelled) return
        logger.warn('assistant stream interrupted', { engine: assistant.name, error })
        controller.enqueue(encoder.encode(INTERRUPTED))
        controller.close()
        return
      }
      if (cancelled) return
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      cancelled = true
      await pieces.return?.()
    },
  })
  return new Response(body, {
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      'x-content-type-options': 'nosniff',
      // The agent's turn as the conversation shows it (their words, or the task in words).
      'x-user-turn': encodeURIComponent(turn.userTurn),
      'x-assistant-engine': assistant.name,
    },
  })
}
