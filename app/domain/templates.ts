// What a stored template (post_templates row) carries as JSON: the prompts sent to the AI and
// its form's fields. Pure types: the database schema (db/schema.ts) stores them with $type<>().

/** One message of a template's prompt; `{{home.name}}`-style placeholders are filled in prompts.ts. */
export type TemplatePrompt = { role: 'user' | 'assistant' | 'system'; content: string }

/** A field as stored; the form-field engine (app/domain/fields) owns its full type. */
export type StoredField = Record<string, unknown> & { type: string; name: string; label?: string }
