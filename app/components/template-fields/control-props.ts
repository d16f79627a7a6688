// What every control of the field engine receives, and the readers of a field's posted value.
import type { FieldDefinition, FieldValue } from '~/domain/fields/types'

export type FormHome = {
  id: number
  name: string
  place: string
  gallery: Array<{ url: string; thumb: string; name: string }>
}

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

/** The attributes every control of a field carries: its id, name and what describes it. */
export type Common = {
  id: string
  name: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  'aria-required'?: boolean
}

export const controlId = (name: string) => `campo-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`

export const text = (value: FieldValue): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''

export const list = (value: FieldValue): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : typeof value === 'string' && value
      ? [value]
      : []

export const checked = (value: FieldValue) => value === true || value === 'on' || value === 'true'
