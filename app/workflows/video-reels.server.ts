// "Agendar" a property video as a Reel (ADR 263): the form (the accounts ticked, date, time,
// caption, with the Reels pre-flight) saves a scheduled publication of the video per account (an
// Instagram account and a Facebook Page are one each, ADR 320), and from there a Reel is
// a publication like a post's: the same queue, lease, attempts, retries with backoff and start-up
// recovery (app/workflows/publishing.server.ts), the same /agendar-posts lists, the same monthly
// allowance, and the publisher's check that it sends the approved revision (ADR 264).
import { pieceProblems } from './home-compliance.server'
import type { RouterContextProvider } from 'react-router'
import { dbContext, jobsContext, type SessionUser } from '~/context'
import { normalizeCaption, CAPTION_MAX } from '~/domain/scheduling'
import { fromZoned } from '~/domain/dates'
import { mayScheduleReel, REEL_NEEDS_REVIEWER, REEL_NOT_YOURS, videoApprovalState } from '~/domain/team'
import { reelPreflight } from '~/domain/video'
import { approvalRequired } from '~/workflows/approvals.server'
import { canSchedulePublication, lockQuotaOf, type QuotaDecision } from '~/models/quota.server'
import { insertReelPublication, type Publication } from '~/models/scheduled-publications.server'
import { ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import { approveVideoRevision, getVideo, setVideoCaption, videoForUpdate } from '~/models/videos.server'
import type { Database } from '~/utils/db.server'
import { enqueuePublication } from './publishing.server'

type Context = Readonly<RouterContextProvider>

export type ReelValues = { account_ids: string[]; date: string; time: string; caption: string }
export type ReelOutcome =
  | { status: 'invalid' | 'forbidden' | 'over-limit'; errors: Record<string, string[]>; values: ReelValues }
  /** `publicationId`: the first of `publicationIds`, one per account ticked. */
  | { status: 'scheduled'; publicationId: number; publicationIds: number[] }

export const REEL_ALREADY_SCHEDULED = 'Este vídeo já está agendado.'

function validate(values: ReelValues, accounts: number[], facts: Parameters<typeof reelPreflight>[0]) {
  const errors: Record<string, string[]> = {}
  if (values.account_ids.length === 0) errors.account_ids = ['Escolha ao menos uma conta.']
  else if (!values.account_ids.every((id) => accounts.includes(Number(id))))
    errors.account_ids = ['Escolha uma conta sua.']
  const at = fromZoned(values.date, values.time)
  if (!at) errors.date = ['Informe a data e a hora da publicação.']
  else if (at.getTime() < Date.now() - 5 * 60_000) errors.date = ['Escolha uma data e hora que ainda não passaram.']
  if (values.caption.length > CAPTION_MAX) errors.caption = [`A legenda tem no máximo ${CAPTION_MAX} caracteres.`]
  const preflight = reelPreflight(facts)
  if (preflight.length) errors.video = preflight
  return { errors, at }
}

/** Thrown inside the transaction to roll it back (nothing half-written). */
export class Refused extends Error {
  constructor(
    readonly status: 'invalid' | 'forbidden' | 'over-limit',
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

const refusedBy = (decision: QuotaDecision) =>
  new Refused('over-limit', 'plan', decision.message ?? 'Seu plano não inclui agendamentos.')

type Member = Pick<SessionUser, 'id' | 'accountId' | 'accountRole'>

/** One account's Reel (the month plan's): see saveReels. */
export async function saveReel(
  db: Database,
  user: Member,
  videoId: number,
  input: { accountId: number; publishAt: Date; caption: string },
): Promise<Publication> {
  const [row] = await saveReels(db, user, videoId, { ...input, accountIds: [input.accountId] })
  return row!
}

/**
 * Records the Reel, one publication per account, all or none, under the agent's lock so the
 * month's allowance is not raced: the form's caption becomes the video's (a new revision when it
 * differs), someone who approves approves that revision by scheduling it, and anyone else
 * schedules only an approved revision.
 */
export async function saveReels(
  db: Database,
  user: Member,
  videoId: number,
  input: { accountIds: number[]; publishAt: Date; caption: string },
): Promise<Publication[]> {
  const required = await approvalRequired(db, user.accountId)
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database
    await lockQuotaOf(tx, user.accountId)
    const quota = await canSchedulePublication(tx, user.accountId, new Date(), input.accountIds.length)
    if (!quota.allowed) throw refusedBy(quota)
    const locked = await videoForUpdate(tx, user.accountId, videoId)
    if (!locked || locked.status !== 'ready') throw new Refused('invalid', 'video', 'Este vídeo não está pronto.')
    const video = (await setVideoCaption(tx, user.accountId, videoId, input.caption)) ?? locked
    const verdict = mayScheduleReel({
      person: { id: user.id, accountRole: user.accountRole },
      authorId: video.created_by,
      approvalRequired: required,
      piece: videoApprovalState(video),
    })
    if (verdict === 'forbidden') throw new Refused('forbidden', 'video', REEL_NOT_YOURS)
    if (verdict === 'needs-reviewer') throw new Refused('forbidden', 'video', REEL_NEEDS_REVIEWER)
    if (required) await approveVideoRevision(tx, user.accountId, videoId)
    const rows: Publication[] = []
    for (const accountId of input.accountIds) {
      const row = await insertReelPublication(tx, user.accountId, { videoId, ...input, accountId })
      if (!row) throw new Refused('invalid', 'video', REEL_ALREADY_SCHEDULED)
      rows.push(row)
    }
    return rows
  })
}

/**
 * "Agendar": checks the form's values (at least one account, each of theirs, a time not past,
 * the caption's length, the Reels pre-flight), asks the policy and the plan, records the Reel
 * once per account, queues each.
 */
export async function scheduleReel(
  context: Context,
  user: SessionUser,
  id: number,
  form: Partial<ReelValues>,
): Promise<ReelOutcome | { status: 'not-found' }> {
  const db = context.get(dbContext)
  const row = await getVideo(db, user.accountId, id)
  if (!row || row.status !== 'ready') return { status: 'not-found' }
  await ensureOutboxAccount(db, user.accountId)
  const values: ReelValues = {
    account_ids: form.account_ids ?? [],
    date: form.date ?? '',
    time: form.time ?? '',
    caption: normalizeCaption(form.caption ?? ''),
  }
  const accounts = (await listAccounts(db, user.accountId)).filter((a) => !a.reconnect_reason).map((a) => a.id)
  const facts = { durationS: (row.duration_ms ?? 0) / 1000, width: 1080, height: 1920, bytes: row.byte_size ?? 0 }
  const { errors, at } = validate(values, accounts, facts)
  // Whose video it is, before anything else is said about it (POLICY, ADR 236).
  const verdict = mayScheduleReel({
    person: { id: user.id, accountRole: user.accountRole },
    authorId: row.created_by,
    approvalRequired: false,
    piece: videoApprovalState(row),
  })
  if (verdict === 'forbidden') return { status: 'forbidden', errors: { video: [REEL_NOT_YOURS] }, values }
  // What the law asks of the property's ads (issue 65), said beside the video.
  const problems = await pieceProblems(db, user.accountId, row.home_id)
  if (problems.length) return { status: 'invalid', errors: { ...errors, video: problems }, values }
  if (Object.keys(errors).length || !at) return { status: 'invalid', errors, values }
  const accountIds = [...new Set(values.account_ids.map(Number))]
  const quota = await canSchedulePublication(db, user.accountId, new Date(), accountIds.length)
  if (!quota.allowed) return { status: 'over-limit', errors: { plan: [refusedBy(quota).message] }, values }
  let saved: Publication[]
  try {
    saved = await saveReels(db, user, id, {
      accountIds,
      publishAt: at,
      caption: values.caption,
    })
  } catch (error) {
    if (error instanceof Refused) return { status: error.status, errors: { [error.field]: [error.message] }, values }
    throw error
  }
  for (const row of saved) await enqueuePublication(context.get(jobsContext), row)
  return { status: 'scheduled', publicationId: saved[0]!.id, publicationIds: saved.map((row) => row.id) }
}
