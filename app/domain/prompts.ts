// Prompt interpolation: a template's prompts say `{{home.name}}`, `{{home.price}}`,
// `{{fields.headline}}`; this fills them from the property, the agent's answers and the agent.
// Values are shown the way a person reads them (labels, 'R$ 1.250.000,00', '85 m²'). Missing
// data never prints 'undefined' or 'null': the placeholder becomes '' (or its fallback,
// `{{home.suites | "sem suíte"}}`), and a line whose placeholders all came out empty is dropped.
import type { FieldDefinition } from './fields/types'
import type { HomeFacts } from './home-facts'
import {
  dealPhrase,
  homeAmenityLabel,
  homeCategoryLabel,
  homeFeatureLabel,
  homeSegmentLabel,
  homeStageLabel,
  homeStatusLabel,
  homeTypeLabel,
  stateName,
} from './home'
import { formatBRL } from './money'
import { MAX_REACH_HASHTAGS } from './scheduling'
import { nearbyFacts, nearbyPhrase } from './nearby'
import type { TemplatePrompt } from './templates'

/** What the AI writer is told about hashtags: the scheduler's own advice (more costs reach). */
export const CAPTION_HASHTAG_RULE = `A legenda termina com uma chamada para ação e no máximo ${MAX_REACH_HASHTAGS} hashtags relevantes (mais do que isso reduz o alcance).`

export type { HomeFacts }

/** The agent or agency signing the post. */
export type AgentFacts = { name?: string | null; phone?: string | null; email?: string | null }

export type PromptVariables = Record<string, string>

/** '85 m²', '72,5 m²'. */
export function formatArea(area: number | null | undefined): string {
  if (area == null || !Number.isFinite(area) || area <= 0) return ''
  const rounded = Math.round(area * 10) / 10
  return `${String(rounded).replace('.', ',')} m²`
}

/** 'Piscina, Academia e Sauna'. */
export function joinList(items: readonly string[]): string {
  const clean = items.filter((item) => item.trim() !== '')
  if (clean.length <= 1) return clean[0] ?? ''
  return `${clean.slice(0, -1).join(', ')} e ${clean[clean.length - 1]}`
}

function count(value: number | null | undefined, one: string, many: string): string {
  if (value == null || !Number.isFinite(value) || value <= 0) return ''
  return `${value} ${value === 1 ? one : many}`
}

function money(cents: number | null | undefined): string {
  return cents == null || cents <= 0 ? '' : formatBRL(cents)
}

/** The property's facts as display text, keyed as prompts name them (`home.price`, …). */
export function homeVariables(home: HomeFacts | null | undefined): PromptVariables {
  if (!home) return {}
  const price = home.status === 'rent' ? (home.rental_price ?? home.price) : home.price
  const address = [
    [home.street, home.street_number].filter(Boolean).join(', '),
    home.neighborhood,
    [home.city, home.state].filter(Boolean).join(' - '),
  ]
    .filter(Boolean)
    .join(', ')
  const vars: Record<string, string | number | null | undefined> = {
    id: home.id,
    name: home.name,
    deal: homeStatusLabel(home.status),
    status: homeStatusLabel(home.status),
    title: dealPhrase(home.category, home.status),
    type: homeTypeLabel(home.type),
    category: homeCategoryLabel(home.category),
    stage: homeStageLabel(home.stage),
    segment: homeSegmentLabel(home.segment),
    description: home.description,
    price: money(price),
    sale_price: money(home.price),
    rental_price: money(home.rental_price),
    condominium_price: money(home.condominium_price),
    iptu_price: money(home.iptu_price),
    area: formatArea(home.area),
    bedrooms: count(home.bedrooms, 'quarto', 'quartos'),
    suites: count(home.suites, 'suíte', 'suítes'),
    bathrooms: count(home.bathrooms, 'banheiro', 'banheiros'),
    parking_spaces: count(home.parking_spaces, 'vaga', 'vagas'),
    features: joinList((home.features ?? []).map(homeFeatureLabel)),
    amenities: joinList((home.amenities ?? []).map(homeAmenityLabel)),
    neighborhood: home.neighborhood,
    city: home.city,
    state: home.state,
    state_name: stateName(home.state),
    zipcode: home.zipcode,
    address,
    social_housing_program: home.social_housing_program ? 'Minha Casa Minha Vida' : '',
    // The places the agent chose (name, kind, distance), nearest first (ADR 154).
    nearby_places: nearbyFacts(home).map(nearbyPhrase).join('; '),
  }
  return Object.fromEntries(
    Object.entries(vars).map(([key, value]) => [`home.${key}`, value == null ? '' : String(value)]),
  )
}

