// The data of /mes-pronto/:id (ADR 283): the plan, its drafting progress, the pieces grouped by
// week as the list shows them, and what this person may do (POLICY, app/domain/team.ts).
import type { RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser } from '~/context'
import { zonedDate, zonedTime } from '~/domain/dates'
import {
  MESSAGE_LABELS,
  RHYTHM_LABELS,
  SLOT_KIND_LABELS,
  addDays,
  compositionLabel,
  describeRhythm,
  formatDay,
  isCoverComposition,
} from '~/domain/month-plan'
import { postImagePath } from '~/domain/public-links'
import { can, may } from '~/domain/team'
import { approvalRequired } from '~/workflows/approvals.server'
import { pieceApproved, pieceState } from '~/workflows/month-approval.server'
import { monthPlanOf } from '~/workflows/month-plan.server'

type Context = Readonly<RouterContextProvider>

const WEEKDAYS = ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.']

function whenOf(at: Date) {
  const day = zonedDate(at)
  const weekday = WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()]
  return `${weekday} ${day.slice(8, 10)}/${day.slice(5, 7)} às ${zonedTime(at)}`
}

const firstLine = (text: string | null | undefined) =>
  (text ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim() ?? ''

/** The month's page: the plan, its progress, the pieces by week and what this person may do. */
export async function monthPageData(context: Context, user: SessionUser, id: number) {
  const found = await monthPlanOf(context, user, id)
  if (!found) return null
  const { plan, pieces, progress } = found
  const required = await approvalRequired(context.get(dbContext), user.accountId)
  const byWeek = new Map<number, { title: string; pieces: ReturnType<typeof viewOf>[] }>()
  function viewOf(piece: (typeof pieces)[number]) {
    const author = piece.post?.createdBy ?? piece.video?.createdBy ?? null
    return {
      id: piece.id,
      kind: SLOT_KIND_LABELS[piece.kind],
      message: MESSAGE_LABELS[piece.message],
      design: compositionLabel(piece.composition),
      home: piece.homeName,
      when: whenOf(piece.publish_at),
      date: zonedDate(piece.publish_at),
      time: zonedTime(piece.publish_at),
      caption: piece.post?.description ?? piece.video?.caption ?? '',
      firstLine: firstLine(piece.post?.description ?? piece.video?.caption),
      state: pieceState(piece),
      approved: pieceApproved(piece),
      waitsReview: piece.post?.approvalStatus === 'pending',
      revision: piece.post?.revision ?? null,
      cover: piece.post
        ? `${postImagePath(piece.post.publicId, { thumbnail: true })}&v=${piece.post.revision}-${encodeURIComponent(piece.composition)}`
        : piece.video?.status === 'ready'
          ? `/videos/${piece.video.id}/capa.jpg`
          : null,
      mayEdit: may(user, 'edit', author) && piece.status === 'ready',
      mayApprove: required && may(user, 'approve', author) && piece.status === 'ready' && !pieceApproved(piece),
      swappable: !!piece.post && isCoverComposition(piece.composition) && piece.status === 'ready',
      busy:
        piece.status === 'waiting' ||
        piece.status === 'drafting' ||
        (!!piece.video && piece.video.status !== 'ready' && piece.video.status !== 'failed'),
    }
  }
  for (const piece of pieces) {
    const week = Math.floor(
      (Date.parse(`${zonedDate(piece.publish_at)}T00:00:00Z`) - Date.parse(`${plan.start_date}T00:00:00Z`)) /
        (7 * 86_400_000),
    )
    const first = addDays(plan.start_date, week * 7)
    const last = addDays(first, 6)
    if (!byWeek.has(week))
      byWeek.set(week, { title: `${formatDay(first).slice(0, 5)} a ${formatDay(last).slice(0, 5)}`, pieces: [] })
    byWeek.get(week)!.pieces.push(viewOf(piece))
  }
  // A piece moved before the period's first day opens its own week: weeks are counted as shown.
  const weeks = [...byWeek.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, week], i) => ({ ...week, title: `Semana ${i + 1} · ${week.title}` }))
  const views = weeks.flatMap((w) => w.pieces)
  return {
    plan: {
      id: plan.id,
      start: formatDay(plan.start_date),
      days: plan.days,
      rhythm: `${RHYTHM_LABELS[plan.rhythm_id]}: ${describeRhythm(plan.rhythm)}`,
      status: plan.status,
    },
    progress,
    drafting: plan.status === 'drafting' || views.some((v) => v.busy),
    weeks,
    required,
    maySubmit: required && views.some((v) => v.mayEdit && !v.approved && !v.waitsReview),
    mayApproveAll:
      views.some((v) => v.mayApprove) ||
      (!required && plan.status !== 'drafting' && views.some((v) => v.mayEdit && !v.approved)),
    mayLink: can(user.accountRole, 'send-to-client') && views.some((v) => v.home),
    mayRedo:
      views.some((v) => v.mayEdit) &&
      !pieces.some((p) => p.publication && !(p.edits.caption || p.edits.cover || p.edits.time)),
  }
}
