// The feeds panel of /integracoes (ADR 120): its loader data and its action, dispatching on the
// form's `intent` (feed-connect). The connection is tested, saved, and its first sync runs in the
// request (listings); the photos follow in the background, the report page shows their progress.
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, envContext, loggerContext, storageContext } from '~/context'
import { feedKinds, type FeedKind } from '~/domain/feeds'
import {
  listFeedConnections,
  listSyncReports,
  type FeedConnection,
  type FeedSync,
  type SyncTrigger,
} from '~/models/feeds.server'
import { connectFeed, type ConnectInput } from '~/workflows/feed-connect.server'
import { MAX_UPLOAD_BYTES } from '~/workflows/feed-source.server'
import { startSync, type FeedSyncDeps } from '~/workflows/feed-sync.server'
import { feedSyncDeps } from '~/workflows/feed-sync-job.server'
import type { SessionUser } from '~/context'
import { redirectWithToast } from '~/utils/toast.server'

type Context = Readonly<RouterContextProvider>

export async function feedDeps(context: Context): Promise<FeedSyncDeps> {
  return feedSyncDeps(
    context.get(envContext),
    context.get(dbContext),
    context.get(storageContext),
    context.get(loggerContext),
  )
}

/** Phase 1 in the request; the photos go on in the background (their errors are logged). */
export async function syncInRequest(
  context: Context,
  connection: FeedConnection,
  trigger: SyncTrigger,
): Promise<FeedSync | null> {
  const deps = await feedDeps(context)
  const outcome = await startSync(deps, connection, trigger)
  outcome?.photos.catch((error) => deps.logger?.error('feed photos failed', { error }))
  return outcome?.report ?? null
}

/** The listings another source had already imported were updated, not doubled (ADR 213). */
export const matchedSentence = (matched: number) =>
  matched === 0
    ? ''
    : matched === 1
      ? '1 imóvel já importado de outra fonte foi atualizado, sem duplicar. '
      : `${matched} imóveis já importados de outra fonte foram atualizados, sem duplicar. `

export type FeedPanelItem = FeedConnection & { last: FeedSync | null }

export async function feedsLoader(context: Context, user: SessionUser) {
  const db = context.get(dbContext)
  const connections = await listFeedConnections(db, user.accountId)
  const items: FeedPanelItem[] = await Promise.all(
    connections.map(async (connection) => ({
      ...connection,
      last: (await listSyncReports(db, user.accountId, connection.id, 1))[0] ?? null,
    })),
  )
  // The Vista key never leaves the server, not even sealed.
  return {
    connections: items.map((item) => ({
      ...item,
      api_connection: { apiHost: item.api_connection.apiHost, apiKey: item.api_connection.apiKey ? '••••' : null },
    })),
  }
}

export type ConnectErrors = Partial<Record<'kind' | 'url' | 'file' | 'apiHost' | 'apiKey' | 'form', string>>
export type ConnectReply = {
  intent: 'feed-connect'
  values: { kind: string; url: string; apiHost: string }
  errors: ConnectErrors
}

const str = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value.trim() : '')

/** The form's fields for the chosen kind, or the pt-BR errors beside them. */
function readConnectForm(form: FormData): { input: ConnectInput | null; reply: ConnectReply } {
  const kind = str(form.get('kind'))
  const values = { kind, url: str(form.get('url')), apiHost: str(form.get('apiHost')) }
  const reply: ConnectReply = { intent: 'feed-connect', values, errors: {} }
  if (!feedKinds.includes(kind as FeedKind)) reply.errors.kind = 'Escolha de onde vêm os imóveis.'
  if (kind === 'url' && !/^https?:\/\/\S+$/i.test(values.url))
    reply.errors.url = 'Informe o endereço completo do feed, começando com https://.'
  const file = form.get('file')
  if (kind === 'upload' && !(file instanceof File && file.size > 0))
    reply.errors.file = 'Escolha o arquivo XML exportado pelo seu CRM.'
  if (kind === 'vista' && !values.apiHost) reply.errors.apiHost = 'Informe o endereço da API do seu Vista.'
  if (kind === 'vista' && !str(form.get('apiKey'))) reply.errors.apiKey = 'Informe a chave de API do Vista.'
  if (Object.keys(reply.errors).length) return { input: null, reply }
  if (kind === 'url') return { input: { kind, url: values.url }, reply }
  if (kind === 'vista') return { input: { kind, apiHost: values.apiHost, apiKey: str(form.get('apiKey')) }, reply }
  return { input: { kind: 'upload', file: { name: (file as File).name, bytes: new Uint8Array() } }, reply }
}

async function connect(context: Context, user: SessionUser, form: FormData) {
  const { input, reply } = readConnectForm(form)
  if (!input) return data(reply, { status: 400 })
  if (input.kind === 'upload') input.file.bytes = new Uint8Array(await (form.get('file') as File).arrayBuffer())
  const deps = await feedDeps(context)
  const result = await connectFeed(deps, user.accountId, input)
  if (!result.ok) return data({ ...reply, errors: { [result.field]: result.message } }, { status: 400 })
  const report = await syncInRequest(context, result.connection, 'connect')
  const title = report?.failure
    ? 'Fonte conectada, mas a leitura falhou'
    : `Fonte conectada: ${report?.created ?? 0} imóveis importados`
  return redirectWithToast(`/integracoes/feeds/${result.connection.id}`, {
    type: report?.failure ? 'error' : 'success',
    title,
    description: report?.failure ?? `${matchedSentence(report?.matched ?? 0)}Veja o relatório da sincronização.`,
  })
}

/** The feeds panel's intents (index.tsx dispatches on them). */
export const FEED_INTENTS = ['feed-connect'] as const
export const isFeedIntent = (intent: string) => (FEED_INTENTS as readonly string[]).includes(intent)

/** The most a POST to /integracoes may carry: the feed file plus the other fields. */
export const FEEDS_MAX_BODY = MAX_UPLOAD_BYTES + 1024 * 1024

export const tooLargeReply = () =>
  data(
    {
      intent: 'feed-connect',
      values: { kind: 'upload', url: '', apiHost: '' },
      errors: { file: 'O arquivo passa de 50 MB.' },
    } satisfies ConnectReply,
    { status: 413 },
  )

export async function feedsAction(context: Context, user: SessionUser, form: FormData) {
  const intent = str(form.get('intent'))
  if (intent === 'feed-connect') return connect(context, user, form)
  throw data('Pedido inválido.', { status: 400 })
}
