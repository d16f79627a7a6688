// The assistant's vocabulary (/assistente): what it helps with, what a turn of the conversation
// looks like, and the instructions a language model gets for each task. Pure: the offline
// assistant and the OpenAI-compatible one (app/integrations/ai) both read it.
import { homeVariables, type AgentFacts, type HomeFacts } from './prompts'
import { MAX_REACH_HASHTAGS } from './scheduling'
import { z } from './validation'

export const ASSISTANT_TASKS = ['whatsapp', 'descrever', 'objecoes', 'semana', 'conversa'] as const
export type AssistantTask = (typeof ASSISTANT_TASKS)[number]

export const ASSISTANT_TASK_LABELS: Record<AssistantTask, string> = {
  whatsapp: 'Mensagem de WhatsApp',
  descrever: 'Descrever o imóvel',
  objecoes: 'Responder objeções',
  semana: 'Planejar a semana de posts',
  conversa: 'Pergunta livre',
}

/** What the agent may type for each task (the message box's hint). */
export const ASSISTANT_TASK_HINTS: Record<AssistantTask, string> = {
  whatsapp: 'Opcional: para quem é a mensagem? Ex.: "cliente que pediu 3 quartos"',
  descrever: 'Opcional: algum destaque que não pode faltar?',
  objecoes: 'Escreva a objeção do cliente. Ex.: "Achei caro" ou "O condomínio é alto"',
  semana: 'Opcional: algum objetivo para a semana? Ex.: "gerar visitas"',
  conversa: 'Escreva sua pergunta sobre o imóvel ou sobre como divulgá-lo',
}

/** Narration of a property for Reels/Stories (the /audio page asks for it; not offered in the chat). */
export type WriterTask = AssistantTask | 'narracao'

export type ChatMessage = { role: 'user' | 'assistant'; content: string }

export const CHAT_LIMITS = {
  /** Characters the agent may type in one message. */
  message: 1000,
  /** Turns kept and sent back with the next message (the conversation lives in the page). */
  history: 10,
  /** Characters of one kept turn. */
  turn: 6000,
}

/** The chat form: the task, the property (signed in), what the agent typed, the conversation. */
export const ChatFormSchema = z.object({
  task: z.enum(ASSISTANT_TASKS).default('whatsapp'),
  home_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  message: z.string().trim().max(CHAT_LIMITS.message, `Escreva até ${CHAT_LIMITS.message} caracteres.`).optional(),
  history: z
    .string()
    .max(CHAT_LIMITS.history * (CHAT_LIMITS.turn + 40) * 2)
    .optional(),
})

const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(CHAT_LIMITS.turn),
})

/** The conversation the page sent back (JSON in a hidden input); anything odd is dropped. */
export function parseHistory(raw: string | undefined | null): ChatMessage[] {
  if (!raw) return []
  try {
    const parsed = z.array(chatMessageSchema).safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data.slice(-CHAT_LIMITS.history) : []
  } catch {
    return []
  }
}

/** The agent's turn as shown in the conversation when they typed nothing. */
export function userTurnText(task: AssistantTask, message: string | undefined, homeName: string): string {
  if (message) return message
  switch (task) {
    case 'whatsapp':
      return `Escreva uma mensagem de WhatsApp sobre "${homeName}".`
    case 'descrever':
      return `Descreva o imóvel "${homeName}".`
    case 'objecoes':
      return `Como responder às objeções mais comuns sobre "${homeName}"?`
    case 'semana':
      return `Planeje uma semana de posts para "${homeName}".`
    case 'conversa':
      return `Como posso divulgar melhor "${homeName}"?`
  }
}

/** What the model is asked to do, per task (the facts come in a separate block). */
export const TASK_INSTRUCTIONS: Record<WriterTask, string> = {
  whatsapp:
    'Escreva uma mensagem de WhatsApp curta (até 700 caracteres) apresentando o imóvel a um cliente: saudação, 3 a 5 destaques, preço e bairro, e uma pergunta que convide para uma visita. Poucos emojis, sem hashtags.',
  descrever: `Escreva uma descrição de anúncio do imóvel: um parágrafo de abertura, uma lista de destaques, o preço, e uma chamada para ação. Termine com até ${MAX_REACH_HASHTAGS} hashtags.`,
  objecoes:
    'Ajude o corretor a responder à objeção do cliente com empatia e argumentos baseados apenas nos dados do imóvel. Sugira a resposta pronta para enviar e uma pergunta para continuar a conversa. Sem a objeção, responda às três objeções mais comuns (preço, localização, tamanho).',
  semana:
    'Monte um plano de 7 dias de posts (segunda a domingo) para divulgar o imóvel: para cada dia, o formato (carrossel, reels, story ou post), o tema e uma sugestão de legenda curta.',
  conversa: 'Responda à pergunta do corretor de forma prática e curta, usando os dados do imóvel quando fizer sentido.',
  narracao:
    'Escreva o roteiro de uma narração de 30 a 45 segundos para Reels ou Stories sobre o imóvel, para ser lida em voz alta: frases curtas, sem emojis, sem hashtags, sem listas. Termine convidando para uma visita.',
}

const FACT_LABELS: Record<string, string> = {
  'home.title': 'Imóvel',
  'home.name': 'Nome',
  'home.address': 'Endereço',
  'home.price': 'Preço',
  'home.condominium_price': 'Condomínio',
  'home.iptu_price': 'IPTU',
  'home.area': 'Área',
  'home.bedrooms': 'Quartos',
  'home.suites': 'Suítes',
  'home.bathrooms': 'Banheiros',
  'home.parking_spaces': 'Vagas',
  'home.features': 'Características',
  'home.amenities': 'Lazer e condomínio',
  'home.stage': 'Fase da obra',
  'home.description': 'Descrição',
}

/** The property's facts as lines a model reads ('- Preço: R$ 2.450.000,00'). */
export function factLines(home: HomeFacts): string {
  const vars = homeVariables(home)
  return Object.entries(FACT_LABELS)
    .filter(([key]) => vars[key])
    .map(([key, label]) => `- ${label}: ${vars[key]}`)
    .join('\n')
}

/** The system prompt: persona, rules, the task and the property's facts. */
export function systemPrompt(task: WriterTask, home: HomeFacts, agent: AgentFacts | null): string {
  return [
    'Você é o assistente de marketing de um corretor de imóveis no Brasil. Escreva sempre em português do Brasil, em tom profissional e acolhedor.',
    'Use somente os dados informados: nunca invente preço, metragem, endereço ou características. Valores em reais no formato R$ 1.234,56.',
    `Tarefa: ${TASK_INSTRUCTIONS[task]}`,
    `Dados do imóvel:\n${factLines(home)}`,
    agent?.name || agent?.phone ? `Corretor: ${[agent.name, agent.phone].filter(Boolean).join(' · ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
}

/** A task read from free text (the offline assistant's "Pergunta livre"). */
export function guessTask(message: string): AssistantTask | null {
  const text = message
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  if (/whats|zap|mensagem/.test(text)) return 'whatsapp'
  if (/semana|calendario|cronograma|plano de posts|planej/.test(text)) return 'semana'
  if (/objec|caro|cliente (disse|falou|acha)|desconto|vou pensar/.test(text)) return 'objecoes'
  if (/descri|anuncio|legenda|texto do imovel/.test(text)) return 'descrever'
  return null
}
