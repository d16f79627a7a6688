// The template library shipped with Vitrine: what a Brazilian agent posts every week. Installed
// (and updated when this file changes) at start-up by app/models/template-library.server.ts.
import {
  LAUNCH_CONDITIONS,
  NEIGHBORHOOD_HIGHLIGHTS,
  AGENCY_DIFFERENTIALS,
  OCCASION_OPTIONS,
  TIP_TOPIC_OPTIONS,
} from './content-options'
import {
  SYSTEM_PROMPT,
  callToAction,
  customCta,
  extra,
  headline,
  listingFields,
  listingPrompt,
  priceNote,
  showPrice,
  tone,
  type LibraryCategory,
  type LibraryTemplate,
} from './common'
import { MORE_TEMPLATES } from './more-templates'

export const LIBRARY_CATEGORIES: LibraryCategory[] = [
  { slug: 'venda', name: 'Venda', position: 1 },
  { slug: 'aluguel', name: 'Aluguel', position: 2 },
  { slug: 'lancamento', name: 'Lançamento', position: 3 },
  { slug: 'dica-do-corretor', name: 'Dica do corretor', position: 4 },
  { slug: 'institucional', name: 'Institucional', position: 5 },
  { slug: 'datas-comemorativas', name: 'Datas comemorativas', position: 6 },
]

const options = (record: Record<string, string>) => Object.entries(record).map(([value, label]) => ({ value, label }))

const storyFields = [headline, showPrice, priceNote, callToAction, customCta]
const quickFields = [headline, callToAction, customCta, tone]

const rentalFields = [
  ...listingFields.slice(0, 6),
  {
    type: 'checkbox-group' as const,
    name: 'guarantees',
    label: 'Garantias aceitas',
    options: [
      { value: 'fiador', label: 'Fiador' },
      { value: 'seguro_fianca', label: 'Seguro fiança' },
      { value: 'caucao', label: 'Caução' },
      { value: 'titulo', label: 'Título de capitalização' },
    ],
  },
  tone,
  extra,
]

const launchFields = [
  headline,
  {
    type: 'text' as const,
    name: 'developer',
    label: 'Construtora / incorporadora',
    placeholder: 'Ex.: Construtora Alfa',
    width: 'half' as const,
    icon: 'building',
  },
  {
    type: 'text' as const,
    name: 'delivery',
    label: 'Previsão de entrega',
    placeholder: 'Ex.: Dezembro de 2026',
    width: 'half' as const,
    icon: 'calendar',
  },
  {
    type: 'checkbox-group' as const,
    name: 'conditions',
    label: 'Condições de pagamento',
    options: options(LAUNCH_CONDITIONS),
  },
  showPrice,
  priceNote,
  callToAction,
  customCta,
  tone,
]

