// /imoveis/:id/video — "Vídeo do imóvel": duration, narration on or off, which photos; then the
// video is made by a job and its page (/videos/:id) shows the progress. Another user's id is 404.
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, data } from 'react-router'
import type { Route } from './+types/new'
import { VideoOptionsForm } from '~/components/video/video-options-form'
import { dbContext } from '~/context'
import { homeContent } from '~/domain/post-content'
import { videoOptionsSchema } from '~/domain/video'
import { getHome } from '~/models/homes.server'
import { requestVideo, videoFormData } from '~/workflows/videos.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Vídeo do imóvel', matches)

async function ownHome(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const home = await getHome(context.get(dbContext), user.accountId, id)
  if (!home) throw pageNotFound(request)
  return { user, home }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, home } = await ownHome(request, context, params)
  return videoFormData(context, user, home)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, home } = await ownHome(request, context, params)
  const submission = parseWithZod(await readForm(request), {
    schema: videoOptionsSchema(homeContent(home).photos.length),
  })
  if (submission.status !== 'success') {
    const posted = submission.payload
    const values = {
      duration: typeof posted.duration === 'string' ? posted.duration : '',
      narration: posted.narration === 'on',
      photos: [posted.photos ?? []].flat().map(Number),
    }
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([key, value]) => [key, value ?? []]))
    return data({ errors, values, limit: null }, { status: 400 })
  }
  const outcome = await requestVideo(context, user, home, submission.value)
  if (outcome.status === 'limit') return data({ errors: {}, values: null, limit: outcome.message }, { status: 403 })
  return new Response(null, { status: 303, headers: { Location: `/videos/${outcome.id}` } })
}

export default function NewVideoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { home, photos, durations, defaultDuration, recent } = loaderData
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm text-slate-600">
        <Link to={`/imoveis/${home.id}`} className="underline">
          {home.name}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">Vídeo do imóvel</h1>
      <p className="mt-1 text-slate-600">
        Um Reel vertical (1080×1920) com as fotos em movimento, o preço, os destaques, a narração e as legendas.
      </p>
      {actionData?.limit ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {actionData.limit}{' '}
          <Link to="/plano/contratar" className="font-semibold underline">
            Ver planos
          </Link>
        </p>
      ) : null}
      <Form method="post" className="mt-6">
        <VideoOptionsForm
          photos={photos}
          durations={[...durations]}
          defaultDuration={defaultDuration}
          errors={actionData?.errors ?? {}}
          values={actionData?.values ?? null}
        />
      </Form>
      {recent.length ? (
        <section className="mt-8">
          <h2 className="text-lg font-semibold text-slate-900">Vídeos deste imóvel</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {recent.map((video) => (
              <li key={video.id}>
                <Link to={`/videos/${video.id}`} className="text-brand-700 underline">
                  {`Vídeo ${video.id}`}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
