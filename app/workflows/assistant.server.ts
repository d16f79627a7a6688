// What /assistente does on the server, shared by the page's action (the form without
// JavaScript) and the streaming resource route: ground the conversation on the signed-in
// agent's own property (another account's id is not found) or on the public demo property, and
// count the turn against the rate limit. The routes read the form and answer.
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { dbContext, envContext, clientIpContext, userContext, rateLimiterContext } from '~/context'
import {
  type ChatFormSchema,
  parseHistory,
  userTurnText,
  type AssistantTask,
  type ChatMessage,
} from '~/domain/assistant'
import { DEMO_HOME } from '~/domain/demo-home'
import type { AgentFacts, HomeFacts } from '~/domain/prompts'
import { AssistantError, createAssistant, type Assistant } from '~/integrations/ai/assistant.server'
import { agentFacts } from '~/models/agents.server'
import { getHome } from '~/models/homes.server'
import { homeChoices } from '~/models/home-choices.server'
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
  /** A property id that is not the agent's. */
  | { status: 'not-found' }
  | { status: 'limited'; message: string; retryAfterSeconds: number }
  | { status: 'ready'; turn: ChatTurn; assistant: Assistant }

type Context = Readonly<RouterContextProvider>

/** The property a turn talks about: the agent's own (null when not theirs), else the demo one. */
async function groundingOf(context: Context, homeId: number | undefined) {
  const user = context.get(userContext)
  if (!user) return { home: DEMO_HOME, homeId: null, agent: null }
  const db = context.get(dbContext)
  const agent = await agentFacts(db, user.accountId)
  if (homeId !== undefined) {
    const home = await getHome(db, user.accountId, homeId)
    if (!home) return null
    return { home, homeId: home.id, agent }
  }
  const [latest] = await homeChoices(db, user.accountId, 1)
  const home = latest ? await getHome(db, user.accountId, latest.id) : null
  return home ? { home, homeId: home.id, agent } : { home: DEMO_HOME, homeId: null, agent }
}

/** A turn of the chat, from the parsed form: grounded, counted, ready for the assistant. */
export async function prepareChat(context: Context, input: z.output<typeof ChatFormSchema>): Promise<ChatOutcome> {
  const { task, home_id, message = '', history } = input
  const grounding = await groundingOf(context, home_id)
  if (!grounding) return { status: 'not-found' }

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
