// The property form, in the order an agent thinks: negócio, tipo, valores, características,
// endereço, fotos, plantas, marca. It posts natively (multipart) so it works without JavaScript;
// Conform validates inline when JavaScript is on, photos then upload as soon as they are picked,
// and the CEP fills the address as it is typed.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { conformZodMessage, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import type { Home, NearbyPlace, Theme } from '../../../db/schema'
import {
  brazilianStateNames,
  brazilianStates,
  HOME_LIMITS,
  homeAmenities,
  homeAmenityLabels,
  homeCategories,
  homeCategoryLabels,
  homeFeatureLabels,
  homeFeatures,
  homeSegmentLabels,
  homeSegments,
  homeStageLabels,
  homeStages,
  homeStatusLabels,
  homeStatuses,
  homeTypeLabels,
  homeTypes,
  nearbyPlaceLabel,
  optionsOf,
  themeFonts,
} from '~/domain/home'
import { HomeSchema } from '~/domain/home-schema'
import { formatMoneyInput, parseMoney } from '~/domain/money'
import { z } from '~/domain/validation'
import {
  CheckboxGroup,
  Errors,
  inputClass,
  primaryButton,
  secondaryButton,
  Section,
  SelectField,
  TextAreaField,
  TextField,
} from './form-fields'
import { MediaEditor, type MediaRow } from './media-editor'

export type PlaceCandidateView = {
  id: string
  name: string
  address: string
  location: { latitude: number; longitude: number }
}

export type HomeFormView = {
  result: SubmissionResult<string[]> | null
  media: { gallery: MediaRow[]; floor_plans: MediaRow[] }
  logo: string | null
  notice: { tone: 'info' | 'success' | 'error'; text: string } | null
  placeCandidates: PlaceCandidateView[]
  nearbyOptions: NearbyPlace[]
}

const SkipValidation = z.any().superRefine((_, ctx) => {
  ctx.addIssue({ code: 'custom', message: conformZodMessage.VALIDATION_UNDEFINED })
})

const text = (n: number | null | undefined) => (n == null ? '' : String(n).replace('.', ','))

/** The stored property as the form's text values. */
export function formDefaults(home: Home | null) {
  if (!home) return { status: 'sale', category: 'apartment', type: 'residential' } as const
  return {
    status: home.status,
    type: home.type ?? '',
    category: home.category,
    stage: home.stage ?? '',
    segment: home.segment ?? '',
    name: home.name,
    description: home.description ?? '',
    social_housing_program: home.social_housing_program ? 'on' : '',
    price: formatMoneyInput(home.price),
    rental_price: formatMoneyInput(home.rental_price),
    condominium_price: formatMoneyInput(home.condominium_price),
    iptu_price: formatMoneyInput(home.iptu_price),
    area: text(home.area),
    bedrooms: text(home.bedrooms),
    suites: text(home.suites),
    bathrooms: text(home.bathrooms),
    parking_spaces: text(home.parking_spaces),
    features: home.features,
    amenities: home.amenities,
    zipcode: home.zipcode,
    street: home.street ?? '',
    street_number: home.street_number ?? '',
    complement: home.complement ?? '',
    neighborhood: home.neighborhood,
    city: home.city,
    state: home.state,
    place_id: home.place_id ?? '',
    location: home.location
      ? { latitude: String(home.location.latitude), longitude: String(home.location.longitude) }
      : { latitude: '', longitude: '' },
    nearby_places: home.nearby_places.map((place) => JSON.stringify(place)),
    theme_override: home.theme ? 'on' : '',
    theme: {
      logo: home.theme?.logo ?? '',
      primary_color: home.theme?.primary_color ?? '',
      secondary_color: home.theme?.secondary_color ?? '',
      text_color: home.theme?.text_color ?? '',
      font: home.theme?.font ?? '',
    },
  }
}

const noticeTone = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  error: 'border-red-200 bg-red-50 text-red-900',
}

