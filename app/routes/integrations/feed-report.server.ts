// /integracoes/feeds/:id — one connection: loader data and the actions of its report page
// (sincronizar agora, new file, automations, approve or discard a draft, disconnect).
import { data, type RouterContextProvider } from 'react-router'
import { dbContext } from '~/context'
import type { SessionUser } from '~/context'
import { automationEvents, automationTemplateChoices, type FeedAutomations } from '~/domain/feeds'
import { approveDraft, discardDraft, listDrafts } from '~/models/feed-drafts.server'
import { countPendingPhotos } from '~/models/feed-listings.server'
import {
  deleteFeedConnection,
  getFeedConnection,
  isSyncing,
  listSyncReports,
  updateFeedSource,
  type FeedConnection,
} from '~/models/feeds.server'
import { readLimitedFormData } from '~/utils/form-body.server'
import { replaceUpload } from '~/workflows/feed-connect.server'
import { redirectWithToast } from '~/utils/toast.server'
import { FEEDS_MAX_BODY, feedDeps, matchedSentence, syncInRequest } from './feeds.server'

type Context = Readonly<RouterContextProvider>

export async function ownConnectionOr404(context: Context, user: SessionUser, id: string | undefined) {
  const connection = await getFeedConnection(context.get(dbContext), user.accountId, Number(id))
  if (!connection) throw data('Conexão não encontrada.', { status: 404 })
  return connection
}

export async function reportLoader(context: Context, user: SessionUser, id: string | undefined) {
  const db = context.get(dbContext)
  const connection = await ownConnectionOr404(context, user, id)
  const [reports, drafts, pendingPhotos] = await Promise.all([
    listSyncReports(db, user.accountId, connection.id, 5),
    listDrafts(db, user.accountId, connection.id),
    countPendingPhotos(db, connection.id),
  ])
  const { api_connection, ...rest } = connection
  return {
    connection: { ...rest, apiHost: api_connection.apiHost },
    reports,
    drafts,
    pendingPhotos,
    syncing: isSyncing(connection),
  }
}

const here = (connection: FeedConnection) => `/integracoes/feeds/${connection.id}`

async function syncNow(context: Context, connection: FeedConnection, trigger: 'manual' | 'upload') {
  const report = await syncInRequest(context, connection, trigger)
  if (!report)
    return redirectWithToast(here(connection), {
      type: 'info',
      title: 'Uma sincronização já está em andamento',
      description: 'Aguarde alguns minutos e veja o relatório.',
    })
  if (report.failure)
    return redirectWithToast(here(connection), {
      type: 'error',
      title: 'A leitura do feed falhou',
      description: report.failure,
    })
  const title = `Sincronizado: ${report.created} novos, ${report.updated} atualizados, ${report.archived} arquivados`
  return redirectWithToast(here(connection), {
    type: 'success',
    title,
    description: `${matchedSentence(report.matched)}Veja o relatório abaixo.`,
  })
}

function readAutomations(form: FormData): FeedAutomations {
  const automations: FeedAutomations = {}
  for (const event of automationEvents) {
    const slug = String(form.get(`automation_${event}`) ?? '')
    if (automationTemplateChoices[event].some((choice) => choice.slug === slug)) automations[event] = slug
  }
  return automations
}

async function draftAction(
  context: Context,
  user: SessionUser,
  connection: FeedConnection,
  intent: string,
  postId: number,
) {
  const db = context.get(dbContext)
  const done =
    intent === 'approve'
      ? await approveDraft(db, user.accountId, postId)
      : await discardDraft(db, user.accountId, postId)
  if (!done) throw data('Rascunho não encontrado.', { status: 404 })
  return redirectWithToast(here(connection), {
    type: 'success',
    title: intent === 'approve' ? 'Post aprovado' : 'Rascunho descartado',
    description: intent === 'approve' ? 'Ele está no seu histórico de posts.' : 'O rascunho foi excluído.',
  })
}

export async function reportAction(context: Context, request: Request, user: SessionUser, id: string | undefined) {
  const connection = await ownConnectionOr404(context, user, id)
  const form = await readLimitedFormData(request, FEEDS_MAX_BODY)
  if (!form) return data({ intent: 'upload', error: 'O arquivo passa de 50 MB.' }, { status: 413 })
  const intent = String(form.get('intent') ?? '')
  const db = context.get(dbContext)
  if (intent === 'sync') return syncNow(context, connection, 'manual')
  if (intent === 'automations') {
    await updateFeedSource(db, user.accountId, connection.id, { automations: readAutomations(form) })
    return redirectWithToast(here(connection), {
      type: 'success',
      title: 'Automações salvas',
      description: 'Valem a partir da próxima sincronização.',
    })
  }
  if (intent === 'approve' || intent === 'discard')
    return draftAction(context, user, connection, intent, Number(form.get('postId')))
  if (intent === 'delete') {
    await deleteFeedConnection(db, user.accountId, connection.id)
    return redirectWithToast('/integracoes', {
      type: 'success',
      title: 'Fonte desconectada',
      description: 'Os imóveis importados continuam na sua lista.',
    })
  }
  if (intent === 'upload' && connection.kind === 'upload') {
    const file = form.get('file')
    if (!(file instanceof File) || file.size === 0)
      return data({ intent, error: 'Escolha o arquivo XML exportado pelo seu CRM.' }, { status: 400 })
    const result = await replaceUpload(await feedDeps(context), connection, new Uint8Array(await file.arrayBuffer()))
    if (!result.ok) return data({ intent, error: result.message }, { status: 400 })
    return syncNow(context, result.connection, 'upload')
  }
  throw data('Pedido inválido.', { status: 400 })
}
