// The parts of the property form, in the order an agent thinks: negócio, tipo, valores,
// características, endereço, marca (photos and plans are the media editor's).
import { getInputProps, type FieldMetadata, type useForm } from '@conform-to/react'
import type { NearbyPlace, Theme } from '~/domain/home'
import { FormSection } from '~/components/ui/card'
import { RadioGroupField, SelectField, TextareaField, TextField } from '~/components/ui/conform-fields'
import { Checkbox } from '~/components/ui/choice'
import { FieldErrors } from '~/components/ui/field'
import { FileInput } from '~/components/ui/input'
import { ManualPlaces } from './manual-places'
import {
  brazilianStateNames,
  brazilianStates,
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
  optionsOf,
  themeFonts,
} from '~/domain/home'
import type { HomeSchema } from '~/domain/home-schema'
import type { z } from '~/domain/validation'
import { CepRow, type CepAddress } from './cep-lookup'
import { CheckboxField, ChipGroupField, ColorField, MoneyField } from './home-fields'
import { PlacesPanel, type PlaceCandidateView } from './places-panel'

export type HomeFields = ReturnType<typeof useForm<z.input<typeof HomeSchema>>>[1]

export function DealSection({ fields }: { fields: HomeFields }) {
  return (
    <FormSection id="negocio" title="Negócio">
      <RadioGroupField
        meta={fields.status}
        legend="Tipo de negócio"
        required
        options={optionsOf(homeStatuses, homeStatusLabels)}
      />
    </FormSection>
  )
}

export function KindSection({ fields }: { fields: HomeFields }) {
  return (
    <FormSection id="tipo" title="Tipo">
      <TextField
        meta={fields.name}
        label="Nome do imóvel"
        required
        maxLength={160}
        placeholder="Ex.: Apartamento 3 quartos com varanda no Itaim"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          meta={fields.category}
          label="Categoria"
          required
          options={optionsOf(homeCategories, homeCategoryLabels)}
        />
        <SelectField
          meta={fields.type}
          label="Uso"
          empty="Não informado"
          options={optionsOf(homeTypes, homeTypeLabels)}
        />
        <SelectField
          meta={fields.stage}
          label="Estágio"
          empty="Não informado"
          options={optionsOf(homeStages, homeStageLabels)}
        />
        <SelectField
          meta={fields.segment}
          label="Padrão"
          empty="Não informado"
          options={optionsOf(homeSegments, homeSegmentLabels)}
        />
      </div>
      <TextareaField meta={fields.description} label="Descrição" hint="Os destaques que você contaria a um cliente." />
      <CheckboxField meta={fields.social_housing_program} label="Programa habitacional (ex.: Minha Casa, Minha Vida)" />
    </FormSection>
  )
}

export function PricesSection({ fields }: { fields: HomeFields }) {
  const status = fields.status.value ?? fields.status.initialValue
  return (
    <FormSection
      id="valores"
      title="Valores"
      intro="Digite como preferir: 1.234,56 ou 1234,56. Em branco conta como zero."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField meta={fields.price} label={status === 'rent' ? 'Preço de venda (opcional)' : 'Preço de venda'} />
        <MoneyField meta={fields.rental_price} label="Aluguel mensal" />
        <MoneyField meta={fields.condominium_price} label="Condomínio mensal" />
        <MoneyField meta={fields.iptu_price} label="IPTU" />
      </div>
    </FormSection>
  )
}

export function FeaturesSection({ fields }: { fields: HomeFields }) {
  return (
    <FormSection id="caracteristicas" title="Características">
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        <TextField meta={fields.area} label="Área (m²)" inputMode="decimal" />
        <TextField meta={fields.bedrooms} label="Quartos" inputMode="numeric" />
        <TextField meta={fields.suites} label="Suítes" inputMode="numeric" />
        <TextField meta={fields.bathrooms} label="Banheiros" inputMode="numeric" />
        <TextField meta={fields.parking_spaces} label="Vagas" inputMode="numeric" />
      </div>
      <ChipGroupField meta={fields.features} legend="Do imóvel" options={optionsOf(homeFeatures, homeFeatureLabels)} />
      <ChipGroupField
        meta={fields.amenities}
        legend="Do condomínio"
        options={optionsOf(homeAmenities, homeAmenityLabels)}
      />
    </FormSection>
  )
}

