// Templates that ask for the richer field types and condition operators (ADR 030), so agents meet them:
// tabs, date and time, map, repeater, multiselect, gallery, file, colour, contact fields and
// every condition operator. Pure data; library.test.ts checks every type and operator is used.
import { homeAmenityLabels, homeFeatureLabels } from '~/domain/home'
import type { FieldDefinition } from '~/domain/fields/types'
import { HOME_FIELD } from '~/domain/fields/template-fields'
import {
  SYSTEM_PROMPT,
  callToAction,
  customCta,
  headline,
  listingFields,
  listingPrompt,
  tone,
  type LibraryTemplate,
} from './common'

const labelled = (record: Record<string, string>) => Object.entries(record).map(([value, label]) => ({ value, label }))

const openHouseFields: FieldDefinition[] = [
  { type: 'tab', name: 'aba_quando', label: 'Quando e onde' },
  { type: 'date', name: 'event_date', label: 'Dia da visita', required: true, width: 'half', icon: 'calendar' },
  { type: 'time', name: 'event_time', label: 'Horário', required: true, width: 'half', icon: 'clock' },
  {
    type: 'maps',
    name: 'meeting_point',
    label: 'Ponto de encontro no mapa',
    help: 'Deixe em branco para usar o endereço do imóvel.',
  },
  { type: 'tab', name: 'aba_confirmacao', label: 'Confirmação' },
  {
    type: 'select',
    name: 'rsvp',
    label: 'Como confirmar presença',
    options: [
      { value: 'whatsapp', label: 'WhatsApp' },
      { value: 'email', label: 'E-mail' },
      { value: 'link', label: 'Link de inscrição' },
    ],
    default: 'whatsapp',
  },
  {
    type: 'tel',
    name: 'rsvp_phone',
    label: 'WhatsApp para confirmar',
    mask: '(00) 00000-0000',
    width: 'half',
    conditions: [{ field: 'rsvp', operator: '==', value: 'whatsapp' }],
  },
  {
    type: 'email',
    name: 'rsvp_email',
    label: 'E-mail para confirmar',
    width: 'half',
    conditions: [{ field: 'rsvp', operator: 'in', value: ['email'] }],
  },
  {
    type: 'url',
    name: 'rsvp_url',
    label: 'Link de inscrição',
    placeholder: 'https://',
    conditions: [{ field: 'rsvp', operator: 'not in', value: ['whatsapp', 'email'] }],
  },
  {
    type: 'text',
    name: 'rsvp_note',
    label: 'Aviso sobre o link',
    placeholder: 'Ex.: Vagas limitadas, inscreva-se pelo link',
    maxLength: 80,
    conditions: [{ field: 'rsvp_url', operator: 'starts with', value: 'https://' }],
  },
  headline,
]

const unitTypes: FieldDefinition = {
  type: 'repeater',
  name: 'unit_types',
  label: 'Tipologias',
  help: 'As plantas à venda: tipologia, área e preço.',
  repeater: {
    max: 6,
    addLabel: 'Adicionar tipologia',
    itemLabel: 'Tipologia',
    fields: [
      {
        type: 'text',
        name: 'tipologia',
        label: 'Tipologia',
        placeholder: 'Ex.: 2 quartos com suíte',
        required: true,
        maxLength: 40,
        width: 'third',
      },
      { type: 'number', name: 'area', label: 'Área (m²)', min: 0, max: 10000, width: 'third' },
      { type: 'money', name: 'preco', label: 'Preço a partir de', width: 'third' },
    ],
  },
}

const launchUnitFields: FieldDefinition[] = [
  headline,
  { type: 'heading', name: 'h_unidades', label: 'Unidades' },
  unitTypes,
  { type: 'number', name: 'units_left', label: 'Unidades disponíveis', min: 0, max: 5000, width: 'half' },
  {
    type: 'text',
    name: 'last_units_note',
    label: 'Chamada de últimas unidades',
    placeholder: 'Ex.: Últimas unidades!',
    maxLength: 40,
    width: 'half',
    conditions: [{ field: 'units_left', operator: '<=', value: 10 }],
  },
  {
    type: 'number',
    name: 'units_total',
    label: 'Total de unidades do empreendimento',
    min: 0,
    max: 10000,
    width: 'half',
  },
  {
    type: 'checkbox',
    name: 'leisure_club',
    label: 'Lazer',
    switchLabel: 'Tem clube de lazer completo',
    width: 'half',
    conditions: [{ field: 'units_total', operator: '>=', value: 100 }],
  },
  { type: 'heading', name: 'h_vendas', label: 'Vendas' },
  { type: 'datetime', name: 'sales_start', label: 'Início das vendas', width: 'half', icon: 'calendar' },
  { type: 'number', name: 'launch_discount', label: 'Desconto de lançamento (%)', min: 0, max: 50, width: 'half' },
  {
    type: 'text',
    name: 'discount_note',
    label: 'Destaque do desconto',
    placeholder: 'Ex.: Só no fim de semana de lançamento',
    maxLength: 60,
    conditions: [{ field: 'launch_discount', operator: '>', value: 10 }],
  },
  callToAction,
  customCta,
]

