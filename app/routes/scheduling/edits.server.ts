// The two edit forms of a scheduled publication (/agendar-posts/editar-legenda, /editar-imagem):
// the publication named by ?publicacao= (404 when it is not editable), each form's reader and
// answer.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import type { SessionUser } from '~/context'
import {
  ALT_TEXT_MAX,
  FIT_OPTIONS,
  RATIO_OPTIONS,
  normalizeCaption,
  type ImageFit,
  type PublishRatio,
} from '~/domain/scheduling'
import type { PublicationEdit } from '~/models/scheduled-publications.server'
import { forbidden } from '~/utils/session.server'
import { idParam, pageNotFound } from '~/utils/params'
import { redirectWithToast } from '~/utils/toast.server'
import { editablePublication, saveEdit } from '~/workflows/scheduling-edits.server'
import { readForm } from '~/utils/form-body.server'

type Context = Readonly<RouterContextProvider>

function publicationId(request: Request) {
  const id = idParam.safeParse(new URL(request.url).searchParams.get('publicacao') ?? '')
  return id.success ? id.data : null
}

/** The loader of both pages: the publication, or 404. */
export async function editedPublication(context: Context, request: Request, user: SessionUser) {
  const publication = await editablePublication(context, user, publicationId(request))
  if (!publication) throw pageNotFound(request)
  return publication
}

async function save(
  context: Context,
  request: Request,
  user: SessionUser,
  edit: PublicationEdit,
  values: Record<string, unknown>,
) {
  const outcome = await saveEdit(context, user, publicationId(request), edit)
  if (outcome.status === 'not-found') throw pageNotFound(request)
  if (outcome.status === 'forbidden') throw forbidden()
  if (outcome.status === 'invalid') return data({ errors: outcome.errors, values }, { status: 400 })
  return redirectWithToast(`/agendar-posts#publicacao-${outcome.id}`, {
    type: 'success',
    title: 'Alterações salvas',
    description: outcome.revised
      ? 'O post voltou para aprovação: ele só é publicado depois que a nova versão for aprovada.'
      : 'O agendamento usa a nova versão.',
  })
}

const CaptionForm = z.object({ caption: z.string().optional() })

export async function captionAction(context: Context, request: Request, user: SessionUser) {
  const submission = parseWithZod(await readForm(request), { schema: CaptionForm })
  const caption = normalizeCaption(submission.status === 'success' ? (submission.value.caption ?? '') : '')
  return save(context, request, user, { caption }, { caption })
}

/** The image form: the items checked ("incluir"), each one's "Ordem" (`ordem-N`), ratio, fit, alt text. */
const ImageForm = z.looseObject({
  incluir: z.array(z.string()),
  ratio: z.string().optional(),
  fit: z.string().optional(),
  alt_text: z.string().optional(),
})

/** The chosen items in the chosen order: checked ones, sorted by their "Ordem" numbers. */
export function chosenSlides(checked: string[], orderOf: (index: number) => unknown): number[] {
  const chosen = checked
    .map((value) => Number(value))
    .filter((value) => Number.isInteger(value) && value >= 0 && value < 50)
  const order = (i: number) => {
    // A missing "Ordem" counts as 0, a word as last (as the form has always been read).
    const raw = orderOf(i)
    const n = Number((Array.isArray(raw) ? raw[0] : raw) ?? null)
    return Number.isFinite(n) ? n : 99
  }
  return [...new Set(chosen)].sort((a, b) => order(a) - order(b) || a - b)
}

export async function imageAction(context: Context, request: Request, user: SessionUser) {
  const submission = parseWithZod(await readForm(request), { schema: ImageForm })
  const posted = submission.status === 'success' ? submission.value : { incluir: [] }
  const slides = chosenSlides(posted.incluir, (i) => posted[`ordem-${i}`])
  const ratio = (RATIO_OPTIONS.find((o) => o.value === posted.ratio)?.value ?? 'original') as PublishRatio
  const fit = (FIT_OPTIONS.find((o) => o.value === posted.fit)?.value ?? 'cover') as ImageFit
  const altText = (posted.alt_text ?? '').slice(0, ALT_TEXT_MAX * 2)
  const values = { slides, ratio, fit, altText }
  if (slides.length === 0)
    return data({ errors: { slides: ['Escolha ao menos uma imagem.'] }, values }, { status: 400 })
  return save(context, request, user, { slides, ratio, fit, alt_text: altText }, values)
}
