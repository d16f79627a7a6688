// The offline assistant: a guided helper that answers each task of /assistente (and the
// narration of /audio) from the property's facts, with no network. The ad description is the
// offline copywriter's caption; the rest is composed here from the same facts. Pure: randomness
// comes in, so tests can pin the wording.
import { guessTask, type ChatMessage, type WriterTask } from '~/domain/assistant'
import { homeAmenityLabel, homeCategoryLabel, homeFeatureLabel } from '~/domain/home'
import { formatBRL } from '~/domain/money'
import { pick, type Random } from '~/domain/post-plan'
import { homeVariables, joinList, type AgentFacts, type HomeFacts } from '~/domain/prompts'
import { writeOfflineCopy } from './offline'

export type AssistantRequest = {
  task: WriterTask
  home: HomeFacts
  agent: AgentFacts | null
  /** What the agent typed for this turn ('' when they only chose the task). */
  message: string
  history: readonly ChatMessage[]
}

type Facts = ReturnType<typeof factsOf>

// Categories whose pt-BR noun is feminine (casa, cobertura, sala comercial, chácara…).
const FEMININE_CATEGORIES = new Set(['house', 'condo', 'penthouse', 'office', 'farm'])

function factsOf(home: HomeFacts) {
  const vars = homeVariables(home)
  const rent = home.status === 'rent'
  const noun = homeCategoryLabel(home.category) || 'Imóvel'
  const rooms =
    vars['home.suites'] && home.suites === home.bedrooms
      ? `${home.suites} ${home.suites === 1 ? 'suíte' : 'suítes'}`
      : [vars['home.bedrooms'], vars['home.suites'] && `sendo ${vars['home.suites']}`].filter(Boolean).join(', ')
  const priceCents = rent ? (home.rental_price ?? home.price) : home.price
  const feminine = FEMININE_CATEGORIES.has(home.category)
  return {
    vars,
    rent,
    noun,
    /** 'um apartamento', 'uma casa'; 'este', 'esta'; 'do', 'da'. */
    a: feminine ? 'uma' : 'um',
    this: feminine ? 'esta' : 'este',
    of: feminine ? 'da' : 'do',
    lower: noun.charAt(0).toLowerCase() + noun.slice(1),
    deal: rent ? 'para alugar' : 'à venda',
    place: home.neighborhood,
    where: [home.neighborhood, home.city].filter(Boolean).join(', '),
    price: priceCents && priceCents > 0 ? `${formatBRL(priceCents)}${rent ? ' por mês' : ''}` : '',
    pricePerMeter:
      !rent && priceCents && home.area && home.area > 0 ? formatBRL(Math.round(priceCents / home.area)) : '',
    condominium: vars['home.condominium_price'],
    area: vars['home.area'],
    rooms,
    parking: vars['home.parking_spaces'],
    features: (home.features ?? []).map(homeFeatureLabel).filter(Boolean),
    amenities: (home.amenities ?? []).map(homeAmenityLabel).filter(Boolean),
  }
}

const signature = (agent: AgentFacts | null) => [agent?.name?.trim(), agent?.phone?.trim()].filter(Boolean).join(' · ')

function whatsapp(facts: Facts, agent: AgentFacts | null, message: string, random: Random): string {
  const greeting = pick(['Olá! Tudo bem? 😊', 'Oi! Tudo bem com você? 😊', 'Olá, tudo certo? 👋'], random)
  const intro = message
    ? `Lembrei de você (${message.replace(/[.!]+$/, '')}) e separei uma opção que combina:`
    : pick(
        ['Separei uma opção que pode te interessar:', 'Tenho uma oportunidade que combina com o que você procura:'],
        random,
      )
  const highlights = [
    facts.area && `📐 ${facts.area}`,
    facts.rooms && `🛏️ ${facts.rooms}`,
    facts.parking && `🚗 ${facts.parking} de garagem`,
    facts.features.length > 0 && `✨ ${joinList(facts.features.slice(0, 3))}`,
    facts.amenities.length > 0 && `🏊 Lazer: ${joinList(facts.amenities.slice(0, 4))}`,
  ].filter(Boolean)
  const costs = facts.condominium ? ` (condomínio ${facts.condominium})` : ''
  return [
    greeting,
    `${intro}\n\n🏠 *${facts.noun} ${facts.deal} em ${facts.where}*`,
    highlights.join('\n'),
    facts.price ? `💰 ${facts.price}${costs}` : '💰 Valores e condições sob consulta',
    pick(
      [
        'Quer que eu te envie mais fotos ou prefere agendar uma visita esta semana?',
        'Posso te mandar o vídeo do imóvel ou já marcamos uma visita?',
      ],
      random,
    ),
    signature(agent),
  ]
    .filter(Boolean)
    .join('\n\n')
}