const featureOptions = [...labelled(homeFeatureLabels), ...labelled(homeAmenityLabels)]

const highlightFields: FieldDefinition[] = [
  {
    type: 'multiselect',
    name: 'highlights_pick',
    label: 'Destaques do imóvel',
    help: 'Escolha o que aparece no slide de destaques.',
    options: featureOptions,
    max: 6,
  },
  {
    type: 'text',
    name: 'pool_note',
    label: 'Sobre a piscina',
    placeholder: 'Ex.: Piscina aquecida com raia de 25 m',
    maxLength: 60,
    conditions: [{ field: 'highlights_pick', operator: 'contains', value: 'pool' }],
  },
  {
    type: 'text',
    name: 'pets_rule',
    label: 'Regra para pets',
    placeholder: 'Ex.: Pets de pequeno porte',
    maxLength: 60,
    conditions: [{ field: 'highlights_pick', operator: 'not contains', value: 'accepts_pets' }],
  },
  ...listingFields,
]

const galleryFields: FieldDefinition[] = [
  HOME_FIELD,
  {
    type: 'gallery',
    name: 'photos',
    label: 'Escolha as fotos',
    help: 'Na ordem em que você marcar; a primeira é a capa.',
    max: 8,
  },
  ...listingFields,
]

const dealFields: FieldDefinition[] = [
  {
    type: 'radio-tabs',
    name: 'deal',
    label: 'Negócio',
    options: [
      { value: 'sale', label: 'Venda' },
      { value: 'rent', label: 'Aluguel' },
    ],
    default: 'sale',
    required: true,
  },
  {
    type: 'select',
    name: 'category',
    label: 'Tipo de imóvel',
    options: labelled({
      apartment: 'Apartamento',
      house: 'Casa',
      land: 'Terreno',
      farm: 'Chácara / sítio',
      office: 'Sala comercial',
    }),
    default: 'apartment',
    required: true,
  },
  {
    type: 'checkbox',
    name: 'financing',
    label: 'Financiamento',
    switchLabel: 'Aceita financiamento',
    conditions: [{ field: 'deal', operator: '!=', value: 'rent' }],
  },
  {
    type: 'checkbox-group',
    name: 'guarantees',
    label: 'Garantias aceitas',
    options: labelled({ fiador: 'Fiador', seguro_fianca: 'Seguro fiança', caucao: 'Caução' }),
    conditions: [{ field: 'deal', operator: '==', value: 'rent' }],
  },
  {
    type: 'number',
    name: 'land_size',
    label: 'Área do terreno (m²)',
    min: 0,
    max: 10_000_000,
    conditions: [{ field: 'category', operator: 'in', value: ['land', 'farm'] }],
  },
  {
    type: 'number',
    name: 'floor',
    label: 'Andar',
    min: 0,
    max: 200,
    conditions: [{ field: 'category', operator: 'not in', value: ['land', 'farm', 'house'] }],
  },
  { type: 'number', name: 'days_left', label: 'A oferta vale por quantos dias?', min: 0, max: 365, width: 'half' },
  {
    type: 'text',
    name: 'urgency',
    label: 'Chamada de urgência',
    placeholder: 'Ex.: Só até domingo!',
    maxLength: 40,
    width: 'half',
    conditions: [{ field: 'days_left', operator: '<', value: 7 }],
  },
  { type: 'url', name: 'brochure', label: 'Link do material (opcional)', placeholder: 'https://' },
  {
    type: 'text',
    name: 'brochure_label',
    label: 'Texto do link do PDF',
    placeholder: 'Baixe o book do imóvel',
    maxLength: 40,
    conditions: [{ field: 'brochure', operator: 'ends with', value: '.pdf' }],
  },
  headline,
  tone,
]