const stateOptions = brazilianStates.map((uf) => ({ value: uf, label: `${uf} · ${brazilianStateNames[uf]}` }))

/** The ids of the nearby places the form starts with ticked. */
function pickedNearbyOf(meta: FieldMetadata<unknown>) {
  const initial = Array.isArray(meta.initialValue) ? meta.initialValue : [meta.initialValue]
  return new Set(
    initial
      .filter((v): v is string => typeof v === 'string')
      .map((json) => {
        try {
          return (JSON.parse(json) as NearbyPlace).id
        } catch {
          return ''
        }
      }),
  )
}

export function AddressSection({
  fields,
  formId,
  fill,
  places,
}: {
  fields: HomeFields
  formId: string
  fill: (address: CepAddress) => void
  /** Google Maps search results and nearby places; null without a Maps key. */
  places: { candidates: PlaceCandidateView[]; nearbyOptions: NearbyPlace[] } | null
}) {
  const location = fields.location.getFieldset()
  const { key: placeKey, ...placeId } = getInputProps(fields.place_id, { type: 'hidden' })
  return (
    <FormSection id="endereco" title="Endereço">
      <CepRow meta={fields.zipcode} formId={formId} fill={fill} />
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
          options={stateOptions}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={location.latitude} label="Latitude" inputMode="decimal" placeholder="-23,5505" />
        <TextField meta={location.longitude} label="Longitude" inputMode="decimal" placeholder="-46,6333" />
      </div>
      <input key={placeKey} {...placeId} />
      {places ? (
        <PlacesPanel
          candidates={places.candidates}
          nearbyOptions={places.nearbyOptions}
          pickedNearby={pickedNearbyOf(fields.nearby_places)}
        />
      ) : (
        <>
          <p className="text-sm text-slate-500">
            Sem Google Maps configurado: informe latitude e longitude se quiser o imóvel no mapa.
          </p>
          <ManualPlaces meta={fields.nearby_manual} />
        </>
      )}
    </FormSection>
  )
}

export function BrandSection({
  fields,
  logo,
  accountTheme,
}: {
  fields: HomeFields
  logo: string | null
  accountTheme: Theme
}) {
  const theme = fields.theme.getFieldset()
  return (
    <FormSection id="marca" title="Marca" intro="Sem marca própria, os posts deste imóvel usam a marca da sua conta.">
      <CheckboxField meta={fields.theme_override} label="Usar uma marca própria neste imóvel" strong />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <span className="block text-sm font-medium text-slate-800">Logo</span>
          {logo ? (
            <div className="mt-1 flex items-center gap-3">
              <img src={logo} alt="Logo atual" className="h-12 w-auto rounded border border-slate-200 bg-white p-1" />
              <Checkbox name="theme_logo_remove" tone="danger">
                Remover logo
              </Checkbox>
            </div>
          ) : null}
          <input type="hidden" name={theme.logo.name} value={logo ?? ''} />
          <label htmlFor="theme_logo_file" className="mt-2 mb-1 block text-sm text-slate-700">
            {logo ? 'Trocar logo' : 'Enviar logo'}
          </label>
          <FileInput id="theme_logo_file" name="theme_logo_file" accept="image/png,image/jpeg,image/webp" />
          <FieldErrors id={theme.logo.errorId} errors={theme.logo.errors} />
        </div>
        <SelectField
          meta={theme.font}
          label="Fonte"
          empty={`Da conta${accountTheme.font ? ` (${accountTheme.font})` : ''}`}
          options={themeFonts.map((font) => ({ value: font, label: font }))}
        />
        <ColorField
          meta={theme.primary_color}
          label="Cor principal"
          fallback={accountTheme.primary_color ?? '#0f766e'}
        />
        <ColorField
          meta={theme.secondary_color}
          label="Cor secundária"
          fallback={accountTheme.secondary_color ?? '#f59e0b'}
        />
        <ColorField meta={theme.text_color} label="Cor do texto" fallback={accountTheme.text_color ?? '#ffffff'} />
      </div>
    </FormSection>
  )
}
