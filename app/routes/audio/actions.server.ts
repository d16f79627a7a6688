// The action of /audio: "Escrever texto" (the assistant writes the chosen property's narration),
// "Gerar áudio" (the edited text spoken and kept) and "Excluir" a narration. Another account's
// property or narration is 404.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { dbContext } from '~/context'
import { narrationFormSchema } from '~/domain/narration'
import { fieldErrorsOf, readForm } from '~/utils/form-body.server'
import { askedHomeId, intField, pageNotFound } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { generateNarration, removeNarration, speechVoices, writeNarration } from '~/workflows/audio.server'
import { askedHome } from '~/workflows/chosen-home.server'

const WRITTEN = 'Texto escrito a partir do imóvel. Revise e ajuste antes de gerar o áudio.'

/** What the form keeps when it comes back (the text apart). */
const KeptForm = z.object({
  _intent: z.string().optional(),
  home_id: z.string().optional(),
  voice: z.string().optional(),
  speed: z.string().optional(),
  format: z.string().optional(),
  text: z.string().optional(),
})

const NarrationId = z.object({ narracao: intField.pipe(z.number().positive()) })

export async function audioAction(request: Request, context: Readonly<RouterContextProvider>) {
  const user = requireUser(context, request)
  const formData = await readForm(request)
  const posted = parseWithZod(formData, { schema: KeptForm })
  const form = posted.status === 'success' ? posted.value : {}
  const intent = form._intent ?? 'gerar'
  const kept = {
    homeId: Number(form.home_id) || null,
    voice: form.voice ?? '',
    speed: form.speed ?? '',
    format: form.format ?? '',
  }
  const text = form.text ?? ''
  if (intent === 'excluir') {
    const submission = parseWithZod(formData, { schema: NarrationId })
    if (submission.status !== 'success' || !(await removeNarration(context, user, submission.value.narracao)))
      throw pageNotFound(request)
    return redirectWithToast('/audio', {
      type: 'success',
      title: 'Áudio excluído',
      description: 'O arquivo saiu da sua lista de áudios.',
    })
  }
  if (intent === 'escrever') {
    const home = await askedHome(context.get(dbContext), user.accountId, askedHomeId(request, formData, 'home_id'))
    if (home === 'not-found') throw pageNotFound(request)
    const written = home
      ? await writeNarration(context, user, home, request.signal)
      : { text, error: 'Escolha um imóvel para escrever o texto.' }
    return data({
      formKey: crypto.randomUUID(),
      text: written.text,
      errors: {},
      formError: written.error,
      notice: WRITTEN,
      ...kept,
    })
  }
  const submission = parseWithZod(formData, { schema: narrationFormSchema(speechVoices(context)) })
  if (submission.status !== 'success')
    return data(
      {
        formKey: crypto.randomUUID(),
        text,
        errors: fieldErrorsOf(submission.error),
        formError: 'Confira os campos destacados.',
        ...kept,
      },
      { status: 400 },
    )
  const outcome = await generateNarration(context, user, submission.value, request.signal)
  if (outcome.status === 'not-found') throw pageNotFound(request)
  if (outcome.status === 'failed')
    return data(
      { formKey: crypto.randomUUID(), text, errors: {}, formError: outcome.message, ...kept },
      { status: 502 },
    )
  return redirectWithToast(`/audio?narracao=${outcome.id}#narracao-${outcome.id}`, {
    type: 'success',
    title: 'Áudio pronto',
    description: `Duração: ${outcome.duration}`,
  })
}