const seasonFields: FieldDefinition[] = [
  {
    type: 'select',
    name: 'occasion',
    label: 'Estação ou campanha',
    options: labelled({
      verao: 'Verão',
      inverno: 'Inverno',
      ferias: 'Férias',
      black_friday: 'Black Friday',
      black_november: 'Black November',
      outra: 'Outra',
    }),
    required: true,
  },
  {
    type: 'text',
    name: 'custom_occasion',
    label: 'Qual campanha?',
    maxLength: 60,
    required: true,
    conditions: [{ field: 'occasion', operator: '==', value: 'outra' }],
  },
  {
    type: 'text',
    name: 'offer',
    label: 'Oferta da campanha',
    placeholder: 'Ex.: Avaliação grátis do seu imóvel',
    maxLength: 60,
    conditions: [{ field: 'occasion', operator: 'starts with', value: 'black' }],
  },
  {
    type: 'color',
    name: 'brand_color',
    label: 'Cor do post',
    help: 'A cor da sua marca para o fundo.',
    default: '#0f766e',
    width: 'half',
  },
  { type: 'textarea', name: 'message', label: 'Mensagem (opcional)', maxLength: 300, rows: 3 },
]

const testimonialFields: FieldDefinition[] = [
  { type: 'text', name: 'client_name', label: 'Nome do cliente', required: true, maxLength: 60, width: 'half' },
  {
    type: 'file',
    name: 'client_photo',
    label: 'Foto do cliente (opcional)',
    help: 'Com a autorização do cliente.',
    width: 'half',
  },
  {
    type: 'radio',
    name: 'stars',
    label: 'Avaliação',
    options: labelled({ '5': '5 estrelas', '4': '4 estrelas' }),
    default: '5',
  },
  { type: 'textarea', name: 'testimonial', label: 'Depoimento', required: true, maxLength: 400, rows: 4 },
]

const welcomeFields: FieldDefinition[] = [
  {
    type: 'text',
    name: 'extra',
    label: 'Recado de boas-vindas',
    placeholder: 'Ex.: Que este lar traga muitas alegrias!',
    maxLength: 200,
  },
  {
    type: 'checkbox',
    name: 'share_wifi',
    label: 'Wi-Fi',
    switchLabel: 'Mostrar a rede Wi-Fi (para imprimir e deixar no imóvel)',
  },
  {
    type: 'text',
    name: 'wifi_name',
    label: 'Nome da rede',
    maxLength: 40,
    width: 'half',
    conditions: [{ field: 'share_wifi', operator: '==', value: true }],
  },
  {
    type: 'password',
    name: 'wifi_password',
    label: 'Senha do Wi-Fi',
    maxLength: 63,
    width: 'half',
    conditions: [{ field: 'share_wifi', operator: '==', value: true }],
  },
  { type: 'tel', name: 'emergency_phone', label: 'Telefone para emergências', mask: '(00) 00000-0000', width: 'half' },
]

const propertyPost = (intro: string, fields: FieldDefinition[]) => [SYSTEM_PROMPT, listingPrompt(intro, fields)]

