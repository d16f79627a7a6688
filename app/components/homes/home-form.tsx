// The property form, in the order an agent thinks, in four steps on a phone (ADR 180): básico
// (negócio, tipo, valores), fotos (fotos, plantas), detalhes (características, marca), local. It posts natively (multipart) so it works without JavaScript;
// Conform validates inline when JavaScript is on, photos then upload as soon as they are picked,
// and the CEP fills the address as it is typed.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { conformZodMessage, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import type { NearbyPlace, Theme } from '~/domain/home'
import type { HomeRecord as Home } from '~/domain/records'
import { Button } from '~/components/ui/button'
import { FormSection, Notice, type NoticeTone } from '~/components/ui/card'
import { ErrorSummary } from '~/components/ui/error-summary'
import { FormErrors } from '~/components/ui/field'
import { HOME_LIMITS } from '~/domain/home'
import { HomeSchema } from '~/domain/home-schema'
import { z } from '~/domain/validation'
import type { CepAddress } from './cep-lookup'
import {
  AddressSection,
  BrandSection,
  DealSection,
  FeaturesSection,
  KindSection,
  PricesSection,
} from './home-form-sections'
import { HOME_FIELD_LABELS } from './home-field-labels'
import { revealFirstInvalid, StepFooter, StepNav, StepPanel, useFormStep } from './home-form-steps'
import { formDefaults } from './home-form-values'
import { MediaEditor, type MediaRow } from './media-editor'
import type { PlaceCandidateView } from './places-panel'
import { useUploads } from './upload-queue'

export type { PlaceCandidateView }

export type HomeFormView = {
  result: SubmissionResult<string[]> | null
  media: { gallery: MediaRow[]; floor_plans: MediaRow[] }
  logo: string | null
  notice: { tone: 'info' | 'success' | 'error'; text: string } | null
  placeCandidates: PlaceCandidateView[]
  nearbyOptions: NearbyPlace[]
}

type HomeFormProps = {
  home: Home | null
  view: HomeFormView | undefined
  placesEnabled: boolean
  accountTheme: Theme
  submitLabel: string
  /** A new property's description to start from (text shared to the app). */
  description?: string
}

const SkipValidation = z.any().superRefine((_, ctx) => {
  ctx.addIssue({ code: 'custom', message: conformZodMessage.VALIDATION_UNDEFINED })
})

/** Conform on the property form: the helper buttons (CEP, places) post without validating. */
function useHomeForm(home: Home | null, view: HomeFormView | undefined, description?: string) {
  return useForm<z.input<typeof HomeSchema>>({
    id: home ? `home-${home.id}` : 'home-new',
    lastResult: view?.result ?? undefined,
    defaultValue: description ? { ...formDefaults(home), description } : formDefaults(home),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate({ formData, submitter }) {
      const helper = submitter instanceof HTMLButtonElement && submitter.name === 'intent' && submitter.value !== 'save'
      return parseWithZod(formData, { schema: helper ? SkipValidation : HomeSchema })
    },
  })
}

/** True from a valid submit until the page is shown again (back button included). */
function useSubmitted() {
  const [submitting, setSubmitting] = useState(false)
  useEffect(() => {
    const reset = () => setSubmitting(false)
    window.addEventListener('pageshow', reset)
    return () => window.removeEventListener('pageshow', reset)
  }, [])
  return [submitting, setSubmitting] as const
}

