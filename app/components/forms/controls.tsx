// One control per field type (spec §3 "Form field"). Plain HTML inputs named by the engine's
// convention (`name`, `items[0].title`, `place.latitude`), uncontrolled, so every one of them
// posts without JavaScript; the errors the server found sit beside each.
import type { ReactNode } from 'react'
import type { FieldDefinition, FieldValue, FormHome } from '~/domain/fields/types'
import { Icon } from './icons'

export type { FormHome }

export type ControlProps = {
  field: FieldDefinition
  /** Full name the value posts under. */
  name: string
  value: FieldValue
  errors: Record<string, string[]>
  homes: FormHome[]
  /** The property chosen in the form's `home` field (for `gallery`). */
  selectedHome: FormHome | undefined
}

export const controlId = (name: string) => `campo-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`

const text = (value: FieldValue): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''

const list = (value: FieldValue): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' && value ? [value] : []

const checked = (value: FieldValue) => value === true || value === 'on' || value === 'true'

export function inputClass(invalid: boolean, size: FieldDefinition['size']) {
  return `mt-1 block w-full rounded-lg border bg-white shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none ${
    size === 'small' ? 'px-2.5 py-1.5 text-sm' : 'px-3 py-2 text-base'
  } ${invalid ? 'border-red-500' : 'border-slate-300'}`
}

