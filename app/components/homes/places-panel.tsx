// The Google Maps part of the property's address (only when a Maps key is configured): search
// the place, pick one of the results, and tick nearby places to mention in posts. Every button
// posts the form (formNoValidate): the server answers with the form refilled, scrolled back to
// the address ("#endereco-title").
import type { NearbyPlace } from '~/domain/home'
import { Button } from '~/components/ui/button'
import { Checkbox, Radio } from '~/components/ui/choice'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { nearbyPlaceLabel } from '~/domain/home'

export type PlaceCandidateView = {
  id: string
  name: string
  address: string
  location: { latitude: number; longitude: number }
}

export function PlacesPanel({
  candidates,
  nearbyOptions,
  pickedNearby,
}: {
  candidates: PlaceCandidateView[]
  nearbyOptions: NearbyPlace[]
  pickedNearby: Set<string>
}) {
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <PlaceSearch />
      {candidates.length ? <PlaceCandidates candidates={candidates} /> : null}
      <NearbyPlaces options={nearbyOptions} picked={pickedNearby} />
    </div>
  )
}

function PlaceSearch() {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Field htmlFor="place_query" label="Buscar o local no Google Maps" className="min-w-64 flex-1">
        <Input id="place_query" name="place_query" placeholder="Rua, número, cidade ou nome do condomínio" />
      </Field>
      <Button
        variant="secondary"
        size="sm"
        name="intent"
        value="place-search"
        formNoValidate
        formAction="#endereco-title"
      >
        Buscar no mapa
      </Button>
    </div>
  )
}

function PlaceCandidates({ candidates }: { candidates: PlaceCandidateView[] }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Locais encontrados</legend>
      <div className="mt-1">
        {candidates.map((place, i) => (
          <Radio
            key={place.id}
            name="place_choice"
            value={JSON.stringify(place)}
            defaultChecked={i === 0}
            align="start"
            className="mt-0.5"
          >
            <span>
              <span className="font-medium">{place.name}</span>
              <span className="block text-slate-600">{place.address}</span>
            </span>
          </Radio>
        ))}
      </div>
      <Button
        variant="secondary"
        size="sm"
        name="intent"
        value="place-pick"
        formNoValidate
        formAction="#endereco-title"
        className="mt-3"
      >
        Usar este local
      </Button>
    </fieldset>
  )
}

function NearbyPlaces({ options, picked }: { options: NearbyPlace[]; picked: Set<string> }) {
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-800">Lugares próximos</span>
        <Button variant="secondary" size="sm" name="intent" value="nearby" formNoValidate formAction="#endereco-title">
          Buscar lugares próximos
        </Button>
      </div>
      {options.length ? (
        <ul className="mt-2 grid gap-x-2 sm:grid-cols-2">
          {options.map((place) => (
            <li key={place.id}>
              <input type="hidden" name="nearby_options" value={JSON.stringify(place)} />
              <Checkbox name="nearby_places" value={JSON.stringify(place)} defaultChecked={picked.has(place.id)}>
                {place.name}
                <span className="text-xs text-slate-500">{nearbyPlaceLabel(place)}</span>
              </Checkbox>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">
          Escolas, mercados, transporte e parques perto do imóvel, para citar nos posts.
        </p>
      )}
    </div>
  )
}
