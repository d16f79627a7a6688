// The /ambientes form: pick one of the property's photos, then enhance it or redecorate it.
// One plain form, two submit buttons (_intent), so it works without JavaScript.
import { Form } from 'react-router'
import { ROOM_STYLE_LABELS, ROOM_STYLES } from '~/domain/room-styles'

export type PhotoChoice = { url: string; thumb: string; name: string }

type Props = {
  homeId: number
  photos: PhotoChoice[]
  stagingEngine: string
  values: Record<string, string>
  errors: Record<string, string[]>
  busy: string | null
}

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none'

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 accent-brand-600" />
      {label}
    </label>
  )
}

export function PhotoTools({ homeId, photos, stagingEngine, values, errors, busy }: Props) {
  const fresh = Object.keys(values).length === 0
  const chosen = values.photo || photos[0]?.url
  return (
    <Form method="post" className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <input type="hidden" name="home_id" value={homeId} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Foto</legend>
        {errors.photo?.length ? <p className="mt-1 text-sm text-red-700">{errors.photo[0]}</p> : null}
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((photo) => (
            <label key={photo.url} className="cursor-pointer">
              <input
                type="radio"
                name="photo"
                value={photo.url}
                defaultChecked={photo.url === chosen}
                className="peer sr-only"
              />
              <img
                src={photo.thumb}
                alt={photo.name}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg object-cover ring-offset-2 peer-checked:ring-4 peer-checked:ring-brand-500 peer-focus-visible:ring-4 peer-focus-visible:ring-brand-300"
              />
              <span className="mt-1 block truncate text-xs text-slate-600">{photo.name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3 border-t border-slate-200 pt-5">
        <legend className="sr-only">Melhorar foto</legend>
        <h2 className="text-lg font-semibold text-slate-900">Melhorar foto</h2>
        <p className="text-sm text-slate-600">
          Luz, cor e nitidez ajustadas sem mudar o ambiente. A imagem sai do mesmo tamanho.
        </p>
        {errors._ajustes?.length ? <p className="text-sm text-red-700">{errors._ajustes[0]}</p> : null}
        <div className="grid gap-2 sm:grid-cols-3">
          <Check name="auto_level" label="Nível automático" checked={fresh || values.auto_level === 'on'} />
          <Check name="white_balance" label="Balanço de branco" checked={fresh || values.white_balance === 'on'} />
          <Check name="sharpen" label="Nitidez" checked={fresh || values.sharpen === 'on'} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="block">
            <label htmlFor="ambiente-brilho" className="text-sm font-medium text-slate-800">
              Brilho (%)
            </label>
            <input
              id="ambiente-brilho"
              type="number"
              name="brightness"
              min={-30}
              max={40}
              step={5}
              defaultValue={values.brightness ?? '5'}
              className={fieldClass}
            />
            {errors.brightness?.length ? (
              <span className="mt-1 block text-sm text-red-700">{errors.brightness[0]}</span>
            ) : null}
          </div>
          <div className="block">
            <label htmlFor="ambiente-endireitar" className="text-sm font-medium text-slate-800">
              Endireitar (graus)
            </label>
            <input
              id="ambiente-endireitar"
              type="number"
              name="straighten"
              min={-10}
              max={10}
              step={0.5}
              defaultValue={values.straighten ?? '0'}
              className={fieldClass}
            />
            {errors.straighten?.length ? (
              <span className="mt-1 block text-sm text-red-700">{errors.straighten[0]}</span>
            ) : null}
          </div>
        </div>
        <button
          type="submit"
          name="_intent"
          value="melhorar"
          className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          {busy === 'melhorar' ? 'Melhorando…' : 'Melhorar foto'}
        </button>
      </fieldset>

      <fieldset className="space-y-3 border-t border-slate-200 pt-5">
        <legend className="sr-only">Decoração virtual</legend>
        <h2 className="text-lg font-semibold text-slate-900">Decoração virtual</h2>
        <p className="text-sm text-slate-600">
          {stagingEngine === 'offline'
            ? 'Sem um serviço de imagens de IA configurado, fazemos uma simulação do estilo (cores e luz).'
            : 'A inteligência artificial redecora o ambiente no estilo escolhido.'}{' '}
          O resultado recebe a marca “Imagem ilustrativa” e não substitui as fotos do imóvel.
        </p>
        <div className="block">
          <label htmlFor="ambiente-estilo" className="text-sm font-medium text-slate-800">
            Estilo
          </label>
          <select id="ambiente-estilo" name="style" defaultValue={values.style ?? 'moderno'} className={fieldClass}>
            {ROOM_STYLES.map((style) => (
              <option key={style} value={style}>
                {ROOM_STYLE_LABELS[style]}
              </option>
            ))}
          </select>
          {errors.style?.length ? <span className="mt-1 block text-sm text-red-700">{errors.style[0]}</span> : null}
        </div>
        <button
          type="submit"
          name="_intent"
          value="decorar"
          className="rounded-lg border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          {busy === 'decorar' ? 'Decorando…' : 'Decorar ambiente'}
        </button>
      </fieldset>
    </Form>
  )
}