export function ErrorList({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

function LabelText({ field, children }: { field: FieldDefinition; children?: ReactNode }) {
  return (
    <span className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
      {field.icon ? <Icon name={field.icon} className="size-4 text-slate-500" /> : null}
      {children ?? field.label ?? field.name}
      {field.required ? (
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      ) : null}
    </span>
  )
}

/** Label, control, help and errors of one field. */
export function FieldControl(props: ControlProps) {
  const { field, name, errors } = props
  const id = controlId(name)
  const own = errors[name]
  const errorId = `${id}-erros`
  const helpId = field.help ? `${id}-ajuda` : undefined
  const describedBy = [own?.length ? errorId : null, helpId].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name,
    'aria-invalid': own?.length ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  }
  const help = field.help ? (
    <p id={helpId} className="mt-1 text-xs text-slate-500">
      {field.help}
    </p>
  ) : null
  if (field.type === 'checkbox' && !field.switchLabel)
    return (
      <div>
        <label className="inline-flex items-center gap-2">
          <input
            {...common}
            type="checkbox"
            defaultChecked={checked(props.value)}
            className="size-4 rounded border-slate-300"
          />
          <LabelText field={field} />
        </label>
        {help}
        <ErrorList id={errorId} errors={own} />
      </div>
    )
  const grouped = ['checkbox-group', 'radio', 'radio-tabs', 'maps', 'gallery', 'checkbox'].includes(field.type)

  if (grouped)
    return (
      <fieldset aria-describedby={describedBy}>
        <legend className="mb-1">
          <LabelText field={field} />
        </legend>
        <GroupControl {...props} common={common} />
        {help}
        <ErrorList id={errorId} errors={own} />
        {field.type === 'maps'
          ? ['latitude', 'longitude'].map((part) => (
              <ErrorList key={part} id={`${errorId}-${part}`} errors={errors[`${name}.${part}`]} />
            ))
          : null}
      </fieldset>
    )

  return (
    <div>
      <label htmlFor={id}>
        <LabelText field={field} />
      </label>
      <SingleControl {...props} common={common} />
      {help}
      <ErrorList id={errorId} errors={own} />
    </div>
  )
}

type Common = {
  id: string
  name: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  'aria-required'?: boolean
}

function SingleControl({ field, value, homes, common }: ControlProps & { common: Common }) {
  const invalid = Boolean(common['aria-invalid'])
  const className = inputClass(invalid, field.size)
  const shared = { ...common, className, placeholder: field.placeholder, 'data-mask': field.mask }
  switch (field.type) {
    case 'textarea':
      return (
        <textarea
          {...shared}
          rows={field.rows ?? (field.size === 'small' ? 2 : 4)}
          maxLength={field.maxLength}
          defaultValue={text(value)}
        />
      )
    case 'select':
      return (
        <select {...shared} defaultValue={text(value)}>
          <option value="">Escolha…</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )
    case 'multiselect':
      return (
        <select
          {...shared}
          multiple
          size={Math.min(Math.max(field.options?.length ?? 3, 3), 6)}
          defaultValue={list(value)}
        >
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )
    case 'home':
      if (homes.length === 0)
        return (
          <p className="mt-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            Você ainda não tem imóveis.{' '}
            <a href="/imoveis/novo" className="font-semibold underline">
              Cadastre um imóvel
            </a>{' '}
            para usar este modelo.
          </p>
        )
      return (
        <select {...shared} defaultValue={text(value)}>
          <option value="">Escolha o imóvel…</option>
          {homes.map((home) => (
            <option key={home.id} value={String(home.id)}>
              {home.name} — {home.place}
            </option>
          ))}
        </select>
      )
    case 'money':
      return (
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden="true">
            R$
          </span>
          <input {...shared} type="text" inputMode="decimal" className={`${className} pl-10`} defaultValue={text(value)} />
        </div>
      )
    case 'number':
      return (
        <input
          {...shared}
          type="text"
          inputMode="decimal"
          defaultValue={text(value)}
          data-min={field.min}
          data-max={field.max}
        />
      )
    case 'file': {
      const kept = text(value)
      return (
        <div className="mt-1 flex items-center gap-3">
          {kept ? (
            <>
              <img src={kept} alt="" className="size-14 rounded-lg border border-slate-200 object-cover" />
              <input type="hidden" name={common.name} value={kept} />
            </>
          ) : null}
          <input
            {...common}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700"
          />
        </div>
      )
    }
    case 'color':
      return (
        <input
          {...common}
          type="color"
          className="mt-1 block h-10 w-20 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          defaultValue={text(value) || '#0f766e'}
        />
      )
    default: {
      const type = {
        text: 'text',
        email: 'email',
        url: 'url',
        tel: 'tel',
        password: 'password',
        date: 'date',
        time: 'time',
        datetime: 'datetime-local',
      }[field.type as string]
      return (
        <input
          {...shared}
          type={type ?? 'text'}
          maxLength={field.maxLength}
          inputMode={field.type === 'tel' ? 'tel' : undefined}
          autoComplete={field.type === 'password' ? 'new-password' : undefined}
          defaultValue={field.type === 'password' ? undefined : text(value)}
        />
      )
    }
  }
}

function GroupControl({ field, name, value, selectedHome, common }: ControlProps & { common: Common }) {
  const describedBy = common['aria-describedby']
  switch (field.type) {
    case 'checkbox':
      if (field.switchLabel)
        return (
          <label className="inline-flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              role="switch"
              id={common.id}
              name={name}
              defaultChecked={checked(value)}
              aria-describedby={describedBy}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              className="relative h-6 w-11 rounded-full bg-slate-300 transition peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
            />
            <span className="text-sm text-slate-800">{field.switchLabel}</span>
          </label>
        )
      return null
    case 'checkbox-group': {
      const chosen = list(value)
      return (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {(field.options ?? []).map((option) => (
            <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={chosen.includes(option.value)}
                className="size-4 rounded border-slate-300"
              />
              {option.label}
            </label>
          ))}
        </div>
      )
    }
    case 'radio':
      return (
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {(field.options ?? []).map((option) => (
            <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={text(value) === option.value}
                className="size-4 border-slate-300"
              />
              {option.label}
            </label>
          ))}
        </div>
      )
    case 'radio-tabs':
      return (
        <div className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-1">
          {(field.options ?? []).map((option) => (
            <label
              key={option.value}
              className="cursor-pointer rounded-md px-3 py-1.5 text-sm text-slate-700 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={text(value) === option.value}
                className="sr-only"
              />
              {option.label}
            </label>
          ))}
        </div>
      )
    case 'maps': {
      const point = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, FieldValue>
      return (
        <div className="grid grid-cols-2 gap-3">
          {(['latitude', 'longitude'] as const).map((part) => (
            <label key={part} className="text-sm text-slate-700">
              {part === 'latitude' ? 'Latitude' : 'Longitude'}
              <input
                type="text"
                inputMode="decimal"
                name={`${name}.${part}`}
                placeholder={part === 'latitude' ? '-23,5614' : '-46,6559'}
                defaultValue={text(point[part])}
                className={inputClass(false, field.size)}
              />
            </label>
          ))}
        </div>
      )
    }
    case 'gallery': {
      if (!selectedHome)
        return <p className="text-sm text-slate-600">Escolha um imóvel para ver as fotos.</p>
      if (selectedHome.gallery.length === 0)
        return <p className="text-sm text-slate-600">Este imóvel ainda não tem fotos.</p>
      const chosen = list(value)
      return (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {selectedHome.gallery.map((photo) => (
            <label
              key={photo.url}
              className="relative block cursor-pointer overflow-hidden rounded-lg border-2 border-transparent has-checked:border-brand-600"
            >
              <input
                type="checkbox"
                name={name}
                value={photo.url}
                defaultChecked={chosen.includes(photo.url)}
                className="absolute top-1.5 left-1.5 size-4"
                aria-label={photo.name}
              />
              <img src={photo.thumb} alt="" className="aspect-square w-full object-cover" loading="lazy" />
            </label>
          ))}
        </div>
      )
    }
    default:
      return null
  }
}
