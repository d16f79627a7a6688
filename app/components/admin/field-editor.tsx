// One list of a template's fields in the admin editor (the form's, or a repeater item's), each
// field in its own fieldset: type, name, label, options, conditions, more settings, and for a
// repeater its item's fields (the same editor, one level down). Every button is a submit that
// names its edit in `_intent`, so the editor works without JavaScript.
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { FieldErrors } from '~/components/ui/field'
import { Select } from '~/components/ui/input'
import { CONDITION_OPERATORS, CONDITION_OPERATOR_LABELS, FIELD_TYPES, type FieldType } from '~/domain/fields/types'
import { FIELD_TYPE_LABELS, OPTION_FIELD_TYPES, type FieldDraft } from '~/domain/template-draft'
import { Choose, TextArea, TextInput, idOf, type Errors } from './editor-inputs'

const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({ value: type, label: `${FIELD_TYPE_LABELS[type]} (${type})` }))
const OPERATOR_OPTIONS = CONDITION_OPERATORS.map((op) => ({
  value: op,
  label: `${CONDITION_OPERATOR_LABELS[op]} (${op})`,
}))
const WIDTH_OPTIONS = [
  { value: 'full', label: 'Linha inteira' },
  { value: 'half', label: 'Metade' },
  { value: 'third', label: 'Um terço' },
]

type ListProps = {
  /** The list's input prefix: 'fields' or 'fields[2].repeater.fields'. */
  list: string
  fields: FieldDraft[]
  errors: Errors
  /** Names a condition may point at: this level's fields, then the form's. */
  outerNames: string[]
  depth: number
}

