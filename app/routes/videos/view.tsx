// /videos/:id — a property video: while it is made, "Montando o vídeo… 40 %" refreshing itself
// (a meta refresh without JavaScript); a failure in pt-BR with "Tentar de novo"; when ready, the
// player with its cover, "Baixar vídeo", "Compartilhar", "Copiar legenda" and "Agendar" as a Reel.
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/view'
import { AutoRefresh } from '~/components/ui/auto-refresh'
import { SubmitButton } from '~/components/ui/button'
import { VideoResult } from '~/components/video/video-result'
import { ownVideo, removeVideo, retryVideo, videoPageData } from '~/workflows/videos.server'
import { scheduleReel } from '~/workflows/video-reels.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { forbidden, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Vídeo do imóvel', matches)

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const video = await ownVideo(context, user, id)
  if (!video) throw pageNotFound(request)
  return videoPageData(context, user, video)
}

/** The page's three forms ("Excluir vídeo", "Agendar" as a Reel, "Tentar de novo"). */
const VideoForm = z.object({
  _intent: z.string().optional(),
  account_ids: z.array(z.string()).optional(),
  date: z.string().optional(),
  time: z.string().optional(),
  caption: z.string().optional(),
})

/** Another account's video is 404; one the policy keeps this person from changing, 403. */
function allowed<T extends { status: string }>(
  request: Request,
  outcome: T,
): asserts outcome is Exclude<T, { status: 'not-found' | 'forbidden' }> {
  if (outcome.status === 'not-found') throw pageNotFound(request)
  if (outcome.status === 'forbidden') throw forbidden()
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const submission = parseWithZod(await readForm(request), { schema: VideoForm })
  const { _intent: intent, ...reel } = submission.status === 'success' ? submission.value : {}
  if (intent === 'excluir') {
    const outcome = await removeVideo(context, user, id)
    allowed(request, outcome)
    if (outcome.status === 'busy')
      return redirectWithToast(`/videos/${id}`, {
        type: 'error',
        title: 'O vídeo não pode ser excluído agora',
        description: 'O Reel dele está sendo publicado agora. Tente de novo em alguns minutos.',
      })
    return redirectWithToast(`/imoveis/${outcome.homeId}/video`, {
      type: 'success',
      title: 'Vídeo excluído',
      description: 'O arquivo e a capa foram apagados.',
    })
  }
  if (intent === 'agendar') {
    const outcome = await scheduleReel(context, user, id, reel)
    if (outcome.status === 'not-found') throw pageNotFound(request)
    if (outcome.status !== 'scheduled')
      return data(
        { errors: outcome.errors, values: outcome.values },
        { status: outcome.status === 'invalid' ? 400 : 403 },
      )
    const count = outcome.publicationIds.length
    return redirectWithToast(`/videos/${id}`, {
      type: 'success',
      title: 'Reel agendado',
      description:
        count > 1
          ? `${count} publicações, uma por conta, no horário escolhido: elas aparecem em Agendar posts.`
          : 'Ele será publicado no horário escolhido e aparece em Agendar posts.',
    })
  }
  allowed(request, await retryVideo(context, user, id))
  return redirectWithToast(`/videos/${id}`, {
    type: 'success',
    title: 'Vídeo na fila de novo',
    description: 'Esta página mostra o andamento.',
  })
}

export default function VideoPage({ loaderData, actionData }: Route.ComponentProps) {
  const video = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm text-slate-600">
        <Link to={`/imoveis/${video.homeId}/video`} className="underline">
          Vídeo do imóvel
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{`Vídeo ${video.id}`}</h1>
      {video.status === 'queued' || video.status === 'rendering' ? (
        <div className="mt-6" role="status">
          <AutoRefresh seconds={2} everyMs={1500} />
          <p className="text-lg font-semibold text-slate-900">{video.progressLabel}</p>
          <div className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200">
            <div className="h-3 rounded-full bg-brand-600" style={{ width: `${video.progress}%` }} />
          </div>
          <p className="mt-3 text-sm text-slate-600">
            {video.status === 'queued'
              ? 'Na fila: o vídeo começa a ser montado em instantes.'
              : 'Você pode sair desta página: o vídeo continua sendo montado.'}
          </p>
        </div>
      ) : null}
      {video.status === 'failed' ? (
        <div className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4">
          <p role="alert" className="text-sm font-medium text-red-900">
            {video.error ?? 'Não foi possível montar o vídeo.'}
          </p>
          {video.mayEdit ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="_intent" value="tentar" />
              <SubmitButton pendingText="Enviando…">Tentar de novo</SubmitButton>
            </Form>
          ) : null}
        </div>
      ) : null}
      {video.status === 'ready' ? (
        <VideoResult video={video} errors={actionData?.errors ?? {}} values={actionData?.values ?? null} />
      ) : null}
      {video.mayDelete ? (
        <Form method="post" className="mt-8">
          <SubmitButton name="_intent" value="excluir" variant="danger" pendingText="Excluindo…">
            Excluir vídeo
          </SubmitButton>
        </Form>
      ) : null}
    </div>
  )
}