function describe(home: HomeFacts, facts: Facts, agent: AgentFacts | null, message: string, random: Random): string {
  const copy = writeOfflineCopy(
    {
      template: { name: 'Descrição do imóvel', kind: 'listing', format: 'feed' },
      home,
      fields: [],
      values: { tone: 'friendly', extra: message },
      agent,
      slides: [],
      messages: [],
    },
    random,
  )
  const about = home.description?.trim()
  return [copy.caption, about ? `Sobre o imóvel: ${about}` : ''].filter(Boolean).join('\n\n')
}

type Objection = { match: RegExp; title: string; answer: (facts: Facts) => string }

const OBJECTIONS: Objection[] = [
  {
    match: /caro|preco|valor|desconto|acima do mercado/,
    title: 'Preço',
    answer: (f) =>
      `Entendo, é um investimento importante. ${f.price ? `O valor é ${f.price}` : 'O valor'}${f.pricePerMeter ? `, o que dá ${f.pricePerMeter} por m²` : ''} — vale comparar com imóveis do mesmo padrão em ${f.place}${f.features.length ? `, que raramente têm ${joinList(f.features.slice(0, 2)).toLowerCase()}` : ''}. Posso te mostrar a comparação e simular o financiamento?`,
  },
  {
    match: /condominio|iptu|taxa/,
    title: 'Condomínio e IPTU',
    answer: (f) =>
      `${f.condominium ? `O condomínio é ${f.condominium}` : 'O condomínio'} e inclui ${f.amenities.length ? joinList(f.amenities.slice(0, 4)).toLowerCase() : 'a manutenção das áreas comuns'}. Na prática, é lazer e segurança que você usaria pagando à parte. Quer ver o que está incluído?`,
  },
  {
    match: /longe|localiza|bairro|distan|transito|regiao/,
    title: 'Localização',
    answer: (f) =>
      `${f.place} é um bairro procurado justamente pela localização. Que tal fazermos o trajeto até o seu trabalho juntos no dia da visita, para você sentir o dia a dia da região?`,
  },
  {
    match: /pequen|tamanho|espaco|apertad|metrag/,
    title: 'Tamanho',
    answer: (f) =>
      `${f.area ? `São ${f.area}` : 'A planta'}${f.rooms ? ` com ${f.rooms}` : ''}, bem distribuídos. Pessoalmente os ambientes parecem maiores do que nas fotos — posso te mostrar a planta e agendar uma visita?`,
  },
  {
    match: /pensar|depois|nao sei|esposa|marido|familia/,
    title: '"Vou pensar"',
    answer: (f) =>
      `Claro, é uma decisão importante! Para ajudar, o que pesa mais para você hoje: o valor, a localização ou o espaço? Posso enviar um resumo ${f.of} ${f.lower} para você mostrar para a família.`,
  },
  {
    match: /financ|entrada|credito|banco/,
    title: 'Financiamento',
    answer: (f) =>
      `Dá para financiar, sim. Eu faço a simulação com os principais bancos${f.price ? ` para o valor de ${f.price}` : ''} e te mostro a entrada e as parcelas. Me passa sua renda aproximada?`,
  },
]

function objections(facts: Facts, message: string): string {
  const text = message
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  const matched = message ? OBJECTIONS.filter((item) => item.match.test(text)) : []
  const chosen = matched.length ? matched : OBJECTIONS.slice(0, 4)
  const intro = matched.length
    ? `Resposta sugerida para "${message}":`
    : message
      ? `Não reconheci a objeção "${message}", então seguem respostas para as mais comuns. Dica: acolha, pergunte o motivo e responda com um fato do imóvel.`
      : 'Respostas prontas para as objeções mais comuns:'
  return [intro, ...chosen.map((item) => `*${item.title}*\n${item.answer(facts)}`)].join('\n\n')
}

const WEEKDAYS = ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo']

