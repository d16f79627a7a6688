// /audio — narration of a property for Reels and Stories: the text from the assistant (editable),
// a voice, MP3 or OGG; the file is kept, played here and downloaded. Offline the speech engine is
// eSpeak NG's Brazilian Portuguese voice; with AI_TTS_MODEL, an OpenAI-compatible speech API.
import { data, Form, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { NarrationList } from '~/components/audio/narration-list'
import { AUDIO_FORMAT_LABELS, AUDIO_FORMATS, NARRATION_LIMITS, SPEED_LABELS, SPEEDS } from '~/domain/narration'
import {
  audioPageData,
  generateNarration,
  removeNarration,
  writeNarration,
} from '~/routes/audio/audio.server'
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
    return redirectWithToast('/audio', { type: 'success', title: 'Áudio excluído' })
  }
  if (intent === 'escrever') {
    const written = await writeNarration(context, request, user, formData)
    return data({ formKey: crypto.randomUUID(), text: written.text, errors: {}, formError: written.error, notice: WRITTEN, ...kept })
  }
  const outcome = await generateNarration(context, request, user, formData)
  const text = String(formData.get('text') ?? '')
  if (outcome.status === 'invalid')
    return data({ formKey: crypto.randomUUID(), text, errors: outcome.errors, formError: 'Confira os campos destacados.', ...kept }, { status: 400 })
  if (outcome.status === 'failed')
    return data({ formKey: crypto.randomUUID(), text, errors: {}, formError: outcome.message, ...kept }, { status: 502 })
  return redirectWithToast(`/audio?narracao=${outcome.id}#narracao-${outcome.id}`, {
    type: 'success',
    title: 'Áudio pronto',
    description: `Duração: ${outcome.duration}`,
  })
}

const WRITTEN = 'Texto escrito a partir do imóvel. Revise e ajuste antes de gerar o áudio.'

const inputClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none'

function Choice({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="radio" name={name} value={value} defaultChecked={checked} className="size-4 accent-brand-600" />
      {label}
    </label>
  )
}

export default function AudioPage({ loaderData, actionData }: Route.ComponentProps) {
  const { homes, homeId, voices, engine, narrations, highlight } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('_intent') ?? '') : null
  const errors: Record<string, string[]> = actionData?.errors ?? {}
  const voice = actionData?.voice || voices[0]?.id
  const speed = actionData?.speed || 'normal'
  const format = actionData?.format || 'mp3'
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Áudio</h1>
      <p className="mt-1 text-slate-600">Narração do imóvel para Reels e Stories: revise o texto, escolha a voz e baixe o áudio.</p>

      <Form method="post" key={actionData?.formKey ?? 'inicial'} className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {actionData?.formError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {actionData.formError}
          </p>
        ) : null}
        {actionData && 'notice' in actionData && actionData.notice ? (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {actionData.notice}
          </p>
        ) : null}
        {homes.length > 0 ? (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="block flex-1">
              <label htmlFor="audio-imovel" className="text-sm font-medium text-slate-800">Imóvel</label>
              <select
            id="audio-imovel" name="home_id" defaultValue={actionData?.homeId ?? homeId ?? undefined} className={`${inputClass} border-slate-300`}>
                {homes.map((home) => (
                  <option key={home.id} value={home.id}>
                    {home.name}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              name="_intent"
              value="escrever"
              formNoValidate
              className="rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
            >
              {busy === 'escrever' ? 'Escrevendo…' : 'Escrever texto'}
            </button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">Cadastre um imóvel para o texto ser escrito a partir dele, ou escreva o seu.</p>
        )}
        <div className="block">
          <label htmlFor="audio-texto" className="text-sm font-medium text-slate-800">Texto da narração</label>
          <textarea
            id="audio-texto"
            name="text"
            rows={7}
            required
            minLength={NARRATION_LIMITS.minText}
            maxLength={NARRATION_LIMITS.maxText}
            defaultValue={actionData?.text ?? loaderData.text}
            aria-invalid={errors.text?.length ? true : undefined}
            aria-describedby={errors.text?.length ? 'texto-erros' : 'texto-ajuda'}
            className={`${inputClass} ${errors.text?.length ? 'border-red-500' : 'border-slate-300'}`}
          />
          {errors.text?.length ? (
            <span id="texto-erros" className="mt-1 block text-sm text-red-700">{errors.text[0]}</span>
          ) : (
            <span id="texto-ajuda" className="mt-1 block text-xs text-slate-500">
              Até {NARRATION_LIMITS.maxText} caracteres. Valores como R$ 2.450.000,00 são lidos por extenso.
            </span>
          )}
        </div>
        <div className="block">
          <label htmlFor="audio-voz" className="text-sm font-medium text-slate-800">Voz</label>
          <select
            id="audio-voz" name="voice" defaultValue={voice} className={`${inputClass} border-slate-300`}>
            {voices.map((option) => (
              <option key={option.id} value={option.id}>{option.label}</option>
            ))}
          </select>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Velocidade</legend>
            <div className="mt-2 flex gap-4">
              {SPEEDS.map((option) => <Choice key={option} name="speed" value={option} label={SPEED_LABELS[option]} checked={option === speed} />)}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Formato</legend>
            <div className="mt-2 flex gap-4">
              {AUDIO_FORMATS.map((option) => <Choice key={option} name="format" value={option} label={AUDIO_FORMAT_LABELS[option]} checked={option === format} />)}
            </div>
          </fieldset>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" name="_intent" value="gerar" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700">
            {busy === 'gerar' ? 'Gerando áudio…' : 'Gerar áudio'}
          </button>
          <span className="text-xs text-slate-500">
            {engine === 'offline' ? 'Voz sintetizada no próprio servidor (eSpeak NG, português do Brasil).' : 'Voz do serviço de inteligência artificial configurado.'}
          </span>
        </div>
      </Form>

      <NarrationList narrations={narrations} highlight={highlight} />
    </div>
  )
}
