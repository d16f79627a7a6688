// "Mês pronto" (ADR 283): the drafting job. Each run claims the plan's waiting pieces one at a
// time (bounded: PIECES_PER_RUN, then the next run) and drafts each through the existing
// generators: a post, carrossel or Story by generatePost (template, composition, the copywriter,
// with an opening line no other piece of the month has), a Reel as a property video whose render
// is the video queue's. A restart puts back what a stopped process left; the last piece done
// marks the plan ready and e-mails "Seu mês está pronto para revisão", once.
import type { Env } from '~/env.server'
import { COMPOSITION_FIELD_NAME } from '~/domain/compositions'
import { zonedDate } from '~/domain/dates'
import { addDays, formatDay, monthPage } from '~/domain/month-plan'
import { VIDEO_LIMITS } from '~/domain/video'
import { createCopyWriter, type CopyWriter } from '~/integrations/ai/ai.server'
import { getTemplateBySlug } from '~/models/feed-drafts.server'
import { getHome } from '~/models/homes.server'
import { emailOf } from '~/models/month-links.server'
import {
  claimNextPiece,
  finishPiece,
  listPieces,
  loadMonthPlanForWorker,
  markPlanDrafted,
  planProgress,
  plannerHomes,
  recoverMonthPieces,
  type MonthPiece,
  type MonthPlan,
} from '~/models/month-plans.server'
import { canMakeVideo } from '~/models/quota.server'
import { createVideo } from '~/models/videos.server'
import type { Database } from '~/utils/db.server'
import type { Jobs } from '~/utils/jobs.server'
import type { Logger } from '~/utils/logger.server'
import { QuotaExceededError, generatePost } from './generation.server'
import { enqueueMail } from './mail-jobs.server'
import { startAutopilot } from './month-autopilot.server'
import { MONTH_QUEUE, READY_SUBJECT, enqueueMonth } from './month-plan.server'
import { enqueueVideo } from './video-job.server'

/** Pieces one run of the job drafts before it hands over to the next run (bounded work). */
const PIECES_PER_RUN = 40

/** Captions whose first line another piece of the month already opens with get written again. */
function firstLine(text: string | null | undefined): string {
  return (
    (text ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .toLowerCase() ?? ''
  )
}

/**
 * The copywriter, asked again when its opening line is already taken: a few more wordings, then
 * each of the headlines it offered as the opening (a property with many pieces in a month runs
 * through the few hooks a listing has).
 */
function distinctOpenings(writer: CopyWriter, taken: Set<string>): CopyWriter {
  return {
    name: writer.name,
    async write(request) {
      let copy = await writer.write(request)
      for (let i = 0; i < 6 && taken.has(firstLine(copy.caption)); i++) copy = await writer.write(request)
      for (const headline of copy.headlines ?? []) {
        if (!taken.has(firstLine(copy.caption))) break
        copy = await writer.write({ ...request, values: { ...request.values, headline } })
      }
      taken.add(firstLine(copy.caption))
      return copy
    },
  }
}

const REEL_OPENINGS = [
  (name: string, place: string) => `Tour em vídeo: ${name}, em ${place}.`,
  (name: string, place: string) => `Dá o play e conheça ${name} (${place}).`,
  (name: string, place: string) => `${place}: ${name} em 30 segundos.`,
  (name: string, place: string) => `Um passeio por ${name}, ${place}.`,
]

/** The answers a slot's template gets: its composition, and what its message needs. */
function slotValues(
  piece: MonthPiece,
  home: { oldPrice: number | null; price: number | null } | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  if (piece.kind !== 'reel' && !piece.composition.startsWith('arte:') && piece.composition !== 'video')
    values[COMPOSITION_FIELD_NAME] = piece.composition
  if (piece.occasion) values.occasion = piece.occasion
  if (piece.message === 'preco' && home) values.old_price = home.oldPrice ?? Math.round((home.price ?? 0) * 1.08)
  if (piece.message === 'visita') {
    const day = addDays(zonedDate(piece.publish_at), 2)
    values.event_date = day
    values.event_time = '10:00'
  }
  return values
}

export type MonthJobDeps = { db: Database; jobs: Jobs; writer: CopyWriter; logger: Logger; siteUrl: string | null }

/** Drafts one piece: a post through generatePost, or a property video for a Reel. */
async function draftPiece(deps: MonthJobDeps, plan: MonthPlan, piece: MonthPiece, openings: Set<string>) {
  const accountId = plan.user_id
  const createdBy = plan.created_by ?? accountId
  const weighed = piece.home_id ? (await plannerHomes(deps.db, accountId)).find((h) => h.id === piece.home_id) : null
  const home = piece.home_id ? await getHome(deps.db, accountId, piece.home_id) : null
  if (piece.home_id && !home) return finishPiece(deps.db, piece.id, { error: 'O imóvel desta peça foi excluído.' })
  if (piece.kind === 'reel') {
    if (!home) return finishPiece(deps.db, piece.id, { error: 'Um Reel precisa de um imóvel.' })
    if (home.gallery.length < VIDEO_LIMITS.minPhotos)
      return finishPiece(deps.db, piece.id, {
        error: 'Este imóvel tem menos de 2 fotos: o Reel precisa de ao menos 2.',
      })
    const quota = await canMakeVideo(deps.db, accountId)
    if (!quota.allowed)
      return finishPiece(deps.db, piece.id, { error: quota.message ?? 'Seu plano não inclui mais vídeos.' })
    let opening = ''
    for (const write of REEL_OPENINGS) {
      opening = write(home.name, home.neighborhood)
      if (!openings.has(firstLine(opening))) break
    }
    openings.add(firstLine(opening))
    const photos = home.gallery.map((_, i) => i).slice(0, VIDEO_LIMITS.maxPhotos)
    const video = await createVideo(deps.db, accountId, {
      createdBy,
      homeId: home.id,
      // The shortest Reel: the month's videos encode in a fraction of a 30 s one's time.
      options: { duration: VIDEO_LIMITS.minSeconds, narration: false, photos },
      caption: `${opening}\n\nChame no direct para agendar uma visita.\n\n#imoveis #reels #${hashtagOf(home.neighborhood)}`,
    })
    await enqueueVideo(deps.jobs, video.id)
    return finishPiece(deps.db, piece.id, { videoId: video.id })
  }
  const template = piece.template_slug ? await getTemplateBySlug(deps.db, piece.template_slug) : null
  if (!template) return finishPiece(deps.db, piece.id, { error: 'O modelo desta peça não existe mais.' })
  try {
    const post = await generatePost(
      { db: deps.db, writer: distinctOpenings(deps.writer, openings), siteUrl: deps.siteUrl, logger: deps.logger },
      accountId,
      { template, home: template.needs_home ? home : null, values: slotValues(piece, weighed ?? null), createdBy },
    )
    return finishPiece(deps.db, piece.id, { postId: post.id, error: post.error })
  } catch (error) {
    if (error instanceof QuotaExceededError) return finishPiece(deps.db, piece.id, { error: error.message })
    throw error
  }
}

function hashtagOf(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase() || 'imoveis'
  )
}

