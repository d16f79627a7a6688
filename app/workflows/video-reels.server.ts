// "Agendar" a property video as a Reel (issue 39): the form (account, date, time, caption, with
// the Reels pre-flight), then a job at that time publishes it: to Instagram through the Graph API
// (media_type=REELS, the MP4 and its cover by signed links Meta fetches), or to the local outbox,
// which keeps the MP4, the cover and the caption, when no Instagram account is connected.
import { approvalRequired } from '~/workflows/approvals.server'
import { mayScheduleUnreviewed, REEL_NEEDS_REVIEWER } from '~/domain/team'
import type { RouterContextProvider } from 'react-router'
import { dbContext, jobsContext, type SessionUser } from '~/context'
import { fromZoned, normalizeCaption, CAPTION_MAX } from '~/domain/scheduling'
import { reelPreflight } from '~/domain/video'
import { metaErrorMessage } from '~/domain/publishing-rules'
import { GraphError } from '~/integrations/meta/graph.server'
import { publishReelToInstagram } from '~/integrations/meta/instagram-publisher.server'
import { publishReelToOutbox } from '~/integrations/meta/outbox.server'
import { signedUploadUrl } from '~/integrations/storage/upload-links.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { canSchedulePublication } from '~/models/quota.server'
import { accountToken, ensureOutboxAccount, getAccount, listAccounts } from '~/models/social-accounts.server'
import { claimReel, getVideo, pendingReels, scheduleReel, settleReel } from '~/models/videos.server'
import type { Jobs } from '~/utils/jobs.server'
import { pageNotFound } from '~/utils/params'
import type { PublishingDeps } from './publishing.server'

export const REEL_QUEUE = 'publish-reel'

type Context = Readonly<RouterContextProvider>

export type ReelValues = { account_id: string; date: string; time: string; caption: string }
export type ReelOutcome =
  { status: 'invalid'; errors: Record<string, string[]>; values: ReelValues } | { status: 'scheduled' }

export function enqueueReel(jobs: Jobs, id: number, at: Date) {
  return jobs.send(REEL_QUEUE, { videoId: id }, { startAfter: at, singletonKey: `reel-${id}` })
}

function validate(form: FormData, accounts: number[], facts: Parameters<typeof reelPreflight>[0]) {
  const values: ReelValues = {
    account_id: String(form.get('account_id') ?? ''),
    date: String(form.get('date') ?? ''),
    time: String(form.get('time') ?? ''),
    caption: normalizeCaption(String(form.get('caption') ?? '')),
  }
  const errors: Record<string, string[]> = {}
  if (!accounts.includes(Number(values.account_id))) errors.account_id = ['Escolha a conta onde publicar.']
  const at = fromZoned(values.date, values.time)
  if (!at) errors.date = ['Informe a data e a hora da publicação.']
  else if (at.getTime() < Date.now() - 5 * 60_000) errors.date = ['Escolha uma data e hora que ainda não passaram.']
  if (values.caption.length > CAPTION_MAX) errors.caption = [`A legenda tem no máximo ${CAPTION_MAX} caracteres.`]
  const preflight = reelPreflight(facts)
  if (preflight.length) errors.video = preflight
  return { values, errors, at }
}

/** The form's action: validates, asks the plan, records the Reel and queues it for its time. */
export async function scheduleReelAction(
  context: Context,
  request: Request,
  user: SessionUser,
  id: number,
  form: FormData,
): Promise<ReelOutcome> {
  const db = context.get(dbContext)
  const row = await getVideo(db, user.accountId, id)
  if (!row || row.status !== 'ready') throw pageNotFound(request)
  const outbox = await ensureOutboxAccount(db, user.accountId)
  if (!form.get('account_id')) form.set('account_id', String(outbox.id))
  const accounts = (await listAccounts(db, user.accountId)).filter((a) => !a.reconnect_reason).map((a) => a.id)
  const facts = { durationS: (row.duration_ms ?? 0) / 1000, width: 1080, height: 1920, bytes: row.byte_size ?? 0 }
  const { values, errors, at } = validate(form, accounts, facts)
  if (Object.keys(errors).length || !at) return { status: 'invalid', errors, values }
  const quota = await canSchedulePublication(db, user.accountId)
  if (!quota.allowed)
    return { status: 'invalid', errors: { plan: [quota.message ?? 'Seu plano não inclui agendamentos.'] }, values }
  // Videos have no approval flow of their own yet (ADR 218): where the agency approves before
  // scheduling, only those who approve schedule a Reel.
  if (!mayScheduleUnreviewed(await approvalRequired(db, user.accountId), user.accountRole))
    return { status: 'invalid', errors: { video: [REEL_NEEDS_REVIEWER] }, values }
  const saved = await scheduleReel(db, user.accountId, id, {
    accountId: Number(values.account_id),
    publishAt: at,
    caption: values.caption,
    scheduledBy: user.id,
  })
  if (!saved) return { status: 'invalid', errors: { video: ['Este vídeo já está agendado.'] }, values }
  await enqueueReel(context.get(jobsContext), id, at)
  return { status: 'scheduled' }
}

export type ReelDeps = { publishing: PublishingDeps; storage: Storage; signingSecret: string }

/** One attempt at a scheduled Reel: published once (a second run finds it settled). */
export async function publishReel(deps: ReelDeps, videoId: number): Promise<'published' | 'failed' | 'skipped'> {
  const { db, dataDir } = deps.publishing
  const row = await claimReel(db, videoId)
  if (!row) return 'skipped'
  try {
    const account = row.reel_account_id ? await getAccount(db, row.user_id, row.reel_account_id) : null
    if (!account || account.deleted_at)
      throw new GraphError(400, undefined, undefined, 'A conta de destino foi desconectada.')
    if (!row.storage_key || !row.cover_key)
      throw new GraphError(400, undefined, undefined, 'O vídeo não está mais guardado.')
    if (account.provider === 'outbox') {
      const [video, cover] = await Promise.all([deps.storage.get(row.storage_key), deps.storage.get(row.cover_key)])
      if (!video || !cover) throw new GraphError(400, undefined, undefined, 'O vídeo não está mais guardado.')
      await publishReelToOutbox(dataDir, row.user_id, { videoId: row.id, video, cover, caption: row.caption })
      await settleReel(db, row.id, { published: true, externalId: `outbox-reel-${row.id}`, permalink: null })
      return 'published'
    }
    const token = accountToken(account, deps.publishing.credentialsKey)
    if (!token || !account.external_id) throw new GraphError(400, 190, undefined, 'sem token')
    const link = (key: string) =>
      new URL(signedUploadUrl(deps.signingSecret, key, 24 * 3600), deps.publishing.appUrl).toString()
    const outcome = await publishReelToInstagram(
      deps.publishing.graph,
      { accountId: account.external_id, token },
      { videoUrl: link(row.storage_key), coverUrl: link(row.cover_key), caption: row.caption },
      deps.publishing.poll,
    )
    await settleReel(db, row.id, { published: true, ...outcome })
    return 'published'
  } catch (error) {
    const facts = error instanceof GraphError ? error : { status: 0, message: String(error) }
    await settleReel(db, row.id, { published: false, error: metaErrorMessage(facts) })
    return 'failed'
  }
}

/** The Reel worker and the ones a stop left to go out. */
export async function startReelJobs(jobs: Jobs, deps: ReelDeps) {
  await jobs.work<{ videoId: number }>(REEL_QUEUE, async ({ videoId }) => void (await publishReel(deps, videoId)))
  for (const row of await pendingReels(deps.publishing.db))
    await enqueueReel(jobs, row.id, row.reel_publish_at ?? new Date())
}
