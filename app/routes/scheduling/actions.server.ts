// /agendar-posts' query string (list or calendar, date, account: navigation without JavaScript)
// and the action of each publication's buttons ("Tentar novamente", "Cancelar").
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { SessionUser } from '~/context'
import { fromZoned, zonedDate } from '~/domain/dates'
import { idParam } from '~/utils/params'
import { redirectWithToast } from '~/utils/toast.server'
import { changePublication, type SchedulingQuery } from '~/workflows/scheduling-actions.server'
import { readForm } from '~/utils/form-body.server'

type Context = Readonly<RouterContextProvider>

const optionalId = (value: string | null) => {
  const parsed = idParam.safeParse(value ?? '')
  return parsed.success ? parsed.data : null
}

export function readQuery(url: URL, now = new Date()): SchedulingQuery {
  const viewParam = url.searchParams.get('visao')
  const view = viewParam === 'semana' || viewParam === 'mes' ? viewParam : 'lista'
  const dateParam = url.searchParams.get('data') ?? ''
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(dateParam) && fromZoned(dateParam, '12:00') ? dateParam : zonedDate(now)
  return { view, anchor, accountId: optionalId(url.searchParams.get('conta')) }
}

const PublicationForm = z.object({
  publicacao: idParam,
  intent: z.enum(['retry', 'cancel']).nullable().catch(null),
})

const NOT_FOUND = 'Publicação não encontrada.'

export async function schedulingAction(context: Context, request: Request, user: SessionUser) {
  const submission = parseWithZod(await readForm(request), { schema: PublicationForm })
  if (submission.status !== 'success') return data({ error: NOT_FOUND }, { status: 404 })
  const outcome = await changePublication(context, user, {
    id: submission.value.publicacao,
    intent: submission.value.intent,
  })
  const back = '/agendar-posts'
  switch (outcome.status) {
    case 'not-found':
      return data({ error: NOT_FOUND }, { status: 404 })
    case 'forbidden':
      return data(
        { error: 'Esta publicação é de outra pessoa da equipe: só ela, um gestor ou o dono da conta podem mudá-la.' },
        { status: 403 },
      )
    case 'over-limit':
      return data({ error: outcome.message, upgrade: true }, { status: 403 })
    case 'unknown-intent':
      return data({ error: 'Ação desconhecida.' }, { status: 400 })
    case 'retried':
      return redirectWithToast(back, {
        type: 'success',
        title: 'Publicação na fila de novo',
        description: 'Vamos tentar publicar em instantes.',
      })
    case 'cancelled':
      return redirectWithToast(back, {
        type: 'success',
        title: 'Agendamento cancelado',
        description: 'Nada será publicado.',
      })
  }
}