/**
 * One run of the drafting job: claims the plan's waiting pieces one at a time and drafts each
 * (at most PIECES_PER_RUN, then the next run goes on). The last one done marks the plan ready and
 * queues the e-mail, once.
 */
export async function draftMonth(
  deps: MonthJobDeps,
  planId: number,
  mail: (to: string, plan: MonthPlan) => Promise<void>,
) {
  const plan = await loadMonthPlanForWorker(deps.db, planId)
  if (!plan) return 'gone'
  const openings = new Set(
    (await listPieces(deps.db, plan.user_id, plan.id))
      .map((p) => firstLine(p.post?.description ?? p.video?.caption))
      .filter(Boolean),
  )
  for (let i = 0; i < PIECES_PER_RUN; i++) {
    const piece = await claimNextPiece(deps.db, planId)
    if (!piece) break
    try {
      await draftPiece(deps, plan, piece, openings)
    } catch (error) {
      deps.logger.error('month piece failed', { planId, pieceId: piece.id, error })
      await finishPiece(deps.db, piece.id, { error: 'Não foi possível preparar esta peça. Tente de novo.' })
    }
  }
  const progress = await planProgress(deps.db, planId)
  if (progress.done < progress.total) {
    await enqueueMonth(deps.jobs, planId)
    return 'more'
  }
  if (await markPlanDrafted(deps.db, planId)) {
    const to = await emailOf(deps.db, plan.created_by ?? plan.user_id)
    if (to) await mail(to, plan)
  }
  return 'drafted'
}

/** The job's worker and the start-up recovery, on an instance that runs jobs. */
export async function startMonthJobs(
  jobs: Jobs,
  services: { db: Database; env: Env; logger: Logger; siteUrl: string },
) {
  const { env } = services
  const deps: MonthJobDeps = {
    db: services.db,
    jobs,
    writer: createCopyWriter(env),
    logger: services.logger,
    siteUrl: env.APP_URL ?? null,
  }
  const mail = async (to: string, plan: MonthPlan) => {
    const link = new URL(monthPage(plan.id), services.siteUrl).href
    const progress = await planProgress(deps.db, plan.id)
    await enqueueMail(jobs, {
      kind: 'message',
      message: {
        to,
        subject: READY_SUBJECT,
        text: [
          `Preparamos ${progress.total - progress.failed} peças para o seu mês, a partir de ${formatDay(plan.start_date)}.`,
          'Revise, ajuste o que quiser e envie para aprovação:',
          '',
          link,
        ].join('\n'),
      },
    })
  }
  await jobs.work<{ planId: number }>(MONTH_QUEUE, async ({ planId }) => void (await draftMonth(deps, planId, mail)))
  for (const id of await recoverMonthPieces(deps.db)) await enqueueMonth(jobs, id)
  // On the 25th, next month for the accounts that prepared one lately.
  await startAutopilot(jobs, { db: deps.db, logger: deps.logger })
}
