// A template's form. Without JavaScript it is a plain multipart POST: the server validates the
// visible fields and, when an answer reveals new fields, shows the form again with them. With
// JavaScript the same evaluator shows and hides fields as the agent types, and masks format.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Form } from 'react-router'
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

export function TemplateForm({
  fields,
  initialValues,
  errors,
  homes,
  homeField,
  formKey,
  action,
  notice,
  formError,
  children,
}: {
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
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(initialValues)
  const [activeTab, setActiveTab] = useState<string | null>(() => tabWithError(fields, errors))
  const [shownKey, setShownKey] = useState(formKey)
  // A new answer from the server (a repeater item added, errors): start from its values, keep
  // the open tab unless an error sits in another one.
  if (shownKey !== formKey) {
    setShownKey(formKey)
    setValues(initialValues)
    setActiveTab(tabWithError(fields, errors) ?? activeTab)
  }
  const hydrated = useHydrated()
  const multipart = fields.some((field) => field.type === 'file' || field.repeater?.fields.some((item) => item.type === 'file'))

  // A field that just became visible posts again: read the form once more so conditions that
  // depend on it (chains) see its value.
  useEffect(() => {
    if (!formRef.current) return
    const next = readForm(formRef.current)
    if (JSON.stringify(next) !== JSON.stringify(values)) setValues(next)
  }, [values])

  const selectedHome = homeField ? homes.find((home) => String(home.id) === String(values[homeField] ?? '')) : undefined
  const visible = visibleFieldPaths(fields, values)

  return (
    <Form
      key={formKey}
      ref={formRef}
      method="post"
      action={action}
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
      <input type="hidden" name="_visible" value={visible.join(',')} />
      {/* Enter in a text box submits with the first button: make it "generate", not a repeater's. */}
      <button type="submit" name="_intent" value="generate" tabIndex={-1} aria-hidden="true" className="sr-only">
        Gerar post
      </button>
      {formError ? (
        <div id="erro-do-formulario" role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </div>
      ) : null}
      {notice ? (
        <div role="status" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          {notice}
        </div>
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
        {children}
        {hydrated ? null : (
          <button
            type="submit"
            name="_intent"
            value="refresh"
            formNoValidate
            className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Atualizar campos
          </button>
        )}
      </div>
    </Form>
  )
}
