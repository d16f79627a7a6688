// /audio — narration of a property for Reels and Stories: the text from the assistant (editable),
// a voice, MP3 or OGG; the file is kept, played here and downloaded. Offline the speech engine is
// eSpeak NG's Brazilian Portuguese voice; with AI_TTS_MODEL, an OpenAI-compatible speech API.
import { useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { NarrationForm } from '~/components/audio/narration-form'
import { NarrationList } from '~/components/audio/narration-list'
import { audioAction } from '~/routes/audio/actions.server'
import { askedHomeId, pageNotFound } from '~/utils/params'
import { audioPageData } from '~/workflows/audio.server'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Áudio', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const query = new URL(request.url).searchParams
  const page = await audioPageData(context, user, askedHomeId(request, query, 'imovel'))
  if (page === 'not-found') throw pageNotFound(request)
  return { ...page, highlight: Number(query.get('narracao')) || null }
}

export const action = ({ request, context }: Route.ActionArgs) => audioAction(request, context)

export default function AudioPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('_intent') ?? '') : null
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Áudio</h1>
      <p className="mt-1 text-slate-600">
        Narração do imóvel para Reels e Stories: revise o texto, escolha a voz e baixe o áudio.
      </p>
      <NarrationForm
        key={actionData?.formKey ?? 'inicial'}
        homes={loaderData.homes}
        homeId={actionData?.homeId ?? loaderData.homeId}
        voices={loaderData.voices}
        engine={loaderData.engine}
        text={actionData?.text ?? loaderData.text}
        kept={actionData ?? null}
        notice={actionData && 'notice' in actionData ? actionData.notice : null}
        busy={busy}
      />
      <NarrationList narrations={loaderData.narrations} highlight={loaderData.highlight} />
    </div>
  )
}