export function HomeForm({
  home,
  view,
  placesEnabled,
  accountTheme,
  submitLabel,
}: {
  home: Home | null
  view: HomeFormView | undefined
  placesEnabled: boolean
  accountTheme: Theme
  submitLabel: string
}) {
  const [form, fields] = useForm<z.input<typeof HomeSchema>>({
    id: home ? `home-${home.id}` : 'home-new',
    lastResult: view?.result ?? undefined,
    defaultValue: formDefaults(home),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData, submitter }) {
      const helper =
        submitter instanceof HTMLButtonElement && submitter.name === 'intent' && submitter.value !== 'save'
      return parseWithZod(formData, { schema: helper ? SkipValidation : HomeSchema })
    },
  })
  const [submitting, setSubmitting] = useState(false)
  const [cepStatus, setCepStatus] = useState<string | null>(null)

  const gallery = view?.media.gallery ?? home?.gallery ?? []
  const floorPlans = view?.media.floor_plans ?? home?.floor_plans ?? []
  const logo = view ? view.logo : (home?.theme?.logo ?? null)
  const nearbyOptions = view?.nearbyOptions.length ? view.nearbyOptions : (home?.nearby_places ?? [])
  const pickedNearby = new Set(
    (Array.isArray(fields.nearby_places.initialValue) ? fields.nearby_places.initialValue : [fields.nearby_places.initialValue])
      .filter((v): v is string => typeof v === 'string')
      .map((json) => {
        try {
          return (JSON.parse(json) as NearbyPlace).id
        } catch {
          return ''
        }
      }),
  )
  const location = fields.location.getFieldset()
  const theme = fields.theme.getFieldset()

  // With JavaScript: a complete CEP fills the address without leaving the field.
  async function lookupCep(value: string) {
    const digits = value.replace(/\D/g, '')
    if (digits.length !== 8) return
    setCepStatus('Buscando endereço…')
    try {
      const response = await fetch(`/imoveis/cep/${digits}`)
      const json = (await response.json()) as {
        address?: { street: string; neighborhood: string; city: string; state: string }
        message?: string
      }
      if (json.address) {
        for (const name of ['street', 'neighborhood', 'city', 'state'] as const)
          form.update({ name, value: json.address[name] })
        setCepStatus('Endereço preenchido pelo CEP.')
      } else setCepStatus(json.message ?? null)
    } catch {
      setCepStatus('Não foi possível consultar o CEP agora. Preencha o endereço.')
    }
  }

  useEffect(() => {
    const reset = () => setSubmitting(false)
    window.addEventListener('pageshow', reset)
    return () => window.removeEventListener('pageshow', reset)
  }, [])

  const status = fields.status.value ?? fields.status.initialValue
  return (
    <form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      onSubmit={(event) => {
        getFormProps(form).onSubmit(event)
        if (!event.defaultPrevented) setSubmitting(true)
      }}
      className="space-y-6"
    >
      {view?.notice ? (
        <div role="status" className={`rounded-lg border p-3 text-sm ${noticeTone[view.notice.tone]}`}>
          {view.notice.text}
        </div>
      ) : null}
      {form.errors?.length ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {form.errors.join(' ')}
        </div>
      ) : null}
      {view?.result?.error && Object.keys(view.result.error).length ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Confira os campos marcados abaixo.
        </div>
      ) : null}

      <Section id="negocio" title="Negócio">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            Tipo de negócio<span className="text-red-700" aria-hidden="true"> *</span>
          </legend>
          <div className="mt-2 flex gap-6">
            {homeStatuses.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={fields.status.name}
                  value={value}
                  defaultChecked={fields.status.initialValue === value}
                  key={`${fields.status.key ?? ''}-${value}`}
                  className="size-4 accent-brand-600"
                />
                {homeStatusLabels[value]}
              </label>
            ))}
          </div>
          <Errors id={fields.status.errorId} errors={fields.status.errors} />
        </fieldset>
      </Section>

      <Section id="tipo" title="Tipo">
        <TextField meta={fields.name} label="Nome do imóvel" required maxLength={160} placeholder="Ex.: Apartamento 3 quartos com varanda no Itaim" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField meta={fields.category} label="Categoria" required options={optionsOf(homeCategories, homeCategoryLabels)} />
          <SelectField meta={fields.type} label="Uso" empty="Não informado" options={optionsOf(homeTypes, homeTypeLabels)} />
          <SelectField meta={fields.stage} label="Estágio" empty="Não informado" options={optionsOf(homeStages, homeStageLabels)} />
          <SelectField meta={fields.segment} label="Padrão" empty="Não informado" options={optionsOf(homeSegments, homeSegmentLabels)} />
        </div>
        <TextAreaField meta={fields.description} label="Descrição" hint="Os destaques que você contaria a um cliente." />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            {...getInputProps(fields.social_housing_program, { type: 'checkbox' })}
            key={fields.social_housing_program.key}
            className="size-4 accent-brand-600"
          />
          Programa habitacional (ex.: Minha Casa, Minha Vida)
        </label>
      </Section>

      <Section id="valores" title="Valores" intro="Digite como preferir: 1.234,56 ou 1234,56. Em branco conta como zero.">
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField meta={fields.price} label={status === 'rent' ? 'Preço de venda (opcional)' : 'Preço de venda'} />
          <MoneyField meta={fields.rental_price} label="Aluguel mensal" />
          <MoneyField meta={fields.condominium_price} label="Condomínio mensal" />
          <MoneyField meta={fields.iptu_price} label="IPTU" />
        </div>
      </Section>

      <Section id="caracteristicas" title="Características">
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <TextField meta={fields.area} label="Área (m²)" inputMode="decimal" />
          <TextField meta={fields.bedrooms} label="Quartos" inputMode="numeric" />
          <TextField meta={fields.suites} label="Suítes" inputMode="numeric" />
          <TextField meta={fields.bathrooms} label="Banheiros" inputMode="numeric" />
          <TextField meta={fields.parking_spaces} label="Vagas" inputMode="numeric" />
        </div>
        <CheckboxGroup meta={fields.features} legend="Do imóvel" options={optionsOf(homeFeatures, homeFeatureLabels)} />
        <CheckboxGroup meta={fields.amenities} legend="Do condomínio" options={optionsOf(homeAmenities, homeAmenityLabels)} />
      </Section>

      <Section id="endereco" title="Endereço">
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-44">
            <TextField
              meta={fields.zipcode}
              label="CEP"
              required
              inputMode="numeric"
              placeholder="00000-000"
              autoComplete="postal-code"
              maxLength={9}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="cep"
            formNoValidate
            className={`${secondaryButton} mb-[2px]`}
            onClick={(event) => {
              // With JavaScript the lookup happens in place; without it the form comes back filled.
              const input = event.currentTarget.form?.elements.namedItem('zipcode')
              if (input instanceof HTMLInputElement) {
                event.preventDefault()
                void lookupCep(input.value)
              }
            }}
          >
            Buscar CEP
          </button>
          <ZipcodeWatcher name={fields.zipcode.name} formId={form.id} onComplete={lookupCep} />
          {cepStatus ? (
            <p role="status" className="mb-2 text-sm text-slate-600">
              {cepStatus}
            </p>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-6">
          <TextField meta={fields.street} label="Rua" className="sm:col-span-4" autoComplete="address-line1" />
          <TextField meta={fields.street_number} label="Número" className="sm:col-span-2" />
          <TextField meta={fields.complement} label="Complemento" className="sm:col-span-3" />
          <TextField meta={fields.neighborhood} label="Bairro" required className="sm:col-span-3" />
          <TextField meta={fields.city} label="Cidade" required className="sm:col-span-4" autoComplete="address-level2" />
          <SelectField
            meta={fields.state}
            label="Estado"
            required
            empty="Escolha"
            className="sm:col-span-2"
            options={brazilianStates.map((uf) => ({ value: uf, label: `${uf} · ${brazilianStateNames[uf]}` }))}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={location.latitude} label="Latitude" inputMode="decimal" placeholder="-23,5505" />
          <TextField meta={location.longitude} label="Longitude" inputMode="decimal" placeholder="-46,6333" />
        </div>
        <input {...getInputProps(fields.place_id, { type: 'hidden' })} key={fields.place_id.key} />
        {placesEnabled ? (
          <PlacesPanel view={view} nearbyOptions={nearbyOptions} pickedNearby={pickedNearby} />
        ) : (
          <p className="text-sm text-slate-500">
            Sem Google Maps configurado: informe latitude e longitude se quiser o imóvel no mapa.
          </p>
        )}
      </Section>

      <Section id="fotos" title="Fotos" intro="Marque como destaque a foto de capa. A primeira foto é a capa quando nenhuma é destaque.">
        <MediaEditor
          field="gallery"
          filesName="gallery_files"
          kind="photos"
          title="Fotos do imóvel"
          addLabel="Adicionar fotos"
          rows={gallery}
          errors={fields.gallery.errors}
          max={HOME_LIMITS.maxPhotos}
        />
      </Section>

      <Section id="plantas" title="Plantas">
        <MediaEditor
          field="floor_plans"
          filesName="floor_plans_files"
          kind="plans"
          title="Plantas do imóvel"
          addLabel="Adicionar plantas"
          rows={floorPlans}
          errors={fields.floor_plans.errors}
          max={HOME_LIMITS.maxFloorPlans}
        />
      </Section>

      <Section id="marca" title="Marca" intro="Sem marca própria, os posts deste imóvel usam a marca da sua conta.">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.theme_override, { type: 'checkbox' })}
            key={fields.theme_override.key}
            className="size-4 accent-brand-600"
          />
          Usar uma marca própria neste imóvel
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <span className="block text-sm font-medium text-slate-800">Logo</span>
            {logo ? (
              <div className="mt-1 flex items-center gap-3">
                <img src={logo} alt="Logo atual" className="h-12 w-auto rounded border border-slate-200 bg-white p-1" />
                <label className="flex items-center gap-1.5 text-sm text-slate-700">
                  <input type="checkbox" name="theme_logo_remove" className="size-4 accent-red-700" />
                  Remover logo
                </label>
              </div>
            ) : null}
            <input type="hidden" name={theme.logo.name} value={logo ?? ''} />
            <label htmlFor="theme_logo_file" className="mt-2 block text-sm text-slate-700">
              {logo ? 'Trocar logo' : 'Enviar logo'}
            </label>
            <input
              id="theme_logo_file"
              type="file"
              name="theme_logo_file"
              accept="image/png,image/jpeg,image/webp"
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
            />
            <Errors id={theme.logo.errorId} errors={theme.logo.errors} />
          </div>
          <SelectField
            meta={theme.font}
            label="Fonte"
            empty={`Da conta${accountTheme.font ? ` (${accountTheme.font})` : ''}`}
            options={themeFonts.map((font) => ({ value: font, label: font }))}
          />
          <ColorField meta={theme.primary_color} label="Cor principal" fallback={accountTheme.primary_color ?? '#0f766e'} />
          <ColorField meta={theme.secondary_color} label="Cor secundária" fallback={accountTheme.secondary_color ?? '#f59e0b'} />
          <ColorField meta={theme.text_color} label="Cor do texto" fallback={accountTheme.text_color ?? '#ffffff'} />
        </div>
      </Section>

      <div className="sticky bottom-0 -mx-4 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <button type="submit" name="intent" value="save" className={primaryButton} disabled={submitting}>
          {submitting ? 'Salvando…' : submitLabel}
        </button>
        <span className="text-xs text-slate-500">* obrigatório</span>
      </div>
    </form>
  )
}

