// Renders a template's fields: each one wrapped in a fieldset that is hidden and disabled while
// its conditions do not hold (a disabled fieldset neither posts nor blocks the form), headings,
// tabs and repeaters. Visibility comes from the same evaluator the server uses.
import { useState } from 'react'
import { resolveVisibility, isRecord, type VisibilityScope } from '~/domain/fields/conditions'
import type { FieldDefinition, FieldValue, FormValues } from '~/domain/fields/types'
import { Button } from '~/components/ui/button'
import { FieldErrors, RequiredMark } from '~/components/ui/field'
import { FieldControl, controlId, type FormHome } from './controls'
import { Icon } from './icons'

export type FieldListProps = {
  fields: readonly FieldDefinition[]
  values: FormValues
  errors: Record<string, string[]>
  homes: FormHome[]
  selectedHome: FormHome | undefined
  /** True once React runs in the browser: tabs then show one panel at a time. */
  hydrated: boolean
  /** The open tab of the top level, kept by the form so it survives a re-render from the server. */
  activeTab?: string | null
  onTabChange?: (name: string) => void
  prefix?: string
  parent?: VisibilityScope
}

const WIDTH: Record<string, string> = {
  full: 'col-span-6',
  half: 'col-span-6 sm:col-span-3',
  third: 'col-span-6 sm:col-span-2',
}

type Section = { tab: FieldDefinition | null; fields: FieldDefinition[] }

function sectionsOf(fields: readonly FieldDefinition[]): Section[] {
  const sections: Section[] = [{ tab: null, fields: [] }]
  for (const field of fields) {
    if (field.type === 'tab') sections.push({ tab: field, fields: [] })
    else sections[sections.length - 1]!.fields.push(field)
  }
  return sections.filter((section) => section.tab || section.fields.length)
}

/** The first tab of a form holding a field with an error (after a failed submission). */
export function tabWithError(fields: readonly FieldDefinition[], errors: Record<string, string[]>): string | null {
  let tab: string | null = null
  for (const field of fields) {
    if (field.type === 'tab') tab = field.name
    else if (
      tab &&
      Object.keys(errors).some(
        (key) => key === field.name || key.startsWith(`${field.name}[`) || key.startsWith(`${field.name}.`),
      )
    )
      return tab
  }
  return null
}

export function FieldList(props: FieldListProps) {
  const { fields, values, prefix = '', parent, hydrated } = props
  const scope = resolveVisibility(fields, values, parent)
  const sections = sectionsOf(fields)
  const tabs = sections.filter((section) => section.tab && scope.isVisible(section.tab.name))
  const [localTab, setLocalTab] = useState<string | null>(null)
  const active = props.onTabChange ? (props.activeTab ?? null) : localTab
  const setActive = props.onTabChange ?? setLocalTab
  const current = active && tabs.some((section) => section.tab!.name === active) ? active : (tabs[0]?.tab?.name ?? null)

  return (
    <>
      {tabs.length > 1 ? (
        <nav className="col-span-6 flex flex-wrap gap-1 border-b border-slate-200" aria-label="Partes do formulário">
          {tabs.map(({ tab }) => (
            <a
              key={tab!.name}
              href={`#${controlId(`${prefix}${tab!.name}`)}`}
              aria-current={hydrated && current === tab!.name ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                setActive(tab!.name)
              }}
              className="-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-medium text-slate-600 aria-[current=true]:border-brand-600 aria-[current=true]:text-brand-700"
            >
              {tab!.label ?? tab!.name}
            </a>
          ))}
        </nav>
      ) : null}
      {sections.map((section) => {
        const tabVisible = !section.tab || scope.isVisible(section.tab.name)
        const shownByTab = !hydrated || !section.tab || tabs.length <= 1 || current === section.tab.name
        const body = section.fields.map((field) => (
          <FieldSlot
            key={field.name}
            {...props}
            field={field}
            visible={tabVisible && scope.isVisible(field.name)}
            scope={scope}
            prefix={prefix}
          />
        ))
        if (!section.tab) return body
        return (
          <section
            key={section.tab.name}
            id={controlId(`${prefix}${section.tab.name}`)}
            hidden={!tabVisible || !shownByTab}
            className="col-span-6 grid grid-cols-6 gap-4"
          >
            {!hydrated || tabs.length <= 1 ? (
              <h3 className="col-span-6 text-base font-semibold text-slate-900">{section.tab.label}</h3>
            ) : null}
            {body}
          </section>
        )
      })}
    </>
  )
}

function FieldSlot(
  props: FieldListProps & { field: FieldDefinition; visible: boolean; scope: VisibilityScope; prefix: string },
) {
  const { field, visible, values, scope, prefix } = props
  const name = prefix ? `${prefix}.${field.name}` : field.name
  const width = WIDTH[field.width ?? 'full']
  if (field.type === 'heading')
    return (
      <div hidden={!visible} className="col-span-6 pt-2">
        <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {field.icon ? <Icon name={field.icon} className="size-4 text-slate-500" /> : null}
          {field.label}
        </h3>
        {field.help ? <p className="text-sm text-slate-600">{field.help}</p> : null}
      </div>
    )
  return (
    <fieldset disabled={!visible} hidden={!visible} data-field={name} className={`${width} min-w-0`}>
      {field.type === 'repeater' ? (
        <Repeater {...props} name={name} items={values[field.name]} scope={scope} />
      ) : (
        <FieldControl
          field={field}
          name={name}
          value={values[field.name]}
          errors={props.errors}
          homes={props.homes}
          selectedHome={props.selectedHome}
        />
      )}
    </fieldset>
  )
}

function Repeater(
  props: FieldListProps & { field: FieldDefinition; name: string; items: FieldValue; scope: VisibilityScope },
) {
  const { field, name, errors, scope } = props
  const settings = field.repeater!
  const items = (Array.isArray(props.items) ? props.items : []).map((item) => (isRecord(item) ? item : {}))
  const canAdd = settings.max === undefined || items.length < settings.max
  const canRemove = items.length > (settings.min ?? 0)
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">
        {field.label}
        {field.required ? (
          <>
            {' '}
            <RequiredMark />
          </>
        ) : null}
      </legend>
      <FieldErrors errors={errors[name]} />
      <ol className="mt-2 space-y-4">
        {items.map((item, index) => (
          <li key={index} className="rounded-lg bg-slate-50 p-3">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-sm font-semibold text-slate-700">
                {settings.itemLabel ?? 'Item'} {index + 1}
              </span>
              {canRemove ? (
                <Button variant="link-danger" name="_intent" value={`remove:${name}:${index}`} formNoValidate>
                  Remover {(settings.itemLabel ?? 'item').toLowerCase()} {index + 1}
                </Button>
              ) : null}
            </div>
            <div className="grid grid-cols-6 gap-4">
              <FieldList
                {...props}
                activeTab={undefined}
                onTabChange={undefined}
                fields={settings.fields}
                values={item}
                prefix={`${name}[${index}]`}
                parent={scope}
              />
            </div>
          </li>
        ))}
      </ol>
      {canAdd ? (
        <Button variant="secondary" size="sm" name="_intent" value={`add:${name}`} formNoValidate className="mt-3">
          {settings.addLabel ?? 'Adicionar item'}
        </Button>
      ) : null}
    </fieldset>
  )
}
