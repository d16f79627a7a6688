// /agendar-posts/editar-legenda and /editar-imagem: the publication being edited (the user's,
// not gone out yet; 404 otherwise) and the readers of both forms.
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser, postImagesContext, jobsContext } from '~/context'
import {
  ALT_TEXT_MAX,
  FIT_OPTIONS,
  RATIO_OPTIONS,
  normalizeCaption,
  type ImageFit,
  type PublishRatio,
} from '~/domain/scheduling'
import { getPublication, type PublicationEdit } from '~/models/scheduled-publications.server'
import { redirectWithToast } from '~/utils/toast.server'
import { idParam, pageNotFound } from '~/utils/params'
import { editScheduled, postPreview } from '~/workflows/scheduling.server'

type Context = Readonly<RouterContextProvider>

export async function editablePublication(context: Context, request: Request, user: SessionUser) {
  const id = idParam.safeParse(new URL(request.url).searchParams.get('publicacao') ?? '')
  const row = id.success ? await getPublication(context.get(dbContext), user.accountId, id.data) : null
  if (!row || (row.status !== 'scheduled' && row.status !== 'failed')) throw pageNotFound(request)
  const post = await postPreview(context.get(dbContext), user.accountId, row.post_id)
  if (!post) throw pageNotFound(request)
  return {
    id: row.id,
    post,
    publishAt: row.publish_at.toISOString(),
    caption: row.caption,
    slides: row.slides,
    ratio: row.ratio,
    fit: row.fit,
    altText: row.alt_text,
  }
}

async function save(
  context: Context,
  request: Request,
  user: SessionUser,
  edit: PublicationEdit,
  values: Record<string, unknown>,
) {
  const { id } = await editablePublication(context, request, user)
  const deps = {
    db: context.get(dbContext),
    postImages: context.get(postImagesContext),
    jobs: context.get(jobsContext),
  }
  const outcome = await editScheduled(deps, user.accountId, id, edit)
  if (outcome.status === 'not-found') throw pageNotFound(request)
  if (outcome.status === 'invalid')
    return data({ errors: outcome.errors as Record<string, string[]>, values }, { status: 400 })
  return redirectWithToast(`/agendar-posts#publicacao-${id}`, {
    type: 'success',
    title: 'Alterações salvas',
    description: 'O agendamento usa a nova versão.',
  })
}

export async function captionAction(context: Context, request: Request, user: SessionUser) {
  const caption = normalizeCaption(String((await request.formData()).get('caption') ?? ''))
  return save(context, request, user, { caption }, { caption })
}

/** The chosen items in the chosen order: checked ones, sorted by their "Ordem" numbers. */
export function readSlides(form: FormData): number[] {
  const chosen = form
    .getAll('incluir')
    .map((value) => Number(value))
    .filter((value) => Number.isInteger(value) && value >= 0 && value < 50)
  const order = (i: number) => {
    const n = Number(form.get(`ordem-${i}`))
    return Number.isFinite(n) ? n : 99
  }
  return [...new Set(chosen)].sort((a, b) => order(a) - order(b) || a - b)
}

export async function imageAction(context: Context, request: Request, user: SessionUser) {
  const form = await request.formData()
  const slides = readSlides(form)
  const ratioValue = String(form.get('ratio'))
  const fitValue = String(form.get('fit'))
  const ratio = (RATIO_OPTIONS.find((o) => o.value === ratioValue)?.value ?? 'original') as PublishRatio
  const fit = (FIT_OPTIONS.find((o) => o.value === fitValue)?.value ?? 'cover') as ImageFit
  const altText = String(form.get('alt_text') ?? '').slice(0, ALT_TEXT_MAX * 2)
  const values = { slides, ratio, fit, altText }
  if (slides.length === 0)
    return data({ errors: { slides: ['Escolha ao menos uma imagem.'] }, values }, { status: 400 })
  return save(context, request, user, { slides, ratio, fit, alt_text: altText }, values)
}