type FieldMeta = Parameters<typeof TextField>[0]['meta']

function MoneyField({ meta, label }: { meta: FieldMeta; label: string }) {
  return (
    <div
      onBlur={(event) => {
        // With JavaScript: show what was typed the way it will be saved ('1234,5' → '1.234,50').
        const input = event.target
        if (!(input instanceof HTMLInputElement) || input.value.trim() === '') return
        const cents = parseMoney(input.value)
        if (cents !== null && cents >= 0) input.value = formatMoneyInput(cents)
      }}
    >
      <TextField meta={meta} label={label} inputMode="decimal" prefix="R$" placeholder="0,00" />
    </div>
  )
}

function ColorField({ meta, label, fallback }: { meta: FieldMeta; label: string; fallback: string }) {
  const initial = typeof meta.initialValue === 'string' && meta.initialValue ? meta.initialValue : fallback
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={meta.id}
        type="color"
        name={meta.name}
        defaultValue={initial}
        key={meta.key}
        aria-describedby={meta.errorId}
        className="mt-1 h-10 w-20 cursor-pointer rounded border border-slate-300 bg-white"
      />
      <Errors id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/** With JavaScript: watches the CEP input and looks it up once it has 8 digits. */
function ZipcodeWatcher({ name, formId, onComplete }: { name: string; formId: string; onComplete: (v: string) => void }) {
  useEffect(() => {
    const input = document.getElementById(formId)?.querySelector<HTMLInputElement>(`input[name="${name}"]`)
    if (!input) return
    let last = input.value.replace(/\D/g, '')
    const handler = () => {
      const digits = input.value.replace(/\D/g, '')
      if (digits.length === 8 && digits !== last) onComplete(input.value)
      last = digits
    }
    input.addEventListener('input', handler)
    return () => input.removeEventListener('input', handler)
  }, [name, formId, onComplete])
  return null
}

function PlacesPanel({
  view,
  nearbyOptions,
  pickedNearby,
}: {
  view: HomeFormView | undefined
  nearbyOptions: NearbyPlace[]
  pickedNearby: Set<string>
}) {
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="place_query" className="block text-sm font-medium text-slate-800">
            Buscar o local no Google Maps
          </label>
          <input
            id="place_query"
            name="place_query"
            placeholder="Rua, número, cidade ou nome do condomínio"
            className={inputClass(false)}
          />
        </div>
        <button type="submit" name="intent" value="place-search" formNoValidate className={secondaryButton}>
          Buscar no mapa
        </button>
      </div>
      {view?.placeCandidates.length ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Locais encontrados</legend>
          <div className="mt-2 space-y-2">
            {view.placeCandidates.map((place, i) => (
              <label key={place.id} className="flex items-start gap-2 text-sm text-slate-800">
                <input type="radio" name="place_choice" value={JSON.stringify(place)} defaultChecked={i === 0} className="mt-1 size-4 accent-brand-600" />
                <span>
                  <span className="font-medium">{place.name}</span>
                  <span className="block text-slate-600">{place.address}</span>
                </span>
              </label>
            ))}
          </div>
          <button type="submit" name="intent" value="place-pick" formNoValidate className={`${secondaryButton} mt-3`}>
            Usar este local
          </button>
        </fieldset>
      ) : null}
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-medium text-slate-800">Lugares próximos</span>
          <button type="submit" name="intent" value="nearby" formNoValidate className={secondaryButton}>
            Buscar lugares próximos
          </button>
        </div>
        {nearbyOptions.length ? (
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {nearbyOptions.map((place) => (
              <li key={place.id}>
                <input type="hidden" name="nearby_options" value={JSON.stringify(place)} />
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="nearby_places"
                    value={JSON.stringify(place)}
                    defaultChecked={pickedNearby.has(place.id)}
                    className="size-4 accent-brand-600"
                  />
                  {place.name}
                  <span className="text-xs text-slate-500">{nearbyPlaceLabel(place)}</span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500">
            Escolas, mercados, transporte e parques perto do imóvel, para citar nos posts.
          </p>
        )}
      </div>
    </div>
  )
}
