// The /assistente conversation. A plain form that posts to the page (the answer comes back
// whole, with the conversation in a hidden input); with JavaScript the same form posts to
// /assistente/mensagens and the answer is shown as it is written.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import {
  ASSISTANT_TASK_HINTS,
  ASSISTANT_TASK_LABELS,
  ASSISTANT_TASKS,
  CHAT_LIMITS,
  type AssistantTask,
  type ChatMessage,
} from '~/domain/assistant'

export type ChatHome = { id: number; name: string; place: string }

export type ChatProps = {
  homes: ChatHome[]
  signedIn: boolean
  initialMessages: ChatMessage[]
  values: { task: string; home_id: string; message: string }
  errors: Record<string, string[]>
  formError: string | null
}

const isTask = (value: string): value is AssistantTask => (ASSISTANT_TASKS as readonly string[]).includes(value)

function historyValue(messages: ChatMessage[]) {
  return JSON.stringify(
    messages
      .slice(-CHAT_LIMITS.history)
      .map((turn) => ({ role: turn.role, content: turn.content.slice(0, CHAT_LIMITS.turn) })),
  )
}

/** The conversation and its sending: POST to the stream route, the answer shown as it arrives. */
function useStreamedChat(initialMessages: ChatMessage[], formError: string | null) {
  const [messages, setMessages] = useState(initialMessages)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState(formError)
  const messageRef = useRef<HTMLTextAreaElement>(null)
  // Marks the form once its JavaScript runs (sends go to the stream from then on).
  const [streaming, setStreaming] = useState(false)
  useEffect(() => setStreaming(true), [])

  const append = (piece: string) =>
    setMessages((previous) => {
      const next = previous.slice()
      const last = next[next.length - 1]!
      next[next.length - 1] = { ...last, content: last.content + piece }
      return next
    })

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const body = new FormData(event.currentTarget)
    body.set('history', historyValue(messages))
    setPending(true)
    setFailure(null)
    try {
      const response = await fetch('/assistente/mensagens', { method: 'POST', body })
      if (!response.ok || !response.body) {
        setFailure((await response.text()) || 'Não foi possível responder agora. Tente de novo.')
        return
      }
      const userTurn = decodeURIComponent(response.headers.get('x-user-turn') ?? '')
      setMessages((previous) => [...previous, { role: 'user', content: userTurn }, { role: 'assistant', content: '' }])
      if (messageRef.current) messageRef.current.value = ''
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        append(value)
      }
    } catch {
      setFailure('Sem conexão com o servidor. Tente de novo.')
    } finally {
      setPending(false)
    }
  }
  return { messages, pending, failure, streaming, messageRef, send }
}

export function AssistantChat({ homes, signedIn, initialMessages, values, errors, formError }: ChatProps) {
  const chat = useStreamedChat(initialMessages, formError)
  return (
    <div className="space-y-6">
      <Conversation messages={chat.messages} pending={chat.pending} />
      {chat.failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {chat.failure}
        </p>
      ) : null}
      <ChatForm chat={chat} homes={homes} signedIn={signedIn} values={values} errors={errors} />
    </div>
  )
}

type ChatFormProps = Pick<ChatProps, 'homes' | 'signedIn' | 'values' | 'errors'> & {
  chat: ReturnType<typeof useStreamedChat>
}

function ChatForm({ chat, homes, signedIn, values, errors }: ChatFormProps) {
  const { messages, pending, streaming, messageRef, send } = chat
  const [task, setTask] = useState<AssistantTask>(isTask(values.task) ? values.task : 'whatsapp')
  const messageErrors = errors.message
  return (
    <form
      method="post"
      onSubmit={send}
      data-streaming={streaming ? 'on' : undefined}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <input type="hidden" name="history" value={historyValue(messages)} />
      {signedIn && homes.length > 0 ? (
        <div className="block">
          <label htmlFor="assistente-imovel" className="text-sm font-medium text-slate-800">
            Imóvel
          </label>
          <select
            id="assistente-imovel"
            name="home_id"
            defaultValue={values.home_id || String(homes[0]!.id)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none"
          >
            {homes.map((home) => (
              <option key={home.id} value={home.id}>
                {home.name}
                {home.place ? ` — ${home.place}` : ''}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <TaskChoice task={task} onChange={setTask} />
      <div className="block">
        <label htmlFor="assistente-mensagem" className="text-sm font-medium text-slate-800">
          Mensagem
        </label>
        <textarea
          id="assistente-mensagem"
          ref={messageRef}
          name="message"
          rows={3}
          maxLength={CHAT_LIMITS.message}
          defaultValue={values.message}
          placeholder={ASSISTANT_TASK_HINTS[task]}
          aria-invalid={messageErrors?.length ? true : undefined}
          aria-describedby={messageErrors?.length ? 'mensagem-erros' : undefined}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none ${messageErrors?.length ? 'border-red-500' : 'border-slate-300'}`}
        />
        {messageErrors?.length ? (
          <span id="mensagem-erros" className="mt-1 block text-sm text-red-700">
            {messageErrors[0]}
          </span>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {pending ? 'Escrevendo…' : 'Enviar'}
        </button>
        {messages.length > 0 ? (
          <a href="/assistente" className="text-sm font-medium text-brand-700 hover:underline">
            Nova conversa
          </a>
        ) : null}
      </div>
    </form>
  )
}

function TaskChoice({ task, onChange }: { task: AssistantTask; onChange: (task: AssistantTask) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">O que você precisa?</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {ASSISTANT_TASKS.map((option) => (
          <label key={option} className="cursor-pointer">
            <input
              type="radio"
              name="task"
              value={option}
              defaultChecked={option === task}
              onChange={() => onChange(option)}
              className="peer sr-only"
            />
            <span className="flex min-h-11 items-center rounded-full border border-slate-300 px-4 text-sm text-slate-700 peer-checked:border-brand-600 peer-checked:bg-brand-600 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500">
              {ASSISTANT_TASK_LABELS[option]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function Conversation({ messages, pending }: { messages: ChatMessage[]; pending: boolean }) {
  if (messages.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
        Escolha uma tarefa e clique em Enviar. A resposta aparece aqui.
      </p>
    )
  return (
    <ol role="log" aria-label="Conversa" aria-live="polite" aria-busy={pending} className="space-y-4">
      {messages.map((turn, index) => (
        <li key={index} className={turn.role === 'user' ? 'flex justify-end' : 'flex justify-start'}>
          <article
            aria-label={turn.role === 'user' ? 'Você' : 'Assistente'}
            className={`max-w-[92%] rounded-2xl px-4 py-3 shadow-sm sm:max-w-[80%] ${
              turn.role === 'user' ? 'bg-brand-600 text-white' : 'border border-slate-200 bg-white text-slate-900'
            }`}
          >
            <p className={`text-xs font-semibold ${turn.role === 'user' ? 'text-white/80' : 'text-brand-700'}`}>
              {turn.role === 'user' ? 'Você' : 'Assistente'}
            </p>
            <div className="mt-1 text-[15px] leading-relaxed break-words whitespace-pre-wrap">{turn.content}</div>
            {turn.role === 'assistant' && turn.content && !(pending && index === messages.length - 1) ? (
              <a
                href={`https://wa.me/?text=${encodeURIComponent(turn.content)}`}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
              >
                Enviar pelo WhatsApp
              </a>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  )
}
