// Without a Google Maps key the agent types the nearby places posts mention: name, kind and
// distance (ADR 154). Plain inputs: works without JavaScript.
import type { FieldMetadata } from '@conform-to/react'
import { FieldErrors, Label } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { MANUAL_PLACES } from '~/domain/home-schema'
import { MANUAL_PLACE_KINDS } from '~/domain/nearby'

type Row = { name?: string; kind?: string; distance?: string }

export function ManualPlaces({ meta }: { meta: FieldMetadata<unknown> }) {
  const initial = (Array.isArray(meta.initialValue) ? meta.initialValue : []) as Row[]
  const list = (meta as FieldMetadata<Row[]>).getFieldList()
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Lugares próximos</legend>
      <p className="text-sm text-slate-500">
        Sem Google Maps configurado: digite até {MANUAL_PLACES} lugares para citar nos posts.
      </p>
      {Array.from({ length: MANUAL_PLACES }, (_, index) => {
        const row = initial[index] ?? {}
        const name = `${meta.name}[${index}]`
        const id = `nearby-manual-${index}`
        const errors = list[index]?.getFieldset().distance.errors
        return (
          <div key={index} className="grid gap-2 sm:grid-cols-6">
            <div className="sm:col-span-3">
              <Label htmlFor={`${id}-name`}>{`Lugar ${index + 1}`}</Label>
              <Input
                id={`${id}-name`}
                name={`${name}.name`}
                defaultValue={row.name ?? ''}
                maxLength={120}
                placeholder="Ex.: Metrô Fradique Coutinho"
              />
            </div>
            <div className="sm:col-span-2">
              <Label htmlFor={`${id}-kind`}>{`Tipo do lugar ${index + 1}`}</Label>
              <Select id={`${id}-kind`} name={`${name}.kind`} defaultValue={row.kind ?? ''}>
                <option value="">Outro</option>
                {MANUAL_PLACE_KINDS.map((kind) => (
                  <option key={kind.value} value={kind.value}>
                    {kind.label}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <Label htmlFor={`${id}-distance`}>{`Distância ${index + 1} (m)`}</Label>
              <Input
                id={`${id}-distance`}
                name={`${name}.distance`}
                defaultValue={row.distance ?? ''}
                inputMode="numeric"
                invalid={Boolean(errors?.length)}
              />
              <FieldErrors errors={errors} />
            </div>
          </div>
        )
      })}
    </fieldset>
  )
}
