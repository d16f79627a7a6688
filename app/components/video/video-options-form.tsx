// The options of "Vídeo do imóvel": duration, narration, which photos (all chosen at first). A
// plain form: it works without JavaScript; a refused submission keeps what was chosen.
import { SubmitButton } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { FieldErrors } from '~/components/ui/field'

type Props = {
  photos: { index: number; url: string }[]
  durations: number[]
  defaultDuration: number
  errors: Record<string, string[]>
  values: { duration: string; narration: boolean; photos: number[] } | null
}

export function VideoOptionsForm({ photos, durations, defaultDuration, errors, values }: Props) {
  const duration = values?.duration ?? String(defaultDuration)
  const chosen = new Set(values ? values.photos : photos.map((photo) => photo.index))
  return (
    <div className="space-y-6">
      <div>
        <label htmlFor="duration" className="text-sm font-medium text-slate-800">
          Duração
        </label>
        <select
          id="duration"
          name="duration"
          defaultValue={duration}
          aria-invalid={errors.duration ? true : undefined}
          aria-describedby={errors.duration ? 'duration-error' : undefined}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-sm"
        >
          {durations.map((seconds) => (
            <option key={seconds} value={seconds}>{`${seconds} segundos`}</option>
          ))}
        </select>
        <FieldErrors id="duration-error" errors={errors.duration} />
      </div>
      <Checkbox name="narration" defaultChecked={values ? values.narration : true}>
        Com narração e legendas
      </Checkbox>
      <fieldset aria-describedby={errors.photos ? 'photos-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">Fotos do vídeo, na ordem do imóvel</legend>
        {photos.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            Este imóvel ainda não tem fotos. Adicione fotos para fazer o vídeo.
          </p>
        ) : (
          <ul className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-4">
            {photos.map((photo) => (
              <li key={photo.index}>
                <label className="block cursor-pointer">
                  <img src={photo.url} alt="" loading="lazy" className="aspect-square w-full rounded-lg object-cover" />
                  <span className="mt-1 flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="photos"
                      value={photo.index}
                      defaultChecked={chosen.has(photo.index)}
                      className="size-4 accent-brand-600"
                    />
                    {`Foto ${photo.index + 1}`}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <FieldErrors id="photos-error" errors={errors.photos} />
      </fieldset>
      <SubmitButton pendingText="Enviando…">Gerar vídeo</SubmitButton>
    </div>
  )
}
