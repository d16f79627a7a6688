// A template's form. Without JavaScript it is a plain multipart POST: the server validates the
// visible fields and, when an answer reveals new fields, shows the form again with them. With
// JavaScript the same evaluator shows and hides fields as the agent types, and masks format.
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Notice } from '~/components/ui/card'
import { FormErrors } from '~/components/ui/field'
import { visibleFieldPaths } from '~/domain/fields/conditions'
import type { FieldDefinition, FormValues } from '~/domain/fields/types'
import { applyMask, formDataToValues } from '~/domain/fields/values'
import type { FormHome } from './controls'
import { FieldList, tabWithError } from './field-list'

function readForm(form: HTMLFormElement): FormValues {
  const values = formDataToValues(new FormData(form))
  for (const key of Object.keys(values)) if (key.startsWith('_')) delete values[key]
  return values
}

function useHydrated() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/**
 * The values the conditions read, kept in step with the form, and its open tab. A new answer
 * from the server (a repeater item added, errors) starts over from its values and keeps the open
 * tab unless an error sits in another one.
 */
function useFormValues(
  formRef: RefObject<HTMLFormElement | null>,
  {
    fields,
    initialValues,
    errors,
    formKey,
  }: Pick<TemplateFormProps, 'fields' | 'initialValues' | 'errors' | 'formKey'>,
) {
  const [values, setValues] = useState(initialValues)
  const [activeTab, setActiveTab] = useState<string | null>(() => tabWithError(fields, errors))
  const [shownKey, setShownKey] = useState(formKey)
  if (shownKey !== formKey) {
    setShownKey(formKey)
    setValues(initialValues)
    setActiveTab(tabWithError(fields, errors) ?? activeTab)
  }
  // A field that just became visible posts again: read the form once more so conditions that
  // depend on it (chains) see its value.
  useEffect(() => {
    if (!formRef.current) return
    const next = readForm(formRef.current)
    if (JSON.stringify(next) !== JSON.stringify(values)) setValues(next)
  }, [formRef, values])
  return { values, setValues, activeTab, setActiveTab }
}

type TemplateFormProps = {
  fields: FieldDefinition[]
  initialValues: FormValues
  errors: Record<string, string[]>
  homes: FormHome[]
  homeField: string | undefined
  /** Changes when the server answers with new values: the inputs then start over from them. */
  formKey: string
  action?: string
  notice?: string | null
  /** A message, or a message with a link (the plan limit's "Ver planos"). */
  formError?: ReactNode
  /** The submit buttons. */
  children: ReactNode
}

export function TemplateForm(props: TemplateFormProps) {
  const { fields, errors, homes, homeField, formKey, notice, formError } = props
  const formRef = useRef<HTMLFormElement>(null)
  const { values, setValues, activeTab, setActiveTab } = useFormValues(formRef, props)
  const hydrated = useHydrated()
  const multipart = fields.some(
    (field) => field.type === 'file' || field.repeater?.fields.some((item) => item.type === 'file'),
  )
  const selectedHome = homeField ? homes.find((home) => String(home.id) === String(values[homeField] ?? '')) : undefined

  return (
    <Form
      key={formKey}
      ref={formRef}
      method="post"
      action={props.action}
      encType={multipart ? 'multipart/form-data' : undefined}
      noValidate
      aria-describedby={formError ? 'erro-do-formulario' : undefined}
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement
        if (target.dataset?.mask) {
          const masked = applyMask(target.dataset.mask, target.value)
          if (masked !== target.value) target.value = masked
        }
        setValues(readForm(event.currentTarget))
      }}
      onInput={(event) => setValues(readForm(event.currentTarget))}
    >
      <input type="hidden" name="_visible" value={visibleFieldPaths(fields, values).join(',')} />
      {/* Enter in a text box submits with the first button: make it "generate", not a repeater's. */}
      <button type="submit" name="_intent" value="generate" tabIndex={-1} aria-hidden="true" className="sr-only">
        Gerar post
      </button>
      {typeof formError === 'string' ? <FormErrors id="erro-do-formulario" errors={[formError]} /> : null}
      {formError && typeof formError !== 'string' ? (
        <div id="erro-do-formulario" role="alert" className="mb-4">
          {formError}
        </div>
      ) : null}
      {notice ? (
        <Notice role="status" className="mb-4">
          {notice}
        </Notice>
      ) : null}
      <div className="grid grid-cols-6 gap-4">
        <FieldList
          fields={fields}
          values={values}
          errors={errors}
          homes={homes}
          selectedHome={selectedHome}
          hydrated={hydrated}
          activeTab={activeTab}
          onTabChange={setActiveTab}
        />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {props.children}
        {hydrated ? null : (
          <Button variant="secondary" name="_intent" value="refresh" formNoValidate>
            Atualizar campos
          </Button>
        )}
      </div>
    </Form>
  )
}
