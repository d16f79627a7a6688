// Checkboxes and radio buttons, each inside its own <label> (the whole row is the tap target,
// at least 44 px tall), and the groups of them that share one name.
import type { InputHTMLAttributes, ReactNode } from 'react'
import { cx } from './cx'
import { Fieldset, type FieldFrameProps } from './field'

type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  children: ReactNode
  /** Classes of the <label>. */
  labelClassName?: string
  tone?: 'brand' | 'danger'
  /** 'start' for a choice whose text runs over several lines. */
  align?: 'center' | 'start'
}

const boxClass = (tone: ChoiceProps['tone']) =>
  cx('size-4 shrink-0 border-slate-300', tone === 'danger' ? 'accent-red-700' : 'accent-brand-600')

const rowClass = (align: ChoiceProps['align'], className: string | undefined) =>
  cx('flex min-h-11 gap-2 text-sm text-slate-800', align === 'start' ? 'items-start py-2' : 'items-center', className)

export function Checkbox({ children, labelClassName, tone, align, className, ...props }: ChoiceProps) {
  return (
    <label className={rowClass(align, labelClassName)}>
      <input {...props} type="checkbox" className={cx(boxClass(tone), 'rounded', className)} />
      {children}
    </label>
  )
}

export function Radio({ children, labelClassName, tone, align, className, ...props }: ChoiceProps) {
  return (
    <label className={rowClass(align, labelClassName)}>
      <input {...props} type="radio" className={cx(boxClass(tone), className)} />
      {children}
    </label>
  )
}

export type ChoiceOption = { value: string; label: ReactNode }

const layouts = {
  /** Two columns on a phone, three on wide screens. */
  grid: 'grid grid-cols-2 gap-x-4 lg:grid-cols-3',
  /** Side by side, wrapping. */
  inline: 'flex flex-wrap gap-x-6',
}

/** The choices of one name: a checkbox per option (many may be ticked) or a radio (one). */
export function ChoiceList({
  type,
  name,
  options,
  isChecked,
  layout = 'inline',
  keyPrefix = '',
}: {
  type: 'checkbox' | 'radio'
  name: string
  options: readonly ChoiceOption[]
  isChecked: (value: string) => boolean
  layout?: keyof typeof layouts
  /** Changes when the form resets its inputs, so that the boxes start over. */
  keyPrefix?: string
}) {
  const Choice = type === 'checkbox' ? Checkbox : Radio
  return (
    <div className={layouts[layout]}>
      {options.map((option) => (
        <Choice
          key={`${keyPrefix}-${option.value}`}
          name={name}
          value={option.value}
          defaultChecked={isChecked(option.value)}
        >
          {option.label}
        </Choice>
      ))}
    </div>
  )
}

type GroupProps = FieldFrameProps & {
  name: string
  options: readonly ChoiceOption[]
  isChecked: (value: string) => boolean
  layout?: keyof typeof layouts
  keyPrefix?: string
}

/** Checkboxes sending the same name once per ticked option, under a legend. */
export function CheckboxGroup({ name, options, isChecked, layout = 'grid', keyPrefix, ...frame }: GroupProps) {
  return (
    <Fieldset {...frame}>
      <ChoiceList
        type="checkbox"
        name={name}
        options={options}
        isChecked={isChecked}
        layout={layout}
        keyPrefix={keyPrefix}
      />
    </Fieldset>
  )
}

/** Radio buttons of one name under a legend. */
export function RadioGroup({ name, options, isChecked, layout = 'inline', keyPrefix, ...frame }: GroupProps) {
  return (
    <Fieldset {...frame}>
      <ChoiceList
        type="radio"
        name={name}
        options={options}
        isChecked={isChecked}
        layout={layout}
        keyPrefix={keyPrefix}
      />
    </Fieldset>
  )
}
