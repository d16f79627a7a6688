// /audio — narration of a property for Reels and Stories: the text from the assistant (editable),
// a voice, MP3 or OGG; the file is kept, played here and downloaded. Offline the speech engine is
// eSpeak NG's Brazilian Portuguese voice; with AI_TTS_MODEL, an OpenAI-compatible speech API.
import { data, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { NarrationForm } from '~/components/audio/narration-form'
import { NarrationList } from '~/components/audio/narration-list'
import { audioPageData, generateNarration, removeNarration, writeNarration } from '~/workflows/audio.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Áudio', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  return audioPageData(context, request, requireUser(context, request))
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const formData = await request.formData()
  const intent = String(formData.get('_intent') ?? 'gerar')
  const kept = {
    homeId: Number(formData.get('home_id')) || null,
    voice: String(formData.get('voice') ?? ''),
    speed: String(formData.get('speed') ?? ''),
    format: String(formData.get('format') ?? ''),
  }
  if (intent === 'excluir') {
    await removeNarration(context, request, user, formData)
    return redirectWithToast('/audio', {
      type: 'success',
      title: 'Áudio excluído',
      description: 'O arquivo saiu da sua lista de áudios.',
    })
  }
  if (intent === 'escrever') {
    const written = await writeNarration(context, request, user, formData)
    return data({
      formKey: crypto.randomUUID(),
      text: written.text,
      errors: {},
      formError: written.error,
      notice: WRITTEN,
      ...kept,
    })
  }
  const outcome = await generateNarration(context, request, user, formData)
  const text = String(formData.get('text') ?? '')
  if (outcome.status === 'invalid')
    return data(
      {
        formKey: crypto.randomUUID(),
        text,
        errors: outcome.errors,
        formError: 'Confira os campos destacados.',
        ...kept,
      },
      { status: 400 },
    )
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

const WRITTEN = 'Texto escrito a partir do imóvel. Revise e ajuste antes de gerar o áudio.'

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