export function FieldListEditor({ list, fields, errors, outerNames, depth }: ListProps) {
  const names = [...new Set([...fields.map((field) => field.name).filter(Boolean), ...outerNames])]
  return (
    <div className="space-y-4">
      {fields.length === 0 ? <p className="text-sm text-slate-600">Nenhum campo ainda.</p> : null}
      {fields.map((field, index) => (
        <FieldEditor
          key={index}
          list={list}
          index={index}
          count={fields.length}
          field={field}
          errors={errors}
          names={names}
          depth={depth}
        />
      ))}
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">Tipo do novo campo</span>
          <Select name={`_type__${list}`} defaultValue="text" controlSize="sm" className="w-auto">
            {TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </label>
        <Button variant="secondary" size="sm" name="_intent" value={`add-field:${list}`} formNoValidate>
          {depth === 0 ? 'Adicionar campo' : 'Adicionar campo ao item'}
        </Button>
      </div>
    </div>
  )
}

type FieldProps = {
  list: string
  index: number
  count: number
  field: FieldDraft
  errors: Errors
  names: string[]
  depth: number
}

function FieldEditor({ list, index, count, field, errors, names, depth }: FieldProps) {
  const path = `${list}[${index}]`
  const title = depth === 0 ? `Campo ${index + 1}` : `Campo ${index + 1} do item`
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Choose name={`${path}.type`} label="Tipo" defaultValue={field.type} options={TYPE_OPTIONS} errors={errors} />
        <TextInput
          name={`${path}.name`}
          label="Nome (chave)"
          defaultValue={field.name}
          errors={errors}
          required
          hint="Letras, números e _; começa com letra."
        />
        <TextInput name={`${path}.label`} label="Rótulo" defaultValue={field.label} errors={errors} />
        <TextInput name={`${path}.help`} label="Ajuda" defaultValue={field.help} errors={errors} />
        <Choose
          name={`${path}.width`}
          label="Largura"
          defaultValue={field.width}
          options={WIDTH_OPTIONS}
          errors={errors}
        />
        <Checkbox name={`${path}.required`} defaultChecked={field.required}>
          Obrigatório
        </Checkbox>
      </div>
      {OPTION_FIELD_TYPES.includes(field.type) || field.options ? (
        <TextArea
          name={`${path}.options`}
          label="Opções"
          rows={4}
          defaultValue={field.options}
          errors={errors}
          className="mt-3"
          hint="Uma por linha: valor | Rótulo (ou só o rótulo)."
        />
      ) : null}
      <ConditionsEditor path={path} field={field} errors={errors} names={names.filter((name) => name !== field.name)} />
      <MoreSettings path={path} field={field} errors={errors} />
      {field.type === 'repeater' ? (
        <RepeaterEditor path={path} field={field} errors={errors} names={names} depth={depth} />
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          name="_intent"
          value={`up-field:${list}:${index}`}
          disabled={index === 0}
          formNoValidate
          aria-label={`Subir ${title}`}
        >
          Subir
        </Button>
        <Button
          variant="secondary"
          size="sm"
          name="_intent"
          value={`down-field:${list}:${index}`}
          disabled={index === count - 1}
          formNoValidate
          aria-label={`Descer ${title}`}
        >
          Descer
        </Button>
        <Button
          variant="danger-outline"
          size="sm"
          name="_intent"
          value={`remove-field:${list}:${index}`}
          formNoValidate
          aria-label={`Remover ${title}`}
        >
          Remover campo
        </Button>
      </div>
    </fieldset>
  )
}

function ConditionsEditor({
  path,
  field,
  errors,
  names,
}: {
  path: string
  field: FieldDraft
  errors: Errors
  names: string[]
}) {
  return (
    <fieldset className="mt-3 rounded-lg bg-slate-50 p-3">
      <legend className="text-sm font-medium text-slate-800">Mostrar só quando</legend>
      {field.conditions.length === 0 ? <p className="text-xs text-slate-600">Sempre visível.</p> : null}
      {field.conditions.map((condition, at) => {
        const base = `${path}.conditions[${at}]`
        const choices = [...new Set([...(condition.field ? [condition.field] : []), ...names])]
        return (
          <div key={at} className="mt-2 grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
            <Choose
              name={`${base}.field`}
              label={`Condição ${at + 1}: campo`}
              defaultValue={condition.field}
              errors={errors}
              options={[
                { value: '', label: 'Escolha um campo' },
                ...choices.map((name) => ({ value: name, label: name })),
              ]}
            />
            <Choose
              name={`${base}.operator`}
              label="Operador"
              defaultValue={condition.operator}
              errors={errors}
              options={OPERATOR_OPTIONS}
            />
            <TextInput name={`${base}.value`} label="Valor" defaultValue={condition.value} errors={errors} />
            <Button
              variant="secondary"
              size="sm"
              name="_intent"
              value={`remove-condition:${path}:${at}`}
              formNoValidate
              aria-label={`Remover condição ${at + 1}`}
            >
              Remover
            </Button>
          </div>
        )
      })}
      <p className="mt-2 text-xs text-slate-500">
        Em “está entre”, separe os valores por vírgula. Caixa de seleção: true ou false.
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        name="_intent"
        value={`add-condition:${path}`}
        formNoValidate
      >
        Adicionar condição
      </Button>
    </fieldset>
  )
}

function MoreSettings({ path, field, errors }: { path: string; field: FieldDraft; errors: Errors }) {
  const keys = [
    'placeholder',
    'default',
    'mask',
    'icon',
    'switchLabel',
    'size',
    'min',
    'max',
    'step',
    'minLength',
    'maxLength',
    'rows',
  ] as const
  const labels: Record<(typeof keys)[number], string> = {
    placeholder: 'Texto de exemplo',
    default: 'Valor inicial',
    mask: 'Máscara (0 dígito, A letra)',
    icon: 'Ícone',
    switchLabel: 'Texto do interruptor',
    size: 'Tamanho (large ou small)',
    min: 'Mínimo',
    max: 'Máximo',
    step: 'Passo',
    minLength: 'Mínimo de caracteres',
    maxLength: 'Máximo de caracteres',
    rows: 'Linhas (texto longo)',
  }
  const open = keys.some((key) => field[key] !== '' || Object.keys(errors).some((name) => name === `${path}.${key}`))
  return (
    <details className="mt-3" open={open}>
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Mais opções</summary>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {keys.map((key) => (
          <TextInput key={key} name={`${path}.${key}`} label={labels[key]} defaultValue={field[key]} errors={errors} />
        ))}
      </div>
    </details>
  )
}

function RepeaterEditor({
  path,
  field,
  errors,
  names,
  depth,
}: {
  path: string
  field: FieldDraft
  errors: Errors
  names: string[]
  depth: number
}) {
  const base = `${path}.repeater`
  return (
    <fieldset className="mt-3 rounded-lg border border-dashed border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Itens da lista</legend>
      <div className="grid gap-3 sm:grid-cols-4">
        <TextInput
          name={`${base}.itemLabel`}
          label="Nome de cada item"
          defaultValue={field.repeater.itemLabel}
          errors={errors}
        />
        <TextInput
          name={`${base}.addLabel`}
          label="Texto do botão de adicionar"
          defaultValue={field.repeater.addLabel}
          errors={errors}
        />
        <TextInput name={`${base}.min`} label="Mínimo de itens" defaultValue={field.repeater.min} errors={errors} />
        <TextInput name={`${base}.max`} label="Máximo de itens" defaultValue={field.repeater.max} errors={errors} />
      </div>
      <FieldErrors id={idOf(`${base}-erro`)} errors={errors[base] ?? errors[`${base}.fields`]} />
      <div className="mt-3">
        <FieldListEditor
          list={`${base}.fields`}
          fields={field.repeater.fields}
          errors={errors}
          outerNames={names}
          depth={depth + 1}
        />
      </div>
    </fieldset>
  )
}

export const isFieldType = (value: string): value is FieldType => (FIELD_TYPES as readonly string[]).includes(value)
