// What /audio does on the server: the page's data (the agent's properties, the narration text
// to start from, their saved narrations), writing the text with the assistant, and turning the
// edited text into an audio file with the configured speech engine.
import type { RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, storageContext } from '~/context'
import { narrationFileName, type AudioFormat, type NarrationInput } from '~/domain/narration'
import { formatDuration } from '~/domain/spoken-text'
import { answerOffline } from '~/domain/copywriter/assistant'
import { answerOf, AssistantError, createAssistant } from '~/integrations/ai/assistant.server'
import { createSpeech, SpeechError } from '~/integrations/speech/speech.server'
import { agentFacts } from '~/models/agents.server'
import type { Home } from '~/models/homes.server'
import { deleteNarration, listNarrations, saveNarration } from '~/models/narrations.server'
import { askedHome, homeChoice } from '~/workflows/chosen-home.server'
import type { SessionUser } from '~/context'

type Context = Readonly<RouterContextProvider>

/** The page's data for the property asked for (else the first); 'not-found' when it is not theirs. */
export async function audioPageData(context: Context, user: SessionUser, homeId: number | null) {
  const db = context.get(dbContext)
  const storage = context.get(storageContext)
  const choice = await homeChoice(db, user.accountId, homeId)
  if (choice === 'not-found') return choice
  const { homes, home: chosen } = choice
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

/** "Escrever texto": the narration of the chosen property, by the configured assistant (offline
 * words, with the reason, when it fails). */
export async function writeNarration(context: Context, user: SessionUser, home: Home, signal?: AbortSignal) {
  const assistant = createAssistant(context.get(envContext))
  const turn = {
    task: 'narracao' as const,
    home,
    agent: await agentFacts(context.get(dbContext), user.accountId),
    message: '',
    history: [],
  }
  try {
    return { text: await answerOf(assistant, turn, signal), error: null }
  } catch (error) {
    context.get(loggerContext).warn('narration text failed', { error })
    return {
      text: answerOffline(turn),
      error: error instanceof AssistantError ? `${error.message} Usei o texto automático.` : null,
    }
  }
}

export type GenerateOutcome =
  { status: 'not-found' } | { status: 'failed'; message: string } | { status: 'done'; id: number; duration: string }

/** The voices the configured speech engine offers (what the form may choose). */
export function speechVoices(context: Context) {
  return createSpeech(context.get(envContext)).voices
}

/** "Gerar áudio": synthesizes, stores the file and its row (a property not theirs: not found). */
export async function generateNarration(
  context: Context,
  user: SessionUser,
  input: NarrationInput,
  signal?: AbortSignal,
): Promise<GenerateOutcome> {
  const speech = createSpeech(context.get(envContext))
  const home = await askedHome(context.get(dbContext), user.accountId, input.home_id ?? null)
  if (home === 'not-found') return { status: 'not-found' }
  try {
    const audio = await speech.synthesize(
      { text: input.text, voice: input.voice, speed: input.speed, format: input.format },
      { signal },
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
    context.get(loggerContext).warn('speech failed', { engine: speech.name, error })
    return { status: 'failed', message: error.message }
  }
}

/** The account's narration `id` and its file deleted; false when it is not theirs. */
export function removeNarration(context: Context, user: SessionUser, id: number) {
  return deleteNarration(context.get(dbContext), context.get(storageContext), user.accountId, id)
}
