// Any OpenAI-compatible chat API (OpenAI, Azure, Groq, OpenRouter, Ollama, vLLM, LM Studio…)
// through the `ai` SDK. The model writes words only: the caption and, for each planned slide,
// title, description, button and caption. Its answer is structured output checked by zod;
// anything else (no JSON, wrong shape, a timeout, an HTTP error) becomes a CopyWriterError with
// a pt-BR message the agent sees beside the retry button.
import { aiSdk, deadlineSignal, vitrineProvider } from './provider.server'
import { HEADLINE_COUNT, HEADLINE_MAX, PROPERTY_KINDS } from '~/domain/headlines'
import { SLIDE_TYPE_LABELS, slideLayout } from '~/domain/slides'
import { CAPTION_HASHTAG_RULE, homeVariables, fieldVariables, type PromptVariables } from '~/domain/prompts'
import type { TemplatePrompt } from '~/domain/templates'
import { z } from '~/domain/validation'
import { CopyWriterError, type CopyRequest, type CopyWriter, type PostCopy } from '~/domain/copy'

export type OpenAICompatibleConfig = {
  baseURL: string
  model: string
  apiKey?: string
  /** Whole call, retries included. */
  timeoutMs?: number
  maxRetries?: number
  fetch?: typeof fetch
}

export const AI_MESSAGES = {
  timeout: 'A inteligência artificial demorou demais para responder. Tente gerar de novo.',
  invalid: 'A inteligência artificial respondeu em um formato inesperado. Tente gerar de novo.',
  unavailable: 'Não foi possível falar com o serviço de inteligência artificial agora. Tente de novo em instantes.',
} as const

// Strict structured output wants every property present: absent words come as null.
const aiSlideSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  button: z.string().nullable(),
  caption: z.string().nullable(),
})
export const aiCopySchema = z.object({
  caption: z.string().trim().min(1),
  slides: z.array(aiSlideSchema),
  // Present in every answer (strict structured output wants every property): null when unused.
  headlines: z.array(z.string()).nullable(),
})

/**
 * A post about a property must come with HEADLINE_COUNT headline options (ADR 165): fewer, or
 * empty ones, is a malformed answer like any other (the post fails with the retry button).
 */
export function aiCopySchemaFor(wantsHeadlines: boolean) {
  if (!wantsHeadlines) return aiCopySchema
  return aiCopySchema.extend({ headlines: z.array(z.string().trim().min(1)).min(HEADLINE_COUNT) })
}

/** Posts about one property get headline options; tips, dates and the like do not. */
export function wantsHeadlines(request: Pick<CopyRequest, 'home' | 'template'>): boolean {
  return Boolean(request.home) && PROPERTY_KINDS.has(request.template.kind)
}

const clamp = (value: string | null, max: number) => {
  if (value == null) return null
  const trimmed = value.trim()
  if (trimmed.length <= max) return trimmed
  return `${trimmed.slice(0, max - 1).trimEnd()}…`
}

/** Headline options within HEADLINE_MAX by whole words, distinct, at most HEADLINE_COUNT. */
function fitHeadlines(lines: readonly string[] | null | undefined): string[] {
  const fitted = (lines ?? []).map((line) => {
    const clean = line.replace(/\s+/g, ' ').trim()
    if (clean.length <= HEADLINE_MAX) return clean
    const cut = clean.slice(0, HEADLINE_MAX + 1)
    return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,:;–—-]+$/, '')
  })
  const seen = new Set<string>()
  return fitted
    .filter((line) => line && !seen.has(line.toLowerCase()) && seen.add(line.toLowerCase()))
    .slice(0, HEADLINE_COUNT)
}

/** The model's answer fitted to the planned slides: one entry per slide, texts within bounds. */
export function fitCopy(answer: z.infer<typeof aiCopySchema>, slideCount: number): PostCopy {
  const headlines = fitHeadlines(answer.headlines)
  return {
    ...(headlines.length ? { headlines } : {}),
    caption: clamp(answer.caption, 2200)!,
    slides: Array.from({ length: slideCount }, (_, index) => {
      const slide = answer.slides[index]
      return {
        title: clamp(slide?.title ?? null, 120),
        description: clamp(slide?.description ?? null, 600),
        button: clamp(slide?.button ?? null, 40),
        caption: clamp(slide?.caption ?? null, 200),
      }
    }),
  }
}

function factsBlock(vars: PromptVariables): string {
  const labels: Record<string, string> = {
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
    'home.nearby_places': 'Lugares próximos escolhidos pelo corretor (cite pelo nome)',
    'home.stage': 'Fase da obra',
    'home.segment': 'Padrão',
    'home.social_housing_program': 'Programa habitacional',
    'home.description': 'Descrição',
  }
  return Object.entries(labels)
    .filter(([key]) => vars[key])
    .map(([key, label]) => `- ${label}: ${vars[key]}`)
    .join('\n')
}

