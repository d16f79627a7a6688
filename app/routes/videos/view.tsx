// /videos/:id — a property video: while it is made, "Montando o vídeo… 40 %" refreshing itself
// (a meta refresh without JavaScript); a failure in pt-BR with "Tentar de novo"; when ready, the
// player with its cover, "Baixar vídeo", "Compartilhar", "Copiar legenda" and "Agendar" as a Reel.
import { Form, Link, data } from 'react-router'
import type { Route } from './+types/view'
import { AutoRefresh } from '~/components/ui/auto-refresh'
import { SubmitButton } from '~/components/ui/button'
import { VideoResult } from '~/components/video/video-result'
import { ownVideoOr404, retryVideo, videoPageData } from '~/workflows/videos.server'
import { scheduleReelAction } from '~/workflows/video-reels.server'
import { idParam, parseParams } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Vídeo do imóvel', matches)

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  return videoPageData(context, await ownVideoOr404(context, request, user, id))
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const formData = await request.formData()
  if (formData.get('_intent') === 'agendar') {
    const outcome = await scheduleReelAction(context, request, user, id, formData)
    if (outcome.status === 'invalid') return data({ errors: outcome.errors, values: outcome.values }, { status: 400 })
    return redirectWithToast(`/videos/${id}`, {
      type: 'success',
      title: 'Reel agendado',
      description: 'Ele será publicado no horário escolhido.',
    })
  }
  await retryVideo(context, request, user, id)
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
          <Form method="post" className="mt-3">
            <input type="hidden" name="_intent" value="tentar" />
            <SubmitButton pendingText="Enviando…">Tentar de novo</SubmitButton>
          </Form>
        </div>
      ) : null}
      {video.status === 'ready' ? (
        <VideoResult video={video} errors={actionData?.errors ?? {}} values={actionData?.values ?? null} />
      ) : null}
    </div>
  )
}
