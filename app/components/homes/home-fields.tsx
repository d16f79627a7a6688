// The property form's own kinds of field, built on the shared primitives.
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Checkbox } from '~/components/ui/choice'
import { TextField } from '~/components/ui/conform-fields'
import { Field } from '~/components/ui/field'
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
