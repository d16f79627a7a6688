// The forms of /mes-pronto/:id (ADR 283), by intent: "Trocar", "Editar legenda", "Mudar
// horário", "Remover", "Aprovar" / "Pedir ajustes" of a piece, "Aprovar o mês", "Enviar para
// aprovação", the owners' links and "Refazer o mês". A refusal comes back beside its field (400).
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { SessionUser } from '~/context'
import { may } from '~/domain/team'
import type { MonthPlan } from '~/models/month-plans.server'
import { intField, pageNotFound } from '~/utils/params'
import { forbidden } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import {
  approveMonth,
  askChanges,
  editPieceCaption,
  movePiece,
  removePiece,
  submitMonth,
  swapPiece,
} from '~/workflows/month-approval.server'
import { monthClientLinks } from '~/workflows/month-client.server'
import { monthPage, monthPlanOf, redoMonth } from '~/workflows/month-plan.server'
import { readForm } from '~/utils/form-body.server'

type Context = Readonly<RouterContextProvider>

const PieceForm = z.object({ piece: intField, revision: intField.optional() })

type Step = {
  request: Request
  context: Context
  user: SessionUser
  plan: MonthPlan
  form: FormData
  here: string
}

const answer = (fields: { pieceId?: number; field?: string; message?: string; value?: string }, extra = {}) => ({
  pieceId: fields.pieceId ?? null,
  field: fields.field ?? null,
  message: fields.message ?? null,
  value: fields.value ?? '',
  links: null as { homeName: string; url: string }[] | null,
  notice: null as string | null,
  ...extra,
})

const invalid = (pieceId: number, field: string, message: string, value = '') =>
  data(answer({ pieceId, field, message, value }), { status: 400 })

function allowed<T extends { status: string }>(
  request: Request,
  outcome: T,
): asserts outcome is Exclude<T, { status: 'not-found' | 'forbidden' }> {
  if (outcome.status === 'not-found') throw pageNotFound(request)
  if (outcome.status === 'forbidden') throw forbidden()
}

function pieceOf(step: Step) {
  const parsed = PieceForm.safeParse({
    piece: step.form.get('piece') ?? undefined,
    revision: step.form.get('revision') || undefined,
  })
  if (!parsed.success) throw pageNotFound(step.request)
  return parsed.data
}

const done = (step: Step, pieceId: number | null, title: string, description: string) =>
  redirectWithToast(pieceId ? `${step.here}#peca-${pieceId}` : step.here, { type: 'success', title, description })

type Answer = ReturnType<typeof answer>
type Outcome = Answer | ReturnType<typeof data<Answer>> | Response

const HANDLERS: Record<string, (step: Step) => Promise<Outcome>> = {
  async trocar(step) {
    const { piece } = pieceOf(step)
    const outcome = await swapPiece(step.context, step.user, step.plan, piece)
    allowed(step.request, outcome)
    if (outcome.status === 'invalid') return invalid(piece, outcome.field, outcome.message)
    return done(step, piece, 'Capa trocada', 'A peça ganhou outra composição de capa.')
  },
  async legenda(step) {
    const { piece } = pieceOf(step)
    const caption = String(step.form.get('caption') ?? '')
    const outcome = await editPieceCaption(step.context, step.user, step.plan, piece, caption)
    allowed(step.request, outcome)
    if (outcome.status === 'invalid') return invalid(piece, 'caption', outcome.message, caption)
    return done(step, piece, 'Legenda salva', 'A peça manteve a nova legenda.')
  },
  async horario(step) {
    const { piece } = pieceOf(step)
    const date = String(step.form.get('date') ?? '')
    const time = String(step.form.get('time') ?? '')
    const outcome = await movePiece(step.context, step.user, step.plan, piece, date, time)
    allowed(step.request, outcome)
    if (outcome.status === 'invalid') return invalid(piece, 'time', outcome.message, `${date}|${time}`)
    return done(step, piece, 'Horário mudado', 'A peça sai no novo horário.')
  },
  async remover(step) {
    const { piece } = pieceOf(step)
    allowed(step.request, await removePiece(step.context, step.user, step.plan, piece))
    return done(step, null, 'Peça removida do mês', 'O post continua no seu histórico.')
  },
  async ajustes(step) {
    const { piece, revision } = pieceOf(step)
    const comment = String(step.form.get('comment') ?? '')
    const outcome = await askChanges(step.context, step.user, step.plan, piece, comment, revision)
    allowed(step.request, outcome)
    if (outcome.status === 'invalid') return invalid(piece, 'comment', outcome.message, comment)
    return done(step, piece, 'Ajustes pedidos', 'Quem fez a peça recebe o seu comentário.')
  },
  async 'aprovar-peca'(step) {
    const { piece, revision } = pieceOf(step)
    const outcome = await approveMonth(step.context, step.user, step.plan, { pieceId: piece, revision })
    allowed(step.request, outcome)
    return redirectWithToast(`${step.here}#peca-${piece}`, {
      type: outcome.problems.length ? 'error' : 'success',
      title: outcome.scheduled ? 'Peça aprovada e agendada' : 'Peça aprovada',
      description: outcome.problems.length ? outcome.problems.join(' ') : 'Ela sai no horário marcado.',
    })
  },
  async 'aprovar-mes'(step) {
    const outcome = await approveMonth(step.context, step.user, step.plan)
    allowed(step.request, outcome)
    return redirectWithToast(step.here, {
      type: outcome.problems.length ? 'error' : 'success',
      title: `Mês aprovado: ${outcome.scheduled} ${outcome.scheduled === 1 ? 'peça agendada' : 'peças agendadas'}`,
      description: outcome.problems.length
        ? [...new Set(outcome.problems)].join(' ')
        : 'Cada peça sai no horário marcado: veja em Agendar posts.',
    })
  },
  async enviar(step) {
    const outcome = await submitMonth(step.context, step.user, step.plan)
    allowed(step.request, outcome)
    if (outcome.status === 'no-approval') return redirect(step.here)
    return done(
      step,
      null,
      'Mês enviado para aprovação',
      `${outcome.count} ${outcome.count === 1 ? 'peça espera' : 'peças esperam'} a aprovação de um gestor.`,
    )
  },
  async links(step) {
    const outcome = await monthClientLinks(step.context, step.user, step.plan)
    allowed(step.request, outcome)
    return answer({}, { links: outcome.links })
  },
  async refazer(step) {
    if (!may(step.user, 'edit', step.plan.created_by)) throw forbidden()
    const outcome = await redoMonth(step.context, step.user, step.plan)
    if (outcome.status === 'quota') return data(answer({}, { notice: outcome.message }), { status: 400 })
    if (outcome.status === 'scheduled')
      return data(answer({}, { notice: 'Há peças agendadas: tire-as da agenda antes de refazer o mês.' }), {
        status: 400,
      })
    const kept = outcome.kept === 1 ? 'peça editada ficou' : 'peças editadas ficaram'
    return done(step, null, 'Refazendo o mês', `${outcome.kept} ${kept} como estavam.`)
  },
}

/** The page's forms, by their intent; another account's plan or piece is a 404. */
export async function monthAction(request: Request, context: Context, user: SessionUser, id: number) {
  const found = await monthPlanOf(context, user, id)
  if (!found) throw pageNotFound(request)
  const form = await readForm(request)
  const handler = HANDLERS[String(form.get('intent') ?? '')]
  if (!handler) throw data('Ação desconhecida.', { status: 400 })
  return handler({ request, context, user, plan: found.plan, form, here: monthPage(found.plan.id) })
}
