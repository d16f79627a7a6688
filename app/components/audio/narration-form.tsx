// The /audio form: the property, the editable narration text, voice, speed and format. One
// plain form with two submit buttons (_intent: write the text, or make the audio).
import { Form } from 'react-router'
import {
  AUDIO_FORMAT_LABELS,
  AUDIO_FORMATS,
  NARRATION_LIMITS,
  SPEED_LABELS,
  SPEEDS,
  type Voice,
} from '~/domain/narration'

type Kept = {
  formError?: string | null
  errors?: Record<string, string[]>
  voice?: string
  speed?: string
  format?: string
}

type Props = {
  homes: Array<{ id: number; name: string }>
  homeId: number | null
  voices: readonly Voice[]
  engine: string
  text: string
  /** What the last submission sent back (errors and the choices to keep). */
  kept: Kept | null
  notice: string | null
  busy: string | null
}

const inputClass =
  'mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none'

function Choice({ name, value, label, checked }: { name: string; value: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
      <input type="radio" name={name} value={value} defaultChecked={checked} className="size-4 accent-brand-600" />
      {label}
    </label>
  )
}

function HomePicker({ homes, homeId, busy }: Pick<Props, 'homes' | 'homeId' | 'busy'>) {
  if (homes.length === 0)
    return (
      <p className="text-sm text-slate-600">
        Cadastre um imóvel para o texto ser escrito a partir dele, ou escreva o seu.
      </p>
    )
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="block flex-1">
        <label htmlFor="audio-imovel" className="text-sm font-medium text-slate-800">
          Imóvel
        </label>
        <select
          id="audio-imovel"
          name="home_id"
          defaultValue={homeId ?? undefined}
          className={`${inputClass} border-slate-300`}
        >
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
  )
}

function NarrationText({ text, errors }: { text: string; errors: string[] | undefined }) {
  return (
    <div className="block">
      <label htmlFor="audio-texto" className="text-sm font-medium text-slate-800">
        Texto da narração
      </label>
      <textarea
        id="audio-texto"
        name="text"
        rows={7}
        required
        minLength={NARRATION_LIMITS.minText}
        maxLength={NARRATION_LIMITS.maxText}
        defaultValue={text}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? 'texto-erros' : 'texto-ajuda'}
        className={`${inputClass} ${errors?.length ? 'border-red-500' : 'border-slate-300'}`}
      />
      {errors?.length ? (
        <span id="texto-erros" className="mt-1 block text-sm text-red-700">
          {errors[0]}
        </span>
      ) : (
        <span id="texto-ajuda" className="mt-1 block text-xs text-slate-500">
          Até {NARRATION_LIMITS.maxText} caracteres. Valores como R$ 2.450.000,00 são lidos por extenso.
        </span>
      )}
    </div>
  )
}

function VoiceOptions({ voices, kept }: Pick<Props, 'voices' | 'kept'>) {
  const speed = kept?.speed || 'normal'
  const format = kept?.format || 'mp3'
  return (
    <>
      <div className="block">
        <label htmlFor="audio-voz" className="text-sm font-medium text-slate-800">
          Voz
        </label>
        <select
          id="audio-voz"
          name="voice"
          defaultValue={kept?.voice || voices[0]?.id}
          className={`${inputClass} border-slate-300`}
        >
          {voices.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Velocidade</legend>
          <div className="mt-2 flex gap-4">
            {SPEEDS.map((option) => (
              <Choice
                key={option}
                name="speed"
                value={option}
                label={SPEED_LABELS[option]}
                checked={option === speed}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Formato</legend>
          <div className="mt-2 flex gap-4">
            {AUDIO_FORMATS.map((option) => (
              <Choice
                key={option}
                name="format"
                value={option}
                label={AUDIO_FORMAT_LABELS[option]}
                checked={option === format}
              />
            ))}
          </div>
        </fieldset>
      </div>
    </>
  )
}

export function NarrationForm({ homes, homeId, voices, engine, text, kept, notice, busy }: Props) {
  return (
    <Form method="post" className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {kept?.formError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {kept.formError}
        </p>
      ) : null}
      {notice ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
        >
          {notice}
        </p>
      ) : null}
      <HomePicker homes={homes} homeId={homeId} busy={busy} />
      <NarrationText text={text} errors={kept?.errors?.text} />
      <VoiceOptions voices={voices} kept={kept} />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          name="_intent"
          value="gerar"
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          {busy === 'gerar' ? 'Gerando áudio…' : 'Gerar áudio'}
        </button>
        <span className="text-xs text-slate-500">
          {engine === 'offline'
            ? 'Voz sintetizada no próprio servidor (eSpeak NG, português do Brasil).'
            : 'Voz do serviço de inteligência artificial configurado.'}
        </span>
      </div>
    </Form>
  )
}