function week(facts: Facts, message: string): string {
  const plan: Array<[string, string]> = [
    [
      'Carrossel',
      `Apresentação: ${facts.noun} ${facts.deal} em ${facts.where}${facts.price ? ` por ${facts.price}` : ''}.`,
    ],
    ['Reels', `Tour de 30 segundos pelos ambientes com narração (crie o áudio em /audio).`],
    [
      'Story',
      `Enquete: "${facts.area ? `${facts.area} é espaço suficiente para você?` : 'O que não pode faltar no seu próximo lar?'}"`,
    ],
    ['Carrossel', `Guia do bairro: por que morar em ${facts.place}.`],
    [
      'Post',
      facts.features.length
        ? `Destaque: ${joinList(facts.features.slice(0, 3)).toLowerCase()}.`
        : 'Destaque: os detalhes que fazem a diferença.',
    ],
    [
      'Story',
      facts.amenities.length
        ? `Lazer do condomínio: ${joinList(facts.amenities.slice(0, 3)).toLowerCase()}.`
        : 'Bastidores da visita ao imóvel.',
    ],
    ['Post', `Convite para visita no fim de semana, com chamada para o WhatsApp.`],
  ]
  return [
    `Plano de 7 dias para ${facts.noun.toLowerCase()} em ${facts.place}${message ? ` (objetivo: ${message})` : ''}:`,
    ...plan.map(([format, theme], index) => `*${WEEKDAYS[index]}* — ${format}: ${theme}`),
    'Dica: publique no fim da tarde e responda aos comentários na primeira hora.',
  ].join('\n\n')
}

function narration(facts: Facts, agent: AgentFacts | null, random: Random): string {
  const name = agent?.name?.trim()
  return [
    pick(
      [
        `Procurando ${facts.a} ${facts.lower} em ${facts.place}?`,
        `Conheça ${facts.this} ${facts.lower} ${facts.deal} em ${facts.where}.`,
      ],
      random,
    ),
    [
      facts.area && `São ${facts.area}`,
      facts.rooms && `com ${facts.rooms}`,
      facts.parking && `e ${facts.parking} de garagem`,
    ]
      .filter(Boolean)
      .join(' ') + '.',
    facts.features.length ? `Tem ${joinList(facts.features.slice(0, 3)).toLowerCase()}.` : '',
    facts.amenities.length ? `No condomínio, ${joinList(facts.amenities.slice(0, 4)).toLowerCase()}.` : '',
    facts.price ? `Tudo isso por ${facts.price}.` : 'Consulte valores e condições.',
    name ? `Fale com ${name} e agende a sua visita.` : 'Agende a sua visita e venha conhecer pessoalmente.',
  ]
    .filter((line) => line && line !== '.')
    .join(' ')
}

function conversation(
  home: HomeFacts,
  facts: Facts,
  agent: AgentFacts | null,
  message: string,
  random: Random,
): string {
  const guessed = message ? guessTask(message) : null
  if (guessed && guessed !== 'conversa')
    return answerOffline({ task: guessed, home, agent, message: '', history: [] }, random)
  return [
    `Sem um serviço de inteligência artificial configurado, eu trabalho com tarefas guiadas. Para ${facts.noun.toLowerCase()} em ${facts.place}, posso:`,
    '• escrever a mensagem de WhatsApp;\n• descrever o imóvel para anúncio;\n• responder objeções (escreva o que o cliente disse);\n• planejar uma semana de posts.',
    `Um começo: "${facts.noun} ${facts.deal} em ${facts.where}${facts.price ? `, ${facts.price}` : ''}." Escolha uma tarefa acima e envie de novo.`,
  ].join('\n\n')
}

/** The whole answer for one turn. */
export function answerOffline(request: AssistantRequest, random: Random = Math.random): string {
  const facts = factsOf(request.home)
  const message = request.message.trim()
  switch (request.task satisfies WriterTask) {
    case 'whatsapp':
      return whatsapp(facts, request.agent, message, random)
    case 'descrever':
      return describe(request.home, facts, request.agent, message, random)
    case 'objecoes':
      return objections(facts, message)
    case 'semana':
      return week(facts, message)
    case 'narracao':
      return narration(facts, request.agent, random)
    case 'conversa':
      return conversation(request.home, facts, request.agent, message, random)
  }
}