export function HomeForm({ home, view, placesEnabled, accountTheme, submitLabel, description }: HomeFormProps) {
  const [form, fields] = useHomeForm(home, view, description)
  const [submitting, setSubmitting] = useSubmitted()
  const { waiting } = useUploads()
  const [step, go] = useFormStep(view?.result?.error)
  const fill = (address: CepAddress) => {
    for (const name of ['street', 'neighborhood', 'city', 'state'] as const) form.update({ name, value: address[name] })
  }
  const places = placesEnabled
    ? {
        candidates: view?.placeCandidates ?? [],
        nearbyOptions: view?.nearbyOptions.length ? view.nearbyOptions : (home?.nearby_places ?? []),
      }
    : null
  const formProps = getFormProps(form)
  // The page's own URL without its fragment: after "Buscar CEP" (posted to #busca-cep) the
  // other buttons must not land at the CEP again.
  const location = useLocation()

  return (
    <form
      method="post"
      action={location.pathname + location.search}
      encType="multipart/form-data"
      {...formProps}
      noValidate
      onSubmit={(event) => {
        formProps.onSubmit(event)
        if (!event.defaultPrevented) setSubmitting(true)
        // Only a refused save opens the step of the first complaint. Conform's check of a field
        // the agent just left is a submit too (its "__intent__" button): moving focus then pulled
        // the agent back from the field they had tapped next, and their typing went nowhere.
        else if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') !== '__intent__')
          revealFirstInvalid(event.currentTarget, go)
      }}
      className="space-y-6"
    >
      <FormNotices formId={form.id} view={view} formErrors={form.errors} />
      <StepNav current={step} go={go} />
      <StepPanel step="basico" current={step}>
        <DealSection fields={fields} />
        <KindSection fields={fields} />
        <PricesSection fields={fields} />
      </StepPanel>
      <StepPanel step="fotos" current={step}>
        <MediaSections home={home} view={view} fields={fields} />
      </StepPanel>
      <StepPanel step="detalhes" current={step}>
        <FeaturesSection fields={fields} />
        <BrandSection
          fields={fields}
          logo={view ? view.logo : (home?.theme?.logo ?? null)}
          accountTheme={accountTheme}
        />
      </StepPanel>
      <StepPanel step="local" current={step}>
        <AddressSection fields={fields} formId={form.id} fill={fill} places={places} />
      </StepPanel>
      <StepFooter current={step} go={go} />
      <div className="sticky bottom-0 -mx-4 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button
          name="intent"
          value="save"
          disabled={submitting}
          pending={submitting || waiting}
          pendingText={waiting ? 'Aguardando as fotos…' : 'Salvando…'}
        >
          {submitLabel}
        </Button>
        <span className="text-xs text-slate-500">* obrigatório</span>
      </div>
    </form>
  )
}

const noticeTone: Record<NonNullable<HomeFormView['notice']>['tone'], NoticeTone> = {
  info: 'info',
  success: 'success',
  error: 'error',
}

/** What the server said (a helper button's result), and the form's own errors. */
function FormNotices({
  formId,
  view,
  formErrors,
}: {
  formId: string
  view: HomeFormView | undefined
  formErrors: string[] | undefined
}) {
  return (
    <>
      {view?.notice ? (
        <Notice role="status" tone={noticeTone[view.notice.tone]}>
          {view.notice.text}
        </Notice>
      ) : null}
      {formErrors?.length ? <FormErrors errors={formErrors} className="" /> : null}
      {view?.result?.error ? (
        <ErrorSummary formId={formId} errors={view.result.error} labels={HOME_FIELD_LABELS} />
      ) : null}
    </>
  )
}

function MediaSections({
  home,
  view,
  fields,
}: {
  home: Home | null
  view: HomeFormView | undefined
  fields: ReturnType<typeof useHomeForm>[1]
}) {
  return (
    <>
      <FormSection
        id="fotos"
        title="Fotos"
        intro="Marque como destaque a foto de capa. A primeira foto é a capa quando nenhuma é destaque."
      >
        <MediaEditor
          field="gallery"
          filesName="gallery_files"
          kind="photos"
          title="Fotos do imóvel"
          addLabel="Adicionar fotos"
          rows={view?.media.gallery ?? home?.gallery ?? []}
          errors={fields.gallery.errors}
          max={HOME_LIMITS.maxPhotos}
        />
      </FormSection>
      <FormSection id="plantas" title="Plantas">
        <MediaEditor
          field="floor_plans"
          filesName="floor_plans_files"
          kind="plans"
          title="Plantas do imóvel"
          addLabel="Adicionar plantas"
          rows={view?.media.floor_plans ?? home?.floor_plans ?? []}
          errors={fields.floor_plans.errors}
          max={HOME_LIMITS.maxFloorPlans}
        />
      </FormSection>
    </>
  )
}
