// The form-field engine's rules (spec §3 "Form field", §4 conditional visibility). Rendering
// lives in app/components/template-fields.
export * from './types'
export * from './conditions'
export * from './values'
export * from './schema'
export * from './definition-schema'
export * from './template-fields'
