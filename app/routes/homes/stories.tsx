// /imoveis/:id/stories — "Sequência de Stories": the property told in 3–6 Story frames
// (1080×1920: cover, photos with one line each, price and facts, the agent's WhatsApp), made at
// once from the property; then saved frame by frame or as a zip, and scheduled as Stories.
// Another account's property is 404. Works without JavaScript.
import { Link, data, redirect } from 'react-router'
import type { Route } from './+types/stories'
import { CreateSequenceForm, StoryFrames, StorySequenceActions } from '~/components/stories/story-sequence'
import { PlanLimitNotice } from '~/components/billing/plan-limit'
import { dbContext } from '~/context'
import { postCarouselPath, postImagePath } from '~/domain/public-links'
import { SLIDE_TYPE_LABELS, slideLayout, visibleSlides } from '~/domain/slides'
import { STORY_SEQUENCE_TEMPLATE } from '~/domain/story-sequence'
import { may } from '~/domain/team'
import { getHome } from '~/models/homes.server'
import { latestPostOfHome } from '~/models/posts.server'
import { QuotaExceededError } from '~/workflows/generation.server'
import { createStorySequence } from '~/workflows/story-sequence.server'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Sequência de Stories', matches)

async function ownHome(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const home = await getHome(context.get(dbContext), user.accountId, id)
  if (!home) throw pageNotFound(request)
  return { user, home }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, home } = await ownHome(request, context, params)
  const post = await latestPostOfHome(context.get(dbContext), user.accountId, home.id, STORY_SEQUENCE_TEMPLATE)
  return {
    home: { id: home.id, name: home.name },
    sequence: post
      ? {
          frames: visibleSlides(post.meta.slides).map((slide) => ({
            label: SLIDE_TYPE_LABELS[slideLayout(slide)],
            src: postImagePath(post.public_id, {
              slide: (post.meta.slides ?? []).indexOf(slide),
              format: 'jpeg',
            }),
          })),
          zip: postCarouselPath(post.public_id),
          post: `/posts/${post.public_id}`,
          // A corretor schedules only their own pieces (ADR 236).
          schedule: may(user, 'schedule', post.created_by) ? `/agendar-posts/agendamento?post=${post.id}` : null,
        }
      : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, home } = await ownHome(request, context, params)
  try {
    await createStorySequence(context.get(dbContext), user.accountId, { home, createdBy: user.id })
  } catch (error) {
    if (error instanceof QuotaExceededError) return data({ limit: error.message }, { status: 403 })
    throw error
  }
  return redirect(`/imoveis/${home.id}/stories`, 303)
}

export default function StoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { home, sequence } = loaderData
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <p className="text-sm text-slate-600">
          <Link to={`/imoveis/${home.id}`} className="inline-flex min-h-11 items-center underline">
            {home.name}
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">Sequência de Stories</h1>
        <p className="mt-1 text-slate-600">
          De 3 a 6 Stories (1080×1920) em ordem: a capa, as fotos com uma frase cada, o preço e os detalhes e o seu
          WhatsApp. O texto fica longe das áreas que o Instagram cobre no topo e embaixo.
        </p>
      </div>
      {actionData?.limit ? <PlanLimitNotice message={actionData.limit} /> : null}
      {sequence ? (
        <section aria-labelledby="quadros" className="space-y-4">
          <h2 id="quadros" className="text-lg font-semibold text-slate-900">
            {sequence.frames.length} quadros
          </h2>
          <StoryFrames frames={sequence.frames} />
          <StorySequenceActions zip={sequence.zip} schedule={sequence.schedule} post={sequence.post} />
        </section>
      ) : (
        <p className="text-slate-700">Monte a sequência a partir das fotos e dos dados deste imóvel.</p>
      )}
      <CreateSequenceForm again={!!sequence} />
    </div>
  )
}