/**
 * Our instructions and the template's own system prompts, as the call's one `system` text; the
 * template's other prompts, then the facts and the slide outline, as messages. No system message
 * travels among the messages, where the AI SDK warns it could be injected (and here refuses it).
 */
export function buildPrompt(request: CopyRequest): { system: string; messages: TemplatePrompt[] } {
  const home = homeVariables(request.home)
  const answers = fieldVariables(request.fields, request.values)
  const outline = request.slides
    .map(
      (slide, index) =>
        `${index + 1}. ${SLIDE_TYPE_LABELS[slideLayout(slide)]}${slide.caption ? ` (foto: ${slide.caption})` : ''}`,
    )
    .join('\n')
  const instructions = [
    'Você é redator publicitário especializado no mercado imobiliário brasileiro e escreve posts para Instagram e Facebook de corretores e imobiliárias.',
    'Escreva sempre em português do Brasil, com frases curtas, tom profissional e acolhedor.',
    'Use somente os dados informados: nunca invente preço, metragem, endereço ou características.',
    `Valores em reais no formato R$ 1.234,56. ${CAPTION_HASHTAG_RULE}`,
    `Responda apenas com JSON: {"caption": string, "slides": [{"title": string|null, "description": string|null, "button": string|null, "caption": string|null}], "headlines": string[]|null}, com exatamente ${request.slides.length} itens em "slides", na ordem do roteiro.`,
    wantsHeadlines(request)
      ? `Em "headlines", dê ${HEADLINE_COUNT} opções de título para a capa, de até ${HEADLINE_MAX} caracteres, cada uma destacando algo que só este imóvel tem (vista, sol, lazer, lançamento, redução de preço, localização, metragem), nunca frases que serviriam para qualquer imóvel como "Espaço para viver bem".`
      : 'Em "headlines", responda null.',
  ].join('\n')
  const factLines = factsBlock(home)
  const answerLines = Object.entries(answers)
    .filter(([, value]) => value)
    .map(([key, value]) => {
      const field = request.fields.find((item) => `fields.${item.name}` === key)
      return `- ${field?.label ?? key.slice(7)}: ${value}`
    })
    .join('\n')
  const brief: TemplatePrompt = {
    role: 'user',
    content: [
      `Modelo: ${request.template.name}.`,
      factLines && `Dados do imóvel:\n${factLines}`,
      answerLines && `Pedidos do corretor:\n${answerLines}`,
      request.agent?.name && `Assinatura: ${[request.agent.name, request.agent.phone].filter(Boolean).join(' · ')}`,
      `Roteiro dos slides:\n${outline}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  }
  const templateSystem = request.messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
  return {
    system: [instructions, ...templateSystem].join('\n\n'),
    messages: [...request.messages.filter((message) => message.role !== 'system'), brief],
  }
}

export function createOpenAICompatibleWriter(config: OpenAICompatibleConfig): CopyWriter {
  const timeoutMs = config.timeoutMs ?? 60_000

  return {
    name: 'openai-compatible',
    async write(request, options) {
      const { signal, deadline } = deadlineSignal(timeoutMs, options?.signal)
      const [sdk, provider] = await Promise.all([aiSdk(), vitrineProvider(config, { supportsStructuredOutputs: true })])
      const { generateText, Output } = sdk
      const model = provider.chatModel(config.model)
      try {
        const { output } = await generateText({
          model,
          output: Output.object({ schema: aiCopySchemaFor(wantsHeadlines(request)), name: 'post' }),
          ...buildPrompt(request),
          allowSystemInMessages: false,
          temperature: 0.8,
          maxRetries: config.maxRetries ?? 1,
          abortSignal: signal,
        })
        return fitCopy(aiCopySchemaFor(wantsHeadlines(request)).parse(output), request.slides.length)
      } catch (error) {
        throw toCopyWriterError(sdk, error, deadline.aborted)
      }
    },
  }
}

function toCopyWriterError(sdk: Awaited<ReturnType<typeof aiSdk>>, error: unknown, timedOut: boolean): CopyWriterError {
  const { APICallError, NoObjectGeneratedError, RetryError } = sdk
  if (timedOut || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')))
    return new CopyWriterError(AI_MESSAGES.timeout, 'timeout', { cause: error })
  if (NoObjectGeneratedError.isInstance(error) || error instanceof z.ZodError)
    return new CopyWriterError(AI_MESSAGES.invalid, 'invalid-answer', { cause: error })
  if (RetryError.isInstance(error) && NoObjectGeneratedError.isInstance(error.lastError))
    return new CopyWriterError(AI_MESSAGES.invalid, 'invalid-answer', { cause: error })
  if (APICallError.isInstance(error) || RetryError.isInstance(error))
    return new CopyWriterError(AI_MESSAGES.unavailable, 'unavailable', { cause: error })
  return new CopyWriterError(AI_MESSAGES.unavailable, 'unavailable', { cause: error })
}
