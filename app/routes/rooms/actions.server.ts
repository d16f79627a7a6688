// The action of /ambientes: "Melhorar foto" and "Decorar" (one form, two buttons) on a photo of
// the agent's property (another account's is 404), and "Excluir" a made picture.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { dbContext } from '~/context'
import { EnhanceFormSchema, StageFormSchema } from '~/domain/room-styles'
import { fieldErrorsOf, readForm } from '~/utils/form-body.server'
import { askedHomeId, intField, pageNotFound } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { askedHome } from '~/workflows/chosen-home.server'
import { enhance, removeResult, stage } from '~/workflows/rooms.server'

const ResultForm = z.object({ resultado: intField.pipe(z.number().positive()), home_id: z.string().optional() })

export async function ambientesAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context, request)
  const formData = await readForm(request)
  const intent = String(formData.get('_intent') ?? '')
  if (intent === 'excluir') {
    const submission = parseWithZod(formData, { schema: ResultForm })
    if (submission.status !== 'success' || !(await removeResult(context, user, submission.value.resultado)))
      throw pageNotFound(request)
    return redirectWithToast(`/ambientes?imovel=${encodeURIComponent(submission.value.home_id ?? '')}`, {
      type: 'success',
      title: 'Imagem excluída',
      description: 'A foto original do imóvel continua na galeria.',
    })
  }
  // The property first: another account's is 404 whatever else the form says.
  const home = await askedHome(context.get(dbContext), user.accountId, askedHomeId(request, formData, 'home_id'))
  if (!home || home === 'not-found') throw pageNotFound(request)
  const staging = intent === 'decorar'
  const submission = staging
    ? parseWithZod(formData, { schema: StageFormSchema })
    : parseWithZod(formData, { schema: EnhanceFormSchema })
  const values = Object.fromEntries(
    Object.entries(submission.payload).filter(([key, value]) => !key.startsWith('_') && typeof value === 'string'),
  ) as Record<string, string>
  const invalid = (errors: Record<string, string[]>) =>
    data({ formKey: crypto.randomUUID(), values, errors, formError: 'Confira os campos destacados.' }, { status: 400 })
  if (submission.status !== 'success') return invalid(fieldErrorsOf(submission.error))
  const outcome =
    'style' in submission.value
      ? await stage(context, user, { home, ...submission.value }, request.signal)
      : await enhance(context, user, { home, photo: submission.value.photo, options: submission.value })
  if (outcome.status === 'invalid') return invalid(outcome.errors)
  if (outcome.status === 'failed')
    return data({ formKey: crypto.randomUUID(), values, errors: {}, formError: outcome.message }, { status: 502 })
  return redirectWithToast(`/ambientes?imovel=${outcome.homeId}&resultado=${outcome.id}#resultado-${outcome.id}`, {
    type: 'success',
    title: staging ? 'Ambiente decorado' : 'Foto melhorada',
    description: staging ? 'A imagem leva a marca “Imagem ilustrativa”.' : 'Compare o antes e o depois.',
  })
}