export const MORE_TEMPLATES: LibraryTemplate[] = [
  {
    slug: 'venda-convite-visita-mapa',
    name: 'Convite para visita com mapa',
    description: 'Dia, horário e ponto de encontro no mapa, com a forma de confirmar presença.',
    color: '#6d28d9',
    icon: 'map-pin',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'portrait',
    fields: openHouseFields,
    prompts: [
      ...propertyPost(
        'Escreva um convite para uma visita aberta neste imóvel no dia {{fields.event_date}} às {{fields.event_time}}.',
        openHouseFields,
      ),
      {
        role: 'user',
        content:
          'Confirmação por: {{fields.rsvp}} {{fields.rsvp_phone}} {{fields.rsvp_email}} {{fields.rsvp_url}} {{fields.rsvp_note}}',
      },
    ],
    design: { kind: 'open-house', slides: ['cover'], cover: 'date' },
  },
  {
    slug: 'lancamento-tipologias',
    name: 'Lançamento com tipologias',
    description: 'As plantas do empreendimento com área e preço, unidades disponíveis e desconto de lançamento.',
    color: '#c2410c',
    icon: 'building',
    category: 'lancamento',
    needs_home: true,
    featured: false,
    format: 'carousel',
    fields: launchUnitFields,
    prompts: [
      ...propertyPost('Escreva um carrossel de lançamento apresentando as tipologias.', launchUnitFields),
      {
        role: 'user',
        content:
          'Tipologias: {{fields.unit_types}}\nUnidades disponíveis: {{fields.units_left}} {{fields.last_units_note}}\nTotal de unidades: {{fields.units_total}} {{fields.leisure_club}}\nInício das vendas: {{fields.sales_start}}\nDesconto: {{fields.launch_discount}}% {{fields.discount_note}}',
      },
    ],
    design: { kind: 'launch', slides: ['cover', 'photo', 'features', 'text', 'photo', 'closing'], cover: 'facts' },
  },
  {
    slug: 'venda-destaques',
    name: 'Destaques do imóvel',
    description: 'Você escolhe os diferenciais (varanda gourmet, piscina, pet…) e eles viram o slide de destaques.',
    color: '#0369a1',
    icon: 'star',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'carousel',
    fields: highlightFields,
    prompts: [
      ...propertyPost('Escreva um carrossel que valorize os destaques escolhidos pelo corretor.', highlightFields),
      {
        role: 'user',
        content:
          'Destaques escolhidos: {{fields.highlights_pick}}\nPiscina: {{fields.pool_note}}\nPets: {{fields.pets_rule}}',
      },
    ],
    design: { kind: 'listing', slides: ['cover', 'features', 'photo', 'photo', 'closing'], cover: 'collage' },
  },
  {
    slug: 'venda-escolha-as-fotos',
    name: 'Escolha as fotos',
    description: 'Um carrossel só com as fotos que você marcar, na ordem que você quiser.',
    color: '#0891b2',
    icon: 'images',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'carousel',
    fields: galleryFields,
    prompts: propertyPost('Escreva um carrossel de fotos deste imóvel.', galleryFields),
    design: {
      kind: 'listing',
      slides: ['cover', 'photo', 'photo', 'photo', 'photo', 'photo', 'closing'],
      cover: 'collage',
    },
  },
  {
    slug: 'venda-oportunidade-por-negocio',
    name: 'Oportunidade do dia',
    description: 'Um post rápido que pergunta só o que importa para o negócio e o tipo de imóvel.',
    color: '#be123c',
    icon: 'tag',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'feed',
    fields: dealFields,
    prompts: [
      ...propertyPost('Escreva um post de oportunidade para este imóvel.', dealFields),
      {
        role: 'user',
        content:
          'Negócio: {{fields.deal}} · Tipo: {{fields.category}}\nFinanciamento: {{fields.financing}}\nGarantias: {{fields.guarantees}}\nTerreno: {{fields.land_size}} m² · Andar: {{fields.floor}}\nValidade: {{fields.days_left}} dias {{fields.urgency}}\nMaterial: {{fields.brochure}} {{fields.brochure_label}}',
      },
    ],
    design: { kind: 'listing', slides: ['cover'], cover: 'full-bleed' },
  },
  {
    slug: 'datas-campanha-sazonal',
    name: 'Campanha sazonal com a sua cor',
    description: 'Verão, férias, Black Friday: uma mensagem da estação na cor da sua marca.',
    color: '#0f766e',
    icon: 'gift',
    category: 'datas-comemorativas',
    needs_home: false,
    featured: false,
    format: 'portrait',
    fields: seasonFields,
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um post curto da campanha {{fields.occasion}} {{fields.custom_occasion}} para uma imobiliária.\nOferta: {{fields.offer}}\nMensagem desejada: {{fields.message}}\nCor do post: {{fields.brand_color}}',
      },
    ],
    design: { kind: 'holiday', slides: ['text'] },
  },
  {
    slug: 'institucional-depoimento-com-foto',
    name: 'Depoimento com foto do cliente',
    description: 'O elogio do cliente com a foto dele e as estrelas da avaliação.',
    color: '#7e22ce',
    icon: 'star',
    category: 'institucional',
    needs_home: false,
    featured: false,
    format: 'portrait',
    fields: testimonialFields,
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um post com o depoimento de {{fields.client_name}} ({{fields.stars}}): "{{fields.testimonial}}"',
      },
    ],
    design: { kind: 'testimonial', slides: ['text'] },
  },
  {
    slug: 'aluguel-boas-vindas',
    name: 'Boas-vindas ao novo inquilino',
    description:
      'Comemore a locação e, se quiser, imprima a rede Wi-Fi e o telefone de emergência para deixar no imóvel.',
    color: '#047857',
    icon: 'key',
    category: 'aluguel',
    needs_home: true,
    featured: false,
    format: 'story',
    fields: welcomeFields,
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um story de boas-vindas ao novo inquilino de {{home.title}} em {{home.neighborhood}}.\nRecado: {{fields.extra}}\nEmergências: {{fields.emergency_phone}}\n(Nunca escreva a senha do Wi-Fi na legenda.)',
      },
    ],
    design: { kind: 'sold', slides: ['cover'], cover: 'split' },
  },
]
