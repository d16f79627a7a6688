// What /assistente does on the server, shared by the page's action (the form without
// JavaScript) and the streaming resource route: read the form, ground the conversation on the
// signed-in agent's own property (another user's id is 404) or on the public demo property,
// and count the turn against the rate limit.
import { parseWithZod } from '@conform-to/zod/v4'
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, clientIpContext, userContext, rateLimiterContext } from '~/context'
import { ChatFormSchema, parseHistory, userTurnText, type AssistantTask, type ChatMessage } from '~/domain/assistant'
import { DEMO_HOME } from '~/domain/demo-home'
import type { AgentFacts, HomeFacts } from '~/domain/prompts'
import { AssistantError, createAssistant, type Assistant } from '~/integrations/ai/assistant.server'
import { agentFacts } from '~/models/agents.server'
import { getHome } from '~/models/homes.server'
import { homeChoices } from '~/models/home-choices.server'
import { pageNotFound } from '~/utils/params'
import { type RateLimitRule } from '~/models/rate-limits.server'

/** Turns per 10 minutes: a visitor of the public demo (per IP) and a signed-in agent. */
export const assistantLimits = {
  demo: { name: 'assistant:ip', limit: 20, windowSeconds: 600 },
  agent: { name: 'assistant:user', limit: 60, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>

export const limitMessage = (seconds: number) =>
  `Você enviou muitas mensagens seguidas. Tente de novo em ${Math.max(1, Math.ceil(seconds / 60))} min.`

export type ChatTurn = {
  task: AssistantTask
  homeId: number | null
  home: HomeFacts
  agent: AgentFacts | null
  message: string
  history: ChatMessage[]
  /** The agent's turn as the conversation shows it. */
  userTurn: string
}

export type ChatOutcome =
  | { status: 'invalid'; errors: Record<string, string[]>; values: { task: string; home_id: string; message: string } }
  | { status: 'limited'; message: string; retryAfterSeconds: number }
  | { status: 'ready'; turn: ChatTurn; assistant: Assistant }

type Context = Readonly<RouterContextProvider>

/** The property a turn talks about: the agent's own (404 when not theirs), else the demo one. */
async function groundingOf(context: Context, request: Request, homeId: number | undefined) {
  const user = context.get(userContext)
  if (!user) return { home: DEMO_HOME, homeId: null, agent: null }
  const db = context.get(dbContext)
  const agent = await agentFacts(db, user.accountId)
  if (homeId !== undefined) {
    const home = await getHome(db, user.accountId, homeId)
    if (!home) throw pageNotFound(request)
    return { home, homeId: home.id, agent }
  }
  const [latest] = await homeChoices(db, user.accountId, 1)
  const home = latest ? await getHome(db, user.accountId, latest.id) : null
  return home ? { home, homeId: home.id, agent } : { home: DEMO_HOME, homeId: null, agent }
}

export async function readChat(context: Context, request: Request, formData: FormData): Promise<ChatOutcome> {
  const submission = parseWithZod(formData, { schema: ChatFormSchema })
  if (submission.status !== 'success') {
    const reply = submission.reply()
    return {
      status: 'invalid',
      errors: Object.fromEntries(Object.entries(reply.error ?? {}).map(([key, value]) => [key, value ?? []])),
      values: {
        task: String(formData.get('task') ?? ''),
        home_id: String(formData.get('home_id') ?? ''),
        message: String(formData.get('message') ?? ''),
      },
    }
  }
  const { task, home_id, message = '', history } = submission.value
  const grounding = await groundingOf(context, request, home_id)

  const user = context.get(userContext)
  const rule = user ? assistantLimits.agent : assistantLimits.demo
  const key = user ? user.id : context.get(clientIpContext) || 'desconhecido'
  const limit = await context.get(rateLimiterContext).hit(rule, key)
  if (!limit.allowed)
    return {
      status: 'limited',
      message: limitMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    }

  const env = context.get(envContext)
  return {
    status: 'ready',
    assistant: createAssistant(env),
    turn: {
      task,
      ...grounding,
      message,
      history: parseHistory(history),
      userTurn: userTurnText(task, message, grounding.home.name),
    },
  }
}

export { answerOf } from '~/integrations/ai/assistant.server'

/** What the agent reads when the assistant failed: the provider's own pt-BR reason, else `fallback`. */
export function assistantFailure(error: unknown, fallback: string): string {
  return error instanceof AssistantError ? error.message : fallback
}
