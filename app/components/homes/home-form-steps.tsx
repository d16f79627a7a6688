// The property form in steps on a phone (ADR 180): básico → fotos → detalhes → local. Every
// section stays in the one <form> (it still posts as one); on a phone only the current step's
// sections show, on wider screens all of them. The step is in the address (?etapa=fotos):
// without JavaScript the step buttons are submit buttons that post the typed values back
// (intent "step", nothing saved) to the next step's address; with JavaScript they only switch
// the sections shown and rewrite the address.
import { useEffect, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { cx } from '~/components/ui/cx'

export const FORM_STEPS = [
  { id: 'basico', label: 'Básico' },
  { id: 'fotos', label: 'Fotos' },
  { id: 'detalhes', label: 'Detalhes' },
  { id: 'local', label: 'Local' },
] as const

export type FormStep = (typeof FORM_STEPS)[number]['id']

const isStep = (value: string | null): value is FormStep => FORM_STEPS.some((step) => step.id === value)

const LOCAL_FIELDS = /^(zipcode|street|street_number|complement|neighborhood|city|state|location|place_|nearby)/
const PHOTO_FIELDS = /^(gallery|floor_plans)/
const DETAIL_FIELDS = /^(area|bedrooms|suites|bathrooms|parking_spaces|features|amenities|theme)/

/** The step that holds a field (by its form name). */
export function stepOfField(name: string): FormStep {
  if (PHOTO_FIELDS.test(name)) return 'fotos'
  if (LOCAL_FIELDS.test(name)) return 'local'
  if (DETAIL_FIELDS.test(name)) return 'detalhes'
  return 'basico'
}

/** The step to show: the first one with a complaint, else the address's, else the first. */
function startStep(urlStep: string | null, errors: Record<string, unknown> | null | undefined): FormStep {
  const withError = Object.entries(errors ?? {}).find(([, messages]) => Array.isArray(messages) && messages.length)
  if (withError) return stepOfField(withError[0])
  return isStep(urlStep) ? urlStep : 'basico'
}

/** The current step, its setter (which rewrites ?etapa= without a navigation). */
export function useFormStep(errors: Record<string, unknown> | null | undefined) {
  const [params] = useSearchParams()
  const [step, setStep] = useState<FormStep>(() => startStep(params.get('etapa'), errors))
  // A server answer with complaints (no JavaScript round trip or a failed save) opens their step.
  useEffect(() => {
    if (errors && Object.keys(errors).length) setStep(startStep(null, errors))
  }, [errors])
  const go = (next: FormStep) => {
    setStep(next)
    const url = new URL(window.location.href)
    url.searchParams.set('etapa', next)
    window.history.replaceState(window.history.state, '', url)
  }
  return [step, go] as const
}

/** Sends the browser to the step of the first field marked invalid (after a failed save). */
export function revealFirstInvalid(form: HTMLFormElement, go: (step: FormStep) => void) {
  setTimeout(() => {
    const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]')
    const holder = invalid?.closest<HTMLElement>('[data-step]')
    const step = holder?.dataset.step ?? null
    if (!invalid || !isStep(step)) return
    go(step)
    setTimeout(() => invalid.focus(), 0)
  }, 0)
}

/** One step's sections: hidden on a phone unless current, always shown on wider screens. */
export function StepPanel({ step, current, children }: { step: FormStep; current: FormStep; children: ReactNode }) {
  return (
    // A link to a field's message (the error summary, "#…-error") shows its step without JavaScript.
    <div data-step={step} className={cx('space-y-6', step !== current && 'max-sm:hidden max-sm:has-[:target]:block')}>
      {children}
    </div>
  )
}

type StepButtonProps = {
  to: FormStep
  go: (step: FormStep) => void
  className: string
  children: ReactNode
  current?: boolean
}

/** A button to another step: a plain submit without JavaScript (values kept), a switch with it. */
function StepButton({ to, go, className, children, current }: StepButtonProps) {
  return (
    <button
      type="submit"
      name="intent"
      value="step"
      formAction={`?etapa=${to}`}
      formNoValidate
      aria-current={current ? 'step' : undefined}
      className={className}
      onClick={(event) => {
        event.preventDefault()
        go(to)
        event.currentTarget.form?.scrollIntoView({ block: 'start' })
      }}
    >
      {children}
    </button>
  )
}

/** The steps at the top of the form on a phone: where the agent is, and a tap to any step. */
export function StepNav({ current, go }: { current: FormStep; go: (step: FormStep) => void }) {
  const index = FORM_STEPS.findIndex((step) => step.id === current)
  return (
    <nav aria-label="Etapas do cadastro" className="sm:hidden">
      <p className="mb-2 text-sm text-slate-600">
        Etapa {index + 1} de {FORM_STEPS.length}: <strong className="text-slate-900">{FORM_STEPS[index]!.label}</strong>
      </p>
      <ol className="grid grid-cols-4 gap-1.5">
        {FORM_STEPS.map((step, i) => (
          <li key={step.id}>
            <StepButton
              to={step.id}
              go={go}
              current={step.id === current}
              className={cx(
                'flex min-h-11 w-full flex-col items-center justify-center rounded-lg border text-xs font-medium',
                step.id === current
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : i < index
                    ? 'border-brand-600 bg-brand-50 text-brand-900'
                    : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              {step.label}
            </StepButton>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** "Voltar" and "Próximo" under a step (phone only). */
export function StepFooter({ current, go }: { current: FormStep; go: (step: FormStep) => void }) {
  const index = FORM_STEPS.findIndex((step) => step.id === current)
  const previous = FORM_STEPS[index - 1]
  const next = FORM_STEPS[index + 1]
  const secondary =
    'inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800'
  return (
    <div className="flex items-center justify-between gap-3 sm:hidden">
      {previous ? (
        <StepButton to={previous.id} go={go} className={secondary}>
          ← Voltar
        </StepButton>
      ) : (
        <span />
      )}
      {next ? (
        <StepButton to={next.id} go={go} className={cx(secondary, 'border-brand-600 text-brand-700')}>
          Próximo: {next.label} →
        </StepButton>
      ) : null}
    </div>
  )
}