export const LIBRARY_TEMPLATES: LibraryTemplate[] = [
  // ── Venda ────────────────────────────────────────────────────────────────────────────────
  {
    slug: 'venda-carrossel-completo',
    name: 'Carrossel do imóvel à venda',
    description: 'Capa com preço, as melhores fotos, destaques, planta e contato: o anúncio completo em até 10 slides.',
    color: '#1d4ed8',
    icon: 'images',
    category: 'venda',
    needs_home: true,
    featured: true,
    format: 'carousel',
    fields: listingFields,
    prompts: [
      SYSTEM_PROMPT,
      listingPrompt('Escreva um carrossel de Instagram para vender este imóvel.', listingFields),
    ],
    design: {
      kind: 'listing',
      slides: ['cover', 'photo', 'photo', 'photo', 'features', 'floor-plan', 'closing'],
      cover: 'full-bleed',
    },
  },
  {
    slug: 'venda-post-feed',
    name: 'Post de venda para o feed',
    description: 'Uma imagem quadrada com a foto de destaque, o bairro e o preço, e uma legenda pronta.',
    color: '#2563eb',
    icon: 'home',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'feed',
    fields: listingFields,
    prompts: [SYSTEM_PROMPT, listingPrompt('Escreva um post de feed para vender este imóvel.', listingFields)],
    design: { kind: 'listing', slides: ['cover'], cover: 'split' },
  },
  {
    slug: 'venda-story',
    name: 'Story de imóvel à venda',
    description: 'Foto em tela cheia com chamada e preço, feita para os stories.',
    color: '#3b82f6',
    icon: 'smartphone',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'story',
    fields: storyFields,
    prompts: [SYSTEM_PROMPT, listingPrompt('Escreva um story curto e direto para vender este imóvel.', storyFields)],
    design: { kind: 'listing', slides: ['cover'], cover: 'arch' },
  },
  {
    slug: 'venda-carrossel-rapido',
    name: 'Carrossel rápido do imóvel',
    description: 'Até 3 fotos sorteadas do imóvel e um slide final "Conheça mais sobre o nosso produto".',
    color: '#0ea5e9',
    icon: 'shuffle',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'carousel',
    fields: quickFields,
    prompts: [
      SYSTEM_PROMPT,
      listingPrompt('Escreva a legenda de um carrossel curto de fotos deste imóvel.', quickFields),
    ],
    design: { kind: 'sample' },
  },
  {
    slug: 'venda-baixou-o-preco',
    name: 'Baixou o preço!',
    description: 'Mostre o preço antigo, o novo e quanto o comprador economiza.',
    color: '#dc2626',
    icon: 'trending-down',
    category: 'venda',
    needs_home: true,
    featured: true,
    format: 'portrait',
    fields: [
      {
        type: 'money',
        name: 'old_price',
        label: 'Preço anterior',
        placeholder: 'R$ 0,00',
        required: true,
        icon: 'tag',
        help: 'O preço novo vem do cadastro do imóvel.',
      },
      headline,
      callToAction,
      customCta,
      tone,
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content: [
          'Escreva um post anunciando que o preço deste imóvel baixou.',
          'Imóvel: {{home.title}} em {{home.neighborhood}}, {{home.city}}',
          'Preço anterior: {{fields.old_price}}',
          'Preço novo: {{home.price}}',
          'Área: {{home.area}} · {{home.bedrooms}} · {{home.parking_spaces}}',
          'Chamada: {{fields.headline}}',
          'Chamada para ação: {{fields.call_to_action}} {{fields.custom_cta}}',
        ].join('\n'),
      },
    ],
    design: { kind: 'price-drop', slides: ['cover'], cover: 'price' },
  },
  {
    slug: 'venda-vendido',
    name: 'Vendido!',
    description: 'Comemore a venda com seus seguidores e mostre que você fecha negócio.',
    color: '#16a34a',
    icon: 'check-circle',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'feed',
    fields: [extra, tone],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um post comemorando a venda de {{home.title}} em {{home.neighborhood}}, {{home.city}}. Agradeça a confiança e convide quem quer vender o próprio imóvel a entrar em contato.\nObservações: {{fields.extra}}',
      },
    ],
    design: { kind: 'sold', slides: ['cover'], cover: 'stamp' },
  },
  {
    slug: 'venda-visita-aberta',
    name: 'Visita aberta (open house)',
    description: 'Convide para conhecer o imóvel em um dia e horário marcados.',
    color: '#7c3aed',
    icon: 'calendar',
    category: 'venda',
    needs_home: true,
    featured: false,
    format: 'story',
    fields: [
      { type: 'date', name: 'event_date', label: 'Dia da visita', required: true, width: 'half', icon: 'calendar' },
      { type: 'time', name: 'event_time', label: 'Horário', required: true, width: 'half', icon: 'clock' },
      headline,
      callToAction,
      customCta,
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um convite para uma visita aberta (open house) em {{home.title}} no bairro {{home.neighborhood}}, {{home.city}}, no dia {{fields.event_date}} às {{fields.event_time}}.\nDestaques: {{home.area}}, {{home.bedrooms}}, {{home.amenities}}\nChamada para ação: {{fields.call_to_action}} {{fields.custom_cta}}',
      },
    ],
    design: { kind: 'open-house', slides: ['cover'], cover: 'date' },
  },

  // ── Aluguel ──────────────────────────────────────────────────────────────────────────────
  {
    slug: 'aluguel-carrossel',
    name: 'Carrossel de imóvel para alugar',
    description: 'Aluguel, condomínio e IPTU claros, fotos e destaques para quem procura onde morar.',
    color: '#0f766e',
    icon: 'key',
    category: 'aluguel',
    needs_home: true,
    featured: true,
    format: 'carousel',
    fields: rentalFields,
    prompts: [
      SYSTEM_PROMPT,
      listingPrompt(
        'Escreva um carrossel de Instagram para alugar este imóvel. Informe aluguel, condomínio e IPTU.',
        rentalFields,
      ),
      { role: 'user', content: 'Garantias aceitas: {{fields.guarantees}}' },
    ],
    design: { kind: 'listing', slides: ['cover', 'photo', 'photo', 'photo', 'features', 'closing'], cover: 'framed' },
  },
  {
    slug: 'aluguel-post-feed',
    name: 'Post de aluguel para o feed',
    description: 'Foto de destaque com o valor do aluguel e legenda objetiva.',
    color: '#14b8a6',
    icon: 'home',
    category: 'aluguel',
    needs_home: true,
    featured: false,
    format: 'feed',
    fields: listingFields,
    prompts: [SYSTEM_PROMPT, listingPrompt('Escreva um post de feed para alugar este imóvel.', listingFields)],
    design: { kind: 'listing', slides: ['cover'], cover: 'minimal' },
  },
  {
    slug: 'aluguel-alugado',
    name: 'Alugado!',
    description: 'Story para comemorar a locação e atrair novos proprietários.',
    color: '#059669',
    icon: 'check-circle',
    category: 'aluguel',
    needs_home: true,
    featured: false,
    format: 'story',
    fields: [extra],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um story comemorando que {{home.title}} em {{home.neighborhood}} foi alugado. Convide proprietários a anunciar com você.\nObservações: {{fields.extra}}',
      },
    ],
    design: { kind: 'sold', slides: ['cover'], cover: 'stamp' },
  },

  // ── Lançamento ───────────────────────────────────────────────────────────────────────────
  {
    slug: 'lancamento-carrossel',
    name: 'Lançamento em carrossel',
    description: 'Apresente o empreendimento: fotos, diferenciais, planta e condições de pagamento.',
    color: '#ea580c',
    icon: 'rocket',
    category: 'lancamento',
    needs_home: true,
    featured: true,
    format: 'carousel',
    fields: launchFields,
    prompts: [
      SYSTEM_PROMPT,
      listingPrompt(
        'Escreva um carrossel de lançamento imobiliário, destacando exclusividade e condições.',
        launchFields,
      ),
      {
        role: 'user',
        content:
          'Construtora: {{fields.developer}}\nEntrega prevista: {{fields.delivery}}\nCondições: {{fields.conditions}}\nFase: {{home.stage}}',
      },
    ],
    design: {
      kind: 'launch',
      slides: ['cover', 'photo', 'features', 'photo', 'floor-plan', 'text', 'closing'],
      cover: 'magazine',
    },
  },
  {
    slug: 'lancamento-story-contagem',
    name: 'Contagem regressiva do lançamento',
    description: 'Story para avisar a data do lançamento e criar expectativa.',
    color: '#f97316',
    icon: 'clock',
    category: 'lancamento',
    needs_home: true,
    featured: false,
    format: 'story',
    fields: [
      {
        type: 'date',
        name: 'event_date',
        label: 'Data do lançamento',
        required: true,
        width: 'half',
        icon: 'calendar',
      },
      { type: 'time', name: 'event_time', label: 'Horário', width: 'half', icon: 'clock' },
      { type: 'text', name: 'developer', label: 'Construtora / incorporadora', width: 'half' },
      { type: 'text', name: 'delivery', label: 'Previsão de entrega', width: 'half' },
      callToAction,
      customCta,
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um story de contagem regressiva para o lançamento de {{home.name}} em {{home.neighborhood}}, {{home.city}}, no dia {{fields.event_date}} às {{fields.event_time}}.\nConstrutora: {{fields.developer}}\nEntrega: {{fields.delivery}}',
      },
    ],
    design: { kind: 'open-house', slides: ['cover'], cover: 'magazine' },
  },

  // ── Dica do corretor ─────────────────────────────────────────────────────────────────────
  {
    slug: 'dica-carrossel',
    name: 'Dica do corretor em carrossel',
    description: 'Conteúdo útil que gera salvamentos: documentos, financiamento, FGTS, ITBI e mais.',
    color: '#ca8a04',
    icon: 'lightbulb',
    category: 'dica-do-corretor',
    needs_home: false,
    featured: true,
    format: 'carousel',
    fields: [
      {
        type: 'select',
        name: 'topic',
        label: 'Assunto',
        options: TIP_TOPIC_OPTIONS,
        required: true,
        icon: 'lightbulb',
      },
      {
        type: 'text',
        name: 'custom_topic',
        label: 'Qual assunto?',
        placeholder: 'Ex.: Seguro fiança',
        required: true,
        maxLength: 60,
        conditions: [{ field: 'topic', operator: '==', value: 'outro' }],
      },
      {
        type: 'textarea',
        name: 'custom_points',
        label: 'Suas dicas',
        help: 'Uma dica por linha.',
        required: true,
        rows: 4,
        maxLength: 800,
        conditions: [{ field: 'topic', operator: '==', value: 'outro' }],
      },
      tone,
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um carrossel educativo de dicas para quem quer comprar, vender ou alugar imóvel.\nAssunto: {{fields.topic}} {{fields.custom_topic}}\nDicas do corretor: {{fields.custom_points}}\nTom: {{fields.tone}}',
      },
    ],
    design: { kind: 'tip', slides: ['cover', 'text', 'text', 'text', 'text', 'closing'] },
  },
  {
    slug: 'dica-post-feed',
    name: 'Dica rápida para o feed',
    description: 'Uma dica em uma imagem só, com a explicação na legenda.',
    color: '#eab308',
    icon: 'lightbulb',
    category: 'dica-do-corretor',
    needs_home: false,
    featured: false,
    format: 'feed',
    fields: [
      { type: 'select', name: 'topic', label: 'Assunto', options: TIP_TOPIC_OPTIONS, required: true },
      {
        type: 'text',
        name: 'custom_topic',
        label: 'Qual assunto?',
        required: true,
        maxLength: 60,
        conditions: [{ field: 'topic', operator: '==', value: 'outro' }],
      },
      {
        type: 'textarea',
        name: 'custom_points',
        label: 'Suas dicas',
        help: 'Uma dica por linha.',
        required: true,
        rows: 4,
        conditions: [{ field: 'topic', operator: '==', value: 'outro' }],
      },
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva uma dica rápida de mercado imobiliário sobre {{fields.topic}} {{fields.custom_topic}}.\n{{fields.custom_points}}',
      },
    ],
    design: { kind: 'tip', slides: ['text'] },
  },
  {
    slug: 'dica-guia-do-bairro',
    name: 'Guia do bairro',
    description: 'Mostre por que vale a pena morar no bairro do imóvel: escolas, comércio, transporte e lazer.',
    color: '#65a30d',
    icon: 'map-pin',
    category: 'dica-do-corretor',
    needs_home: true,
    featured: false,
    format: 'carousel',
    fields: [
      {
        type: 'checkbox-group',
        name: 'highlights',
        label: 'O que o bairro tem de melhor',
        options: Object.entries(NEIGHBORHOOD_HIGHLIGHTS).map(([value, item]) => ({ value, label: item.label })),
        required: true,
        max: 5,
      },
      showPrice,
      callToAction,
      customCta,
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um carrossel "guia do bairro" sobre {{home.neighborhood}}, em {{home.city}}, destacando: {{fields.highlights}}.\nLugares próximos escolhidos pelo corretor (cite cada um pelo nome, com o tipo e a distância, um por slide): {{home.nearby_places}}\nCada slide tem um título diferente. No fim, mencione {{home.title}} disponível no bairro.',
      },
    ],
    design: {
      kind: 'neighborhood',
      slides: ['cover', 'text', 'text', 'text', 'text', 'text', 'closing'],
      cover: 'neighborhood',
    },
  },

  // ── Institucional ────────────────────────────────────────────────────────────────────────
  {
    slug: 'institucional-apresentacao',
    name: 'Apresente sua imobiliária',
    description: 'Quem você é, há quanto tempo atua e por que o cliente deve escolher você.',
    color: '#334155',
    icon: 'building',
    category: 'institucional',
    needs_home: false,
    featured: true,
    format: 'carousel',
    fields: [
      { type: 'heading', name: 'about', label: 'Sobre você' },
      {
        type: 'text',
        name: 'agency_name',
        label: 'Nome da imobiliária ou do corretor',
        required: true,
        maxLength: 60,
        icon: 'building',
      },
      { type: 'number', name: 'years', label: 'Anos de mercado', min: 0, max: 100, width: 'half' },
      { type: 'text', name: 'creci', label: 'CRECI', placeholder: 'Ex.: 12345-J', width: 'half', maxLength: 20 },
      { type: 'heading', name: 'why', label: 'Diferenciais' },
      {
        type: 'checkbox-group',
        name: 'differentials',
        label: 'Seus diferenciais',
        options: options(AGENCY_DIFFERENTIALS),
        required: true,
        max: 6,
      },
      extra,
      tone,
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um carrossel institucional apresentando {{fields.agency_name}}.\nAnos de mercado: {{fields.years}}\nCRECI: {{fields.creci}}\nDiferenciais: {{fields.differentials}}\nObservações: {{fields.extra}}',
      },
    ],
    design: { kind: 'institutional', slides: ['cover', 'text', 'text', 'text', 'closing'] },
  },
  {
    slug: 'institucional-depoimento',
    name: 'Depoimento de cliente',
    description: 'Transforme o elogio de um cliente em prova social para o seu perfil.',
    color: '#9333ea',
    icon: 'star',
    category: 'institucional',
    needs_home: false,
    featured: false,
    format: 'feed',
    fields: [
      { type: 'text', name: 'client_name', label: 'Nome do cliente', required: true, maxLength: 60, width: 'half' },
      {
        type: 'radio',
        name: 'deal_kind',
        label: 'O cliente',
        options: [
          { value: 'comprou', label: 'Comprou' },
          { value: 'vendeu', label: 'Vendeu' },
          { value: 'alugou', label: 'Alugou' },
        ],
        width: 'half',
      },
      { type: 'textarea', name: 'testimonial', label: 'Depoimento', required: true, maxLength: 400, rows: 4 },
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um post com o depoimento de {{fields.client_name}}, que {{fields.deal_kind}} um imóvel com a nossa ajuda: "{{fields.testimonial}}"',
      },
    ],
    design: { kind: 'testimonial', slides: ['text'] },
  },

  // ── Datas comemorativas ─────────────────────────────────────────────────────────────────
  {
    slug: 'datas-post-feed',
    name: 'Datas comemorativas',
    description: 'Natal, Ano Novo, Dia das Mães, Dia do Corretor e outras datas, com a sua assinatura.',
    color: '#db2777',
    icon: 'gift',
    category: 'datas-comemorativas',
    needs_home: false,
    featured: true,
    format: 'feed',
    fields: [
      { type: 'select', name: 'occasion', label: 'Data', options: OCCASION_OPTIONS, required: true, icon: 'gift' },
      {
        type: 'text',
        name: 'custom_occasion',
        label: 'Qual data?',
        placeholder: 'Ex.: Aniversário da cidade',
        required: true,
        maxLength: 60,
        conditions: [{ field: 'occasion', operator: '==', value: 'outra' }],
      },
      {
        type: 'textarea',
        name: 'message',
        label: 'Mensagem (opcional)',
        help: 'Deixe em branco para a Vitrine escrever.',
        maxLength: 300,
        rows: 3,
      },
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva uma mensagem curta e calorosa de {{fields.occasion}} {{fields.custom_occasion}} para os seguidores de uma imobiliária.\nMensagem desejada: {{fields.message}}',
      },
    ],
    design: { kind: 'holiday', slides: ['text'] },
  },
  {
    slug: 'datas-story',
    name: 'Story de data comemorativa',
    description: 'A mesma mensagem no formato vertical dos stories.',
    color: '#ec4899',
    icon: 'heart',
    category: 'datas-comemorativas',
    needs_home: false,
    featured: false,
    format: 'story',
    fields: [
      { type: 'select', name: 'occasion', label: 'Data', options: OCCASION_OPTIONS, required: true },
      {
        type: 'text',
        name: 'custom_occasion',
        label: 'Qual data?',
        required: true,
        maxLength: 60,
        conditions: [{ field: 'occasion', operator: '==', value: 'outra' }],
      },
      { type: 'textarea', name: 'message', label: 'Mensagem (opcional)', maxLength: 200, rows: 3 },
    ],
    prompts: [
      SYSTEM_PROMPT,
      {
        role: 'user',
        content:
          'Escreva um story curto de {{fields.occasion}} {{fields.custom_occasion}} para uma imobiliária.\n{{fields.message}}',
      },
    ],
    design: { kind: 'holiday', slides: ['text'] },
  },
  ...MORE_TEMPLATES,
]
