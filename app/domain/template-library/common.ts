// Pieces the shipped templates share: the library's shape and the fields most templates ask.
// Field names here are the ones the offline copywriter reads (app/domain/copywriter/).
import type { FieldDefinition } from '~/domain/fields/types'
import type { TemplateDesign, TemplateFormat } from '~/domain/post-plan'
import type { TemplatePrompt } from '~/domain/templates'
import { MAX_REACH_HASHTAGS } from '~/domain/scheduling'

export type LibraryCategory = { slug: string; name: string; position: number }

export type LibraryTemplate = {
  /** Stable key: the installer finds the row by it. Never rename a shipped slug. */
  slug: string
  name: string
  description: string
  color: string
  icon: string
  category: string
  needs_home: boolean
  featured: boolean
  format: TemplateFormat
  fields: FieldDefinition[]
  prompts: TemplatePrompt[]
  design: TemplateDesign
}

export const SYSTEM_PROMPT: TemplatePrompt = {
  role: 'system',
  content: `Você escreve posts de redes sociais para corretores de imóveis no Brasil: textos claros, persuasivos e verdadeiros, em português do Brasil, com emojis na medida certa e até ${MAX_REACH_HASHTAGS} hashtags relevantes no final.`,
}

export const headline: FieldDefinition = {
  type: 'text',
  name: 'headline',
  label: 'Chamada principal',
  placeholder: 'Ex.: Oportunidade no coração de Pinheiros',
  help: 'Deixe em branco para a Vitrine escrever uma.',
  maxLength: 80,
  icon: 'sparkles',
}

export const tone: FieldDefinition = {
  type: 'radio-tabs',
  name: 'tone',
  label: 'Tom do texto',
  options: [
    { value: 'friendly', label: 'Descontraído' },
    { value: 'formal', label: 'Formal' },
    { value: 'luxury', label: 'Sofisticado' },
  ],
  default: 'friendly',
  required: true,
}

export const showPrice: FieldDefinition = {
  type: 'checkbox',
  name: 'show_price',
  label: 'Preço',
  switchLabel: 'Mostrar o preço no post',
  default: true,
  width: 'half',
}

export const priceNote: FieldDefinition = {
  type: 'text',
  name: 'price_note',
  label: 'Texto no lugar do preço',
  placeholder: 'Consulte valores',
  maxLength: 60,
  width: 'half',
  conditions: [{ field: 'show_price', operator: '==', value: false }],
}

/** How the images write the price (ADR 151): the full amount, or millions and thousands in words. */
export const priceStyle: FieldDefinition = {
  type: 'radio-tabs',
  name: 'price_style',
  label: 'Preço na imagem',
  options: [
    { value: 'exact', label: 'R$ 4.200.000' },
    { value: 'short', label: 'R$ 4,2 milhões' },
  ],
  default: 'exact',
  width: 'half',
  conditions: [{ field: 'show_price', operator: '==', value: true }],
}

export const callToAction: FieldDefinition = {
  type: 'select',
  name: 'call_to_action',
  label: 'Chamada para ação',
  options: [
    { value: 'whatsapp', label: 'Chamar no WhatsApp' },
    { value: 'direct', label: 'Mandar mensagem no direct' },
    { value: 'visit', label: 'Agendar uma visita' },
    { value: 'comment', label: 'Comentar "EU QUERO"' },
    { value: 'custom', label: 'Escrever a minha' },
  ],
  default: 'whatsapp',
  width: 'half',
  icon: 'megaphone',
}

export const customCta: FieldDefinition = {
  type: 'text',
  name: 'custom_cta',
  label: 'Sua chamada para ação',
  placeholder: 'Ex.: Ligue agora e garanta sua visita!',
  required: true,
  maxLength: 100,
  width: 'half',
  conditions: [{ field: 'call_to_action', operator: '==', value: 'custom' }],
}

export const extra: FieldDefinition = {
  type: 'textarea',
  name: 'extra',
  label: 'Informação extra (opcional)',
  placeholder: 'Ex.: Aceita permuta. Documentação em dia.',
  maxLength: 400,
  rows: 3,
}

/** The usual fields of a post about one property. */
export const listingFields: FieldDefinition[] = [
  headline,
  showPrice,
  priceNote,
  priceStyle,
  callToAction,
  customCta,
  tone,
  extra,
]

/** The prompt of a post about one property; lines about fields the template lacks are left out. */
export const listingPrompt = (intro: string, fields: FieldDefinition[]): TemplatePrompt => {
  const has = (name: string) => fields.some((field) => field.name === name)
  const fieldLines: Array<[string, string]> = [
    ['headline', 'Chamada principal desejada: {{fields.headline}}'],
    ['show_price', 'Mostrar preço: {{fields.show_price}}'],
    ['price_note', 'No lugar do preço, escreva: {{fields.price_note}}'],
    ['price_style', 'Preço na imagem (exact = R$ 4.200.000, short = R$ 4,2 milhões): {{fields.price_style}}'],
    ['call_to_action', 'Chamada para ação: {{fields.call_to_action}}'],
    ['custom_cta', 'Chamada para ação do corretor: {{fields.custom_cta}}'],
    ['tone', 'Tom: {{fields.tone}}'],
    ['extra', 'Observações: {{fields.extra}}'],
  ]
  return {
    role: 'user',
    content: [
      intro,
      'Imóvel: {{home.title}} — {{home.name}}',
      'Local: {{home.neighborhood}}, {{home.city}} - {{home.state}}',
      'Preço: {{home.price}}',
      'Condomínio: {{home.condominium_price}}',
      'Área: {{home.area}}',
      'Quartos: {{home.bedrooms}}',
      'Suítes: {{home.suites}}',
      'Vagas: {{home.parking_spaces}}',
      'Características: {{home.features}}',
      'Lazer: {{home.amenities}}',
      'Lugares próximos: {{home.nearby_places}}',
      ...fieldLines.filter(([name]) => has(name)).map(([, line]) => line),
    ].join('\n'),
  }
}