/** 'Tipologia: 2 quartos, Área (m²): 65, Preço a partir de: R$ 480.000,00; …' from repeater items. */
function repeaterText(field: FieldDefinition, value: unknown): string {
  const items = Array.isArray(value) ? value : []
  return items
    .map((item) =>
      (field.repeater?.fields ?? [])
        .map((sub) => {
          const text = fieldDisplayValue(sub, (item as Record<string, unknown> | null)?.[sub.name])
          return text ? `${sub.label ?? sub.name}: ${text}` : ''
        })
        .filter(Boolean)
        .join(', '),
    )
    .filter(Boolean)
    .join('; ')
}

/** One answer of the template's form as display text (option labels, 'R$ …', 'Sim'). */
export function fieldDisplayValue(field: FieldDefinition | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return ''
  const labelOf = (item: unknown) =>
    field?.options?.find((option) => option.value === String(item))?.label ?? String(item)
  switch (field?.type) {
    case 'money':
      return typeof value === 'number' ? formatBRL(value) : String(value)
    case 'checkbox':
      return value === true ? 'Sim' : value === false ? 'Não' : ''
    case 'select':
    case 'radio':
    case 'radio-tabs':
      return labelOf(value)
    case 'multiselect':
    case 'checkbox-group':
      return joinList((Array.isArray(value) ? value : [value]).map(labelOf))
    case 'date': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value))
      return match ? `${match[3]}/${match[2]}/${match[1]}` : String(value)
    }
    case 'datetime': {
      const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(String(value))
      return match ? `${match[3]}/${match[2]}/${match[1]} às ${match[4]}` : String(value)
    }
    case 'repeater':
      return repeaterText(field, value)
    // A password (a Wi-Fi's, to print) never reaches a prompt or an AI provider.
    case 'password':
    case 'file':
    case 'maps':
    case 'gallery':
    case 'home':
      return ''
    default:
      if (Array.isArray(value)) return joinList(value.map(String))
      if (typeof value === 'object') return ''
      return String(value)
  }
}

/** The agent's answers, keyed `fields.<name>`. */
export function fieldVariables(
  definitions: readonly FieldDefinition[],
  values: Record<string, unknown> | null | undefined,
): PromptVariables {
  const vars: PromptVariables = {}
  const byName = new Map(definitions.map((field) => [field.name, field]))
  for (const [name, value] of Object.entries(values ?? {}))
    vars[`fields.${name}`] = fieldDisplayValue(byName.get(name), value)
  return vars
}

export function agentVariables(agent: AgentFacts | null | undefined): PromptVariables {
  return {
    'agent.name': agent?.name?.trim() ?? '',
    'agent.phone': agent?.phone?.trim() ?? '',
    'agent.email': agent?.email?.trim() ?? '',
  }
}

export function promptVariables(input: {
  home?: HomeFacts | null
  fields?: readonly FieldDefinition[]
  values?: Record<string, unknown> | null
  agent?: AgentFacts | null
}): PromptVariables {
  return {
    ...homeVariables(input.home),
    ...fieldVariables(input.fields ?? [], input.values),
    ...agentVariables(input.agent),
  }
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)\s*(?:\|\s*"([^"]*)"\s*)?\}\}/g

/** Fills `{{path}}` and `{{path | "fallback"}}`; unknown or empty values become the fallback or ''. */
export function interpolate(template: string, variables: PromptVariables): string {
  const lines = template.split('\n').flatMap((line) => {
    let placeholders = 0
    let filled = 0
    const out = line.replace(PLACEHOLDER, (_match, path: string, fallback?: string) => {
      placeholders++
      const value = variables[path]?.trim() || fallback?.trim() || ''
      if (value) filled++
      return value
    })
    if (placeholders > 0 && filled === 0) return []
    return [tidy(out)]
  })
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Removes the traces an empty value leaves: double spaces, ' ,', '()', a dangling ':'. */
function tidy(line: string): string {
  return line
    .replace(/\(\s*\)|\[\s*\]/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;])\1+/g, '$1')
    .replace(/,\s*([.!?])/g, '$1')
    .replace(/[ \t]+$/, '')
}

/** A template's prompts with their placeholders filled. */
export function interpolatePrompts(prompts: readonly TemplatePrompt[], variables: PromptVariables): TemplatePrompt[] {
  return prompts
    .map((prompt) => ({ role: prompt.role, content: interpolate(prompt.content, variables) }))
    .filter((prompt) => prompt.content !== '')
}
