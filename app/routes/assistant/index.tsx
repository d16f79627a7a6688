// /assistente — public, no layout (as the product's route table has it). Signed in: a chat about the agent's own
// properties; otherwise a rate-limited demo on an example property. Without JavaScript the
// form posts here and the answer comes back whole; with it, the answer streams from
// /assistente/mensagens (stream.ts).
import { SignedInNav } from '~/components/app-nav'
import type { NavHandle } from '~/components/app-shell'
import { data, Link } from 'react-router'
import type { Route } from './+types/index'
import { AssistantChat } from '~/components/assistant/chat'
import { dbContext, envContext, loggerContext, userContext } from '~/context'
import { parseHistory, type ChatMessage } from '~/domain/assistant'
import { homeChoices } from '~/models/home-choices.server'
import { pageNotFound } from '~/utils/params'
import { answerOf, assistantFailure, prepareChat } from '~/workflows/assistant.server'
import { readChatForm } from './chat-form.server'
import { pageTitle } from '~/utils/meta'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Assistente', matches)

/** Signed in, the header keeps every area here too (a public page that agents use). */
export const handle: NavHandle = { nav: SignedInNav }

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext)
  const homes = user ? await homeChoices(context.get(dbContext), user.accountId) : []
  const env = context.get(envContext)
  return { signedIn: Boolean(user), homes, online: Boolean(env.AI_BASE_URL && env.AI_MODEL) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const form = readChatForm(formData)
  const formKey = crypto.randomUUID()
  const kept = parseHistory(String(formData.get('history') ?? ''))
  if (form.status === 'invalid')
    return data(
      { formKey, messages: kept, values: form.values, errors: form.errors, formError: 'Confira a mensagem.' },
      { status: 400 },
    )
  const outcome = await prepareChat(context, form.value)
  if (outcome.status === 'not-found') throw pageNotFound(request)
  const values = {
    task: String(formData.get('task') ?? ''),
    home_id: String(formData.get('home_id') ?? ''),
    message: '',
  }
  if (outcome.status === 'limited')
    return data(
      {
        formKey,
        messages: kept,
        values: { ...values, message: String(formData.get('message') ?? '') },
        errors: {},
        formError: outcome.message,
      },
      { status: 429, headers: { 'retry-after': String(outcome.retryAfterSeconds) } },
    )
  const { turn, assistant } = outcome
  try {
    const answer = await answerOf(assistant, turn, request.signal)
    const messages: ChatMessage[] = [
      ...turn.history,
      { role: 'user', content: turn.userTurn },
      { role: 'assistant', content: answer },
    ]
    return { formKey, messages, values, errors: {}, formError: null }
  } catch (error) {
    context.get(loggerContext).warn('assistant failed', { engine: assistant.name, error })
    const formError = assistantFailure(error, 'Não foi possível responder agora. Tente de novo.')
    return data(
      { formKey, messages: turn.history, values: { ...values, message: turn.message }, errors: {}, formError },
      { status: 502 },
    )
  }
}

export default function AssistantPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, homes, online } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Assistente</h1>
      <p className="mt-1 text-slate-600">
        Textos e ideias para divulgar imóveis: mensagem de WhatsApp, descrição, respostas a objeções e um plano de
        posts.
      </p>
      {!signedIn ? (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Demonstração com um imóvel de exemplo.{' '}
          <Link to="/login?redirectTo=/assistente" className="font-semibold underline">
            Entre
          </Link>{' '}
          ou{' '}
          <Link to="/registrar" className="font-semibold underline">
            crie sua conta
          </Link>{' '}
          para usar os seus imóveis.
        </p>
      ) : homes.length === 0 ? (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Você ainda não cadastrou imóveis; por enquanto uso um imóvel de exemplo.{' '}
          <Link to="/imoveis/novo" className="font-semibold underline">
            Cadastrar imóvel
          </Link>
        </p>
      ) : null}
      {!online ? (
        <p className="mt-3 text-xs text-slate-500">
          Modo guiado: sem um serviço de inteligência artificial configurado, o assistente escreve a partir dos dados do
          imóvel.
        </p>
      ) : null}
      <div className="mt-6">
        <AssistantChat
          key={actionData?.formKey ?? 'inicial'}
          homes={homes}
          signedIn={signedIn}
          initialMessages={actionData?.messages ?? []}
          values={actionData?.values ?? { task: 'whatsapp', home_id: '', message: '' }}
          errors={actionData?.errors ?? {}}
          formError={actionData?.formError ?? null}
        />
      </div>
    </div>
  )
}
