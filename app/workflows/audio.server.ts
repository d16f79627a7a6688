// What /audio does on the server: the page's data (the agent's properties, the narration text
// to start from, their saved narrations), writing the text with the assistant, and turning the
// edited text into an audio file with the configured speech engine.
import { parseWithZod } from '@conform-to/zod/v4'
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, storageContext } from '~/context'
import { narrationFileName, narrationFormSchema, type AudioFormat } from '~/domain/narration'
import { formatDuration } from '~/domain/spoken-text'
import { answerOffline } from '~/domain/copywriter/assistant'
import { answerOf, AssistantError, createAssistant } from '~/integrations/ai/assistant.server'
import { createSpeech, SpeechError } from '~/integrations/speech/speech.server'
import { agentFacts } from '~/models/agents.server'
import { homeChoices } from '~/models/home-choices.server'
import { getHome } from '~/models/homes.server'
import { deleteNarration, listNarrations, saveNarration } from '~/models/narrations.server'
import { ownHomeOr404 } from '~/workflows/own-home.server'
import { pageNotFound } from '~/utils/params'
import type { SessionUser } from '~/context'

type Context = Readonly<RouterContextProvider>

/** The agent's property from a form or query value: null when none was asked, 404 when not theirs. */
export async function audioPageData(context: Context, request: Request, user: SessionUser) {
  const db = context.get(dbContext)
  const storage = context.get(storageContext)
  const url = new URL(request.url)
  const homes = await homeChoices(db, user.accountId)
  const chosen =
    (await ownHomeOr404(context, request, user.accountId, url.searchParams.get('imovel'))) ??
    (homes[0] ? await getHome(db, user.accountId, homes[0].id) : null)
  const speech = createSpeech(context.get(envContext))
  const rows = await listNarrations(db, user.accountId)
  const names = new Map(homes.map((home) => [home.id, home.name]))
  return {
    homes,
    homeId: chosen?.id ?? null,
    text: chosen
      ? answerOffline({
          task: 'narracao',
          home: chosen,
          agent: await agentFacts(db, user.accountId),
          message: '',
          history: [],
        })
      : '',
    engine: speech.name,
    voices: speech.voices,
    highlight: Number(url.searchParams.get('narracao')) || null,
    narrations: rows.map((row) => ({
      id: row.id,
      url: storage.url(row.storage_key),
      fileName: narrationFileName(row.home_id ? names.get(row.home_id) : null, row.format as AudioFormat),
      format: row.format as AudioFormat,
      duration: formatDuration(row.duration_ms),
      voice: speech.voices.find((voice) => voice.id === row.voice)?.label ?? row.voice,
      homeName: row.home_id ? (names.get(row.home_id) ?? null) : null,
      text: row.text,
      createdAt: row.created_at.toISOString(),
    })),
  }
}

/** "Escrever texto": the narration of the chosen property, by the configured assistant. */
export async function writeNarration(context: Context, request: Request, user: SessionUser, formData: FormData) {
  const home = await ownHomeOr404(context, request, user.accountId, formData.get('home_id'))
  if (!home) return { text: String(formData.get('text') ?? ''), error: 'Escolha um imóvel para escrever o texto.' }
  const assistant = createAssistant(context.get(envContext))
  const turn = {
    task: 'narracao' as const,
    home,
    agent: await agentFacts(context.get(dbContext), user.accountId),
    message: '',
    history: [],
  }
  try {
    return { text: await answerOf(assistant, turn, request.signal), error: null, homeId: home.id }
  } catch (error) {
    context.get(loggerContext).warn('narration text failed', { error: String(error) })
    return {
      text: answerOffline(turn),
      error: error instanceof AssistantError ? `${error.message} Usei o texto automático.` : null,
      homeId: home.id,
    }
  }
}

export type GenerateOutcome =
  | { status: 'invalid'; errors: Record<string, string[]> }
  | { status: 'failed'; message: string }
  | { status: 'done'; id: number; duration: string }

/** "Gerar áudio": validates, synthesizes, stores the file and its row. */
export async function generateNarration(
  context: Context,
  request: Request,
  user: SessionUser,
  formData: FormData,
): Promise<GenerateOutcome> {
  const speech = createSpeech(context.get(envContext))
  const submission = parseWithZod(formData, { schema: narrationFormSchema(speech.voices) })
  if (submission.status !== 'success') {
    const error = submission.reply().error ?? {}
    return {
      status: 'invalid',
      errors: Object.fromEntries(Object.entries(error).map(([key, value]) => [key, value ?? []])),
    }
  }
  const input = submission.value
  const home = await ownHomeOr404(context, request, user.accountId, input.home_id)
  try {
    const audio = await speech.synthesize(
      { text: input.text, voice: input.voice, speed: input.speed, format: input.format },
      { signal: request.signal },
    )
    const row = await saveNarration(context.get(dbContext), context.get(storageContext), user.accountId, {
      homeId: home?.id ?? null,
      text: input.text,
      voice: input.voice,
      engine: speech.name,
      format: audio.format,
      contentType: audio.contentType,
      durationMs: audio.durationMs,
      bytes: audio.bytes,
    })
    return { status: 'done', id: row.id, duration: formatDuration(row.duration_ms) }
  } catch (error) {
    if (!(error instanceof SpeechError)) throw error
    context.get(loggerContext).warn('speech failed', { engine: speech.name, error: String(error.cause ?? error) })
    return { status: 'failed', message: error.message }
  }
}

export async function removeNarration(context: Context, request: Request, user: SessionUser, formData: FormData) {
  const id = Number(formData.get('narracao'))
  const removed =
    Number.isSafeInteger(id) && id > 0
      ? await deleteNarration(context.get(dbContext), context.get(storageContext), user.accountId, id)
      : false
  if (!removed) throw pageNotFound(request)
}
