// The controls of fields that hold one value in one element: text of every kind, numbers,
// money, selects, the property picker, a file and a colour.
import { ColorInput, FileInput, Input, PrefixedInput, Select, Textarea } from '~/components/ui/input'
import { Notice } from '~/components/ui/card'
import type { FieldDefinition } from '~/domain/fields/types'
import { text, list, type Common, type ControlProps, type FormHome } from './control-props'

type SingleProps = ControlProps & { common: Common }

const INPUT_TYPES: Record<string, string> = {
  text: 'text',
  email: 'email',
  url: 'url',
  tel: 'tel',
  password: 'password',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
}

/** What every text-like control shares: ids, size, red border, placeholder and mask. */
function sharedOf(field: FieldDefinition, common: Common) {
  return {
    ...common,
    invalid: Boolean(common['aria-invalid']),
    controlSize: field.size === 'small' ? ('sm' as const) : ('md' as const),
    placeholder: field.placeholder,
    'data-mask': field.mask,
  }
}

export function SingleControl(props: SingleProps) {
  const { field, value, common } = props
  const shared = sharedOf(field, common)
  switch (field.type) {
    case 'textarea':
      return (
        <Textarea
          {...shared}
          rows={field.rows ?? (field.size === 'small' ? 2 : 4)}
          maxLength={field.maxLength}
          defaultValue={text(value)}
        />
      )
    case 'select':
    case 'multiselect':
      return <OptionSelect {...props} />
    case 'home':
      return <HomeSelect {...props} homes={props.homes} />
    case 'money':
      return <PrefixedInput {...shared} prefix="R$" type="text" inputMode="decimal" defaultValue={text(value)} />
    case 'number':
      return (
        <Input
          {...shared}
          type="text"
          inputMode="decimal"
          defaultValue={text(value)}
          data-min={field.min}
          data-max={field.max}
        />
      )
    case 'file':
      return <FileControl {...props} />
    case 'color':
      return <ColorInput {...common} defaultValue={text(value) || '#0f766e'} />
    default:
      return (
        <Input
          {...shared}
          type={INPUT_TYPES[field.type as string] ?? 'text'}
          maxLength={field.maxLength}
          inputMode={field.type === 'tel' ? 'tel' : undefined}
          autoComplete={field.type === 'password' ? 'new-password' : undefined}
          defaultValue={field.type === 'password' ? undefined : text(value)}
        />
      )
  }
}

function OptionSelect({ field, value, common }: SingleProps) {
  const options = (field.options ?? []).map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ))
  if (field.type === 'multiselect')
    return (
      <Select
        {...sharedOf(field, common)}
        multiple
        size={Math.min(Math.max(field.options?.length ?? 3, 3), 6)}
        defaultValue={list(value)}
      >
        {options}
      </Select>
    )
  return (
    <Select {...sharedOf(field, common)} defaultValue={text(value)}>
      <option value="">Escolha…</option>
      {options}
    </Select>
  )
}

function HomeSelect({ field, value, common, homes }: SingleProps & { homes: FormHome[] }) {
  if (homes.length === 0)
    return (
      <Notice tone="warning">
        Você ainda não tem imóveis.{' '}
        <a href="/imoveis/novo" className="font-semibold underline">
          Cadastre um imóvel
        </a>{' '}
        para usar este modelo.
      </Notice>
    )
  return (
    <Select {...sharedOf(field, common)} defaultValue={text(value)}>
      <option value="">Escolha o imóvel…</option>
      {homes.map((home) => (
        <option key={home.id} value={String(home.id)}>
          {home.name} — {home.place}
        </option>
      ))}
    </Select>
  )
}

/** A picture to send; the one already sent stays (as a hidden value) unless another is picked. */
function FileControl({ value, common }: SingleProps) {
  const kept = text(value)
  return (
    <div className="flex items-center gap-3">
      {kept ? (
        <>
          <img src={kept} alt="" className="size-14 rounded-lg border border-slate-200 object-cover" />
          <input type="hidden" name={common.name} value={kept} />
        </>
      ) : null}
      <FileInput {...common} accept="image/jpeg,image/png,image/webp,image/gif" />
    </div>
  )
}
