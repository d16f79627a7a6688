// The property form's own kinds of field, built on the shared primitives.
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Checkbox, type ChoiceOption } from '~/components/ui/choice'
import { TextField } from '~/components/ui/conform-fields'
import { Field, Fieldset } from '~/components/ui/field'
import { ColorInput } from '~/components/ui/input'
import { formatMoneyInput, parseMoney } from '~/domain/money'

type Meta = FieldMetadata<unknown>

/** A money box: with JavaScript, what was typed shows the way it will be saved ('1234,5' → '1.234,50'). */
export function MoneyField({ meta, label }: { meta: Meta; label: string }) {
  return (
    <div
      onBlur={(event) => {
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

/** A colour of the property's brand; empty means the account's colour (shown as the start). */
export function ColorField({ meta, label, fallback }: { meta: Meta; label: string; fallback: string }) {
  const initial = typeof meta.initialValue === 'string' && meta.initialValue ? meta.initialValue : fallback
  return (
    <Field htmlFor={meta.id} label={label} errors={meta.errors} errorId={meta.errorId}>
      <ColorInput id={meta.id} name={meta.name} defaultValue={initial} key={meta.key} aria-describedby={meta.errorId} />
    </Field>
  )
}

/** A yes/no field of the form (`social_housing_program`, `theme_override`). */
export function CheckboxField({ meta, label, strong }: { meta: Meta; label: string; strong?: boolean }) {
  const { key, ...props } = getInputProps(meta as FieldMetadata<string>, { type: 'checkbox' })
  return (
    <Checkbox key={key} {...props} labelClassName={strong ? 'font-medium' : undefined}>
      {label}
    </Checkbox>
  )
}

/**
 * Many-of choices as chips (`features`, `amenities`): each a checkbox inside a label at least
 * 44 px tall, so a thumb hits it; ticked chips fill with the brand colour.
 */
export function ChipGroupField({
  meta,
  legend,
  options,
}: {
  meta: Meta
  legend: string
  options: readonly ChoiceOption[]
}) {
  const initial = Array.isArray(meta.initialValue) ? meta.initialValue : [meta.initialValue]
  const checked = new Set(initial.filter((value): value is string => typeof value === 'string'))
  const errors = Object.values(meta.allErrors ?? {}).flat()
  return (
    <Fieldset label={legend} errors={errors} errorId={meta.errorId}>
      <div className="flex flex-wrap gap-2 pt-1">
        {options.map((option) => (
          <label
            key={`${meta.key ?? ''}-${option.value}`}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3.5 text-sm text-slate-800 select-none hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:font-medium has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="checkbox"
              name={meta.name}
              value={option.value}
              defaultChecked={checked.has(option.value)}
              className="size-4 shrink-0 rounded accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </Fieldset>
  )
}
