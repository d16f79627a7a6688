// The form-field engine's rules (ADR 030: the 25 field types, conditional visibility). Rendering
// lives in app/components/template-fields.
export * from './types'
export * from './conditions'
export * from './values'
export * from './schema'
export * from './definition-schema'
export * from './template-fields'
