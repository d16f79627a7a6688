// The offline pt-BR copywriter: writes a post's caption and the words of its slides from the
// property's facts and the agent's answers, with no network. Pure (randomness comes in), so it
// is fast and testable; several wordings per sentence keep consecutive posts from reading alike.
import type { Slide } from '../../../db/schema'
import {
  homeAmenityLabel,
  homeCategoryLabel,
  homeFeatureLabel,
} from '../../domain/home'
import { formatBRL } from '../../domain/money'
import { pick, shuffle, type Random } from '../../domain/post-plan'
import {
  fieldDisplayValue,
  formatArea,
  joinList,
  type AgentFacts,
  type HomeFacts,
} from '../../domain/prompts'
import {
  AGENCY_DIFFERENTIALS,
  LAUNCH_CONDITIONS,
  NEIGHBORHOOD_HIGHLIGHTS,
  OCCASIONS,
  TIP_TOPICS,
} from '../../domain/template-library/content-options'
import type { CopyRequest, CopyWriter, PostCopy, SlideCopy } from './types'

const FEMININE_CATEGORIES = new Set(['house', 'condo', 'penthouse', 'office', 'farm'])

type Voice = { emoji: (symbol: string) => string; luxury: boolean }

function voiceOf(values: Record<string, unknown>): Voice {
  const tone = String(values.tone ?? 'friendly')
  return {
    emoji: (symbol) => (tone === 'formal' ? '' : `${symbol} `),
    luxury: tone === 'luxury',
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** '#jardimpaulista' from 'Jardim Paulista'. */
export function hashtag(words: string): string {
  const slug = words
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
  return slug ? `#${slug}` : ''
}

function uniqueTags(tags: string[], limit = 8): string {
  return [...new Set(tags.filter(Boolean))].slice(0, limit).join(' ')
}

/** The property's facts in words, ready to be arranged into sentences. */
function describe(home: HomeFacts) {
  const feminine = FEMININE_CATEGORIES.has(home.category)
  const noun = homeCategoryLabel(home.category) || 'Imóvel'
  const rent = home.status === 'rent'
  const priceCents = rent ? (home.rental_price ?? home.price) : home.price
  const price = priceCents && priceCents > 0 ? `${formatBRL(priceCents)}${rent ? '/mês' : ''}` : ''
  const bedrooms = home.bedrooms ?? 0
  const suites = home.suites ?? 0
  const rooms =
    bedrooms > 0 && suites >= bedrooms
      ? `${bedrooms} ${bedrooms === 1 ? 'suíte' : 'suítes'}`
      : bedrooms > 0
        ? `${bedrooms} ${bedrooms === 1 ? 'quarto' : 'quartos'}${suites > 0 ? ` (${suites} ${suites === 1 ? 'suíte' : 'suítes'})` : ''}`
        : ''
  const parking = home.parking_spaces
    ? `${home.parking_spaces} ${home.parking_spaces === 1 ? 'vaga de garagem' : 'vagas de garagem'}`
    : ''
  const bathrooms = home.bathrooms
    ? `${home.bathrooms} ${home.bathrooms === 1 ? 'banheiro' : 'banheiros'}`
    : ''
  const area = formatArea(home.area)
  return {
    noun,
    lower: noun.charAt(0).toLowerCase() + noun.slice(1),
    feminine,
    article: feminine ? 'a' : 'o',
    indefinite: feminine ? 'uma' : 'um',
    this: feminine ? 'Esta' : 'Este',
    adjective: (masculine: string, femininePart: string) => (feminine ? femininePart : masculine),
    rent,
    deal: rent ? 'para alugar' : 'à venda',
    dealLabel: rent ? 'Para alugar' : 'À venda',
    place: home.neighborhood,
    where: [home.neighborhood, home.city].filter(Boolean).join(', '),
    price,
    condominium: home.condominium_price ? formatBRL(home.condominium_price) : '',
    iptu: home.iptu_price ? formatBRL(home.iptu_price) : '',
    rooms,
    bathrooms,
    parking,
    area,
    specs: [area, rooms, parking].filter(Boolean),
    features: (home.features ?? []).map(homeFeatureLabel),
    amenities: (home.amenities ?? []).map(homeAmenityLabel),
    commercial: home.type === 'commercial' || home.category === 'office',
    luxury: home.segment === 'luxury',
    socialHousing: Boolean(home.social_housing_program),
  }
}

type Facts = ReturnType<typeof describe>

function callToAction(
  values: Record<string, unknown>,
  agent: AgentFacts | null,
  voice: Voice,
  random: Random,
  goal = 'agende sua visita',
): string {
  const phone = agent?.phone?.trim()
  const choice = text(values.call_to_action)
  if (choice === 'custom' && text(values.custom_cta)) return text(values.custom_cta)
  const options: Record<string, string> = {
    whatsapp: phone
      ? `${voice.emoji('📲')}Chame no WhatsApp ${phone} e ${goal}!`
      : `${voice.emoji('📲')}Chame no WhatsApp e ${goal}!`,
    direct: `${voice.emoji('📩')}Mande uma mensagem no direct e ${goal}.`,
    visit: `${voice.emoji('📅')}Agende agora mesmo a sua visita!`,
    comment: `${voice.emoji('👉')}Comente "EU QUERO" que eu te chamo no direct!`,
  }
  if (options[choice]) return options[choice]
  return pick(Object.values(options), random)
}

function signature(agent: AgentFacts | null): string {
  const name = agent?.name?.trim()
  const phone = agent?.phone?.trim()
  if (!name && !phone) return ''
  return [name, phone].filter(Boolean).join(' · ')
}

function priceLines(facts: Facts, values: Record<string, unknown>, voice: Voice, random: Random): string[] {
  if (values.show_price === false) {
    return [`${voice.emoji('💬')}${text(values.price_note) || 'Consulte valores e condições no direct.'}`]
  }
  const lines: string[] = []
  if (facts.price) {
    const label = facts.rent ? 'Aluguel' : pick(['Valor', 'Investimento', 'Preço'], random)
    lines.push(`${voice.emoji('💰')}${label}: ${facts.price}`)
  } else {
    lines.push(`${voice.emoji('💬')}Consulte valores e condições.`)
  }
  const costs = [
    facts.condominium && `Condomínio: ${facts.condominium}`,
    facts.iptu && `IPTU: ${facts.iptu}`,
  ].filter(Boolean)
  if (costs.length) lines.push(costs.join(' | '))
  if (facts.socialHousing) lines.push(`${voice.emoji('🏦')}Aceita Minha Casa Minha Vida`)
  return lines
}

function bulletLines(facts: Facts, voice: Voice, random: Random): string[] {
  const mark = voice.emoji(pick(['✅', '🔹', '▪️'], random)) || '• '
  const lines = [
    facts.area && `${mark}${facts.area} de área${facts.commercial ? ' útil' : ''}`,
    facts.rooms && `${mark}${facts.rooms}`,
    facts.bathrooms && `${mark}${facts.bathrooms}`,
    facts.parking && `${mark}${facts.parking}`,
    ...facts.features.slice(0, 4).map((feature) => `${mark}${feature}`),
  ].filter((line): line is string => Boolean(line))
  if (facts.amenities.length)
    lines.push(
      `${voice.emoji('🏊')}${pick(['Lazer', 'Lazer completo', 'No condomínio'], random)}: ${joinList(facts.amenities.slice(0, 6))}`,
    )
  return lines
}

function hook(facts: Facts, values: Record<string, unknown>, voice: Voice, random: Random): string {
  const headline = text(values.headline)
  if (headline) return `${voice.emoji('✨')}${headline}`
  const { noun, lower, place, where, deal, indefinite, adjective } = facts
  const home = facts.commercial ? 'novo endereço comercial' : 'novo lar'
  const options = [
    `${voice.emoji('✨')}${noun} ${deal} em ${place}!`,
    `${voice.emoji('🏡')}Seu ${home} pode estar em ${where}.`,
    `${voice.emoji('📍')}${where} | ${noun} ${deal}`,
    `${voice.emoji('🔑')}Procurando ${indefinite} ${lower} em ${place}? Encontramos!`,
    `${adjective(voice.luxury || facts.luxury ? 'Sofisticado' : 'Lindo', voice.luxury || facts.luxury ? 'Sofisticada' : 'Linda')} ${lower} ${deal} em ${place} ${voice.emoji('😍').trim()}`.trim(),
  ]
  return pick(options, random)
}

function pitch(facts: Facts, random: Random, luxury: boolean): string {
  const specs = joinList(facts.specs)
  const purpose = facts.commercial
    ? pick(['perfeito para o seu negócio crescer', 'ótima localização para receber clientes', 'pronto para a sua empresa'], random)
    : luxury || facts.luxury
      ? pick(['acabamento de alto padrão em cada detalhe', 'exclusividade e conforto para viver bem', 'sofisticação em uma das melhores regiões da cidade'], random)
      : facts.rent
        ? pick(['é só trazer as malas', 'conforto e praticidade para o seu dia a dia', 'ótima opção para morar bem pagando o justo'], random)
        : pick(['ideal para quem busca conforto e boa localização', 'uma ótima oportunidade para morar ou investir', 'espaço de sobra para a sua família'], random)
  if (!specs) return `${facts.this} ${facts.lower} em ${facts.where} é ${purpose.startsWith('é ') ? purpose.slice(2) : purpose}.`
  return pick(
    [
      `São ${specs} em ${facts.where}: ${purpose}.`,
      `${facts.this} ${facts.lower} tem ${specs} — ${purpose}.`,
      `Com ${specs}, ${facts.article} ${facts.lower} fica em ${facts.where}: ${purpose}.`,
    ],
    random,
  )
}

function listingHashtags(facts: Facts, home: HomeFacts, extra: string[], random: Random): string {
  return uniqueTags([
    '#imoveis',
    hashtag(`${facts.lower} ${facts.rent ? 'para alugar' : 'a venda'}`),
    hashtag(home.neighborhood),
    hashtag(home.city),
    ...extra,
    pick(['#corretordeimoveis', '#imobiliaria', '#corretor'], random),
    pick(facts.rent ? ['#aluguel', '#alugueldeimoveis'] : ['#imovelavenda', '#casapropria', '#investimento'], random),
  ])
}

function joinBlocks(blocks: Array<string | string[] | false | undefined | null>): string {
  return blocks
    .map((block) => (Array.isArray(block) ? block.filter(Boolean).join('\n') : block || ''))
    .filter((block) => block.trim() !== '')
    .join('\n\n')
}

/** Words for each planned slide of a post about one property. */
function listingSlides(
  slides: readonly Slide[],
  facts: Facts,
  values: Record<string, unknown>,
  agent: AgentFacts | null,
  voice: Voice,
  random: Random,
  label: string,
  extraText?: { title: string; description: string },
): SlideCopy[] {
  const photoLines = shuffle(
    facts.commercial
      ? ['Ambientes amplos e funcionais', 'Ótima iluminação natural', 'Pronto para o seu negócio', 'Localização estratégica']
      : ['Ambientes amplos e iluminados', 'Cada detalhe pensado para você', 'Conforto para o dia a dia', 'Acabamento de qualidade', 'Espaço para viver bem', 'Pronto para morar'],
    random,
  )
  const showPrice = values.show_price !== false
  const priceText = showPrice ? facts.price || 'Consulte valores' : text(values.price_note) || 'Consulte valores'
  const title = text(values.headline) || `${facts.noun} em ${facts.place}`
  return slides.map((slide): SlideCopy => {
    switch (slide.type) {
      case 'cover':
        return { caption: label, title, description: priceText }
      case 'photo':
        return { caption: slide.caption?.trim() || photoLines.shift() || 'Conheça cada ambiente' }
      case 'photo-grid':
        return { title: pick(['Conheça cada ambiente', 'Tour pelo imóvel', 'Veja por dentro'], random) }
      case 'features': {
        const lines = [facts.area, facts.rooms, facts.bathrooms, facts.parking, ...facts.features.slice(0, 3)]
          .filter(Boolean)
        if (facts.amenities.length) lines.push(`Lazer: ${joinList(facts.amenities.slice(0, 4))}`)
        return {
          title: pick(['Destaques do imóvel', 'O que você vai encontrar', 'Características'], random),
          description: lines.join('\n'),
        }
      }
      case 'floor-plan':
        return {
          title: pick(['Planta', 'Planta bem distribuída', 'Conheça a planta'], random),
          caption: slide.caption?.trim() || (facts.area ? `${facts.area} bem aproveitados` : null),
        }
      case 'text':
        return extraText ?? {
          title: 'Conheça mais sobre o nosso produto',
          description: pitch(facts, random, voice.luxury),
          button: 'Saiba mais',
        }
      case 'closing':
        return {
          title: pick(['Agende sua visita', 'Gostou? Vamos conversar!', 'Venha conhecer'], random),
          description: signature(agent) || 'Fale com a gente no direct',
          button: pick(['Quero visitar', 'Falar com o corretor', 'Saiba mais'], random),
        }
      default:
        return {}
    }
  })
}

/** A property sold or rented: a thank-you, not a listing. */
function writeSold(request: CopyRequest, facts: Facts, voice: Voice, random: Random): PostCopy {
  const home = request.home!
  const { agent } = request
  const label = facts.rent ? 'Alugado!' : 'Vendido!'
  const caption = joinBlocks([
    `${voice.emoji('🎉')}${label.toUpperCase()} ${facts.noun} em ${facts.where}.`,
    pick(
      [
        `Mais uma ${facts.rent ? 'locação concluída' : 'venda concluída'} com sucesso! Obrigado pela confiança de quem esteve com a gente nessa conquista.`,
        `Chaves entregues e ${facts.rent ? 'novos moradores' : 'novos proprietários'} felizes. É para isso que a gente trabalha!`,
        `Que alegria fechar mais este negócio! Desejamos muitas felicidades no novo lar.`,
      ],
      random,
    ),
    text(request.values.extra),
    `${voice.emoji('👉')}Quer ${facts.rent ? 'alugar' : 'vender'} o seu imóvel com a mesma agilidade? Fale comigo!`,
    signature(agent),
    listingHashtags(facts, home, [facts.rent ? '#alugado' : '#vendido'], random),
  ])
  const slides = request.slides.map((slide): SlideCopy =>
    slide.type === 'closing'
      ? { title: `Quer ${facts.rent ? 'alugar' : 'vender'} o seu?`, description: signature(agent) || 'Fale com a gente', button: 'Fale comigo' }
      : { caption: label, title: `${facts.noun} em ${facts.place}`, description: 'Mais um sonho realizado' },
  )
  return { caption, slides }
}

/** What a listing of a special kind opens with: its label, first lines, extra slide and tags. */
type ListingHeader = {
  label: string
  blocks: string[]
  extraText?: { title: string; description: string }
  tags: string[]
}

/** 'dd/mm/aaaa às 10h' of an open house, from its date and time answers. */
const eventWhen = (values: Record<string, unknown>) =>
  [fieldDisplayValue({ type: 'date', name: 'event_date' }, values.event_date), text(values.event_time)]
    .filter(Boolean)
    .join(' às ')

function priceDropHeader(request: CopyRequest, facts: Facts, voice: Voice): ListingHeader {
  const home = request.home!
  const oldPrice = typeof request.values.old_price === 'number' && request.values.old_price > 0 ? request.values.old_price : null
  const current = facts.rent ? (home.rental_price ?? home.price) : home.price
  return {
    label: 'Baixou o preço!',
    blocks: [
      oldPrice && current && current < oldPrice
        ? `${voice.emoji('📉')}BAIXOU O PREÇO! De ${formatBRL(oldPrice)} por ${facts.price} — economia de ${formatBRL(oldPrice - current)}.`
        : `${voice.emoji('📉')}BAIXOU O PREÇO! Oportunidade ${facts.deal} em ${facts.where}.`,
    ],
    tags: ['#oportunidade', '#baixouopreco'],
  }
}

function openHouseHeader(request: CopyRequest, facts: Facts, voice: Voice): ListingHeader {
  const when = eventWhen(request.values)
  return {
    label: 'Visita aberta',
    blocks: [
      `${voice.emoji('🏠')}VISITA ABERTA${when ? ` — ${when}` : ''}! Venha conhecer ${facts.article} ${facts.lower} pessoalmente, sem agendamento.`,
    ],
    tags: ['#visitaaberta', '#openhouse'],
  }
}

function launchHeader(request: CopyRequest, facts: Facts, voice: Voice): ListingHeader {
  const { values } = request
  const conditions = (Array.isArray(values.conditions) ? values.conditions : [])
    .map((key) => LAUNCH_CONDITIONS[String(key)] ?? String(key))
  const delivery = text(values.delivery)
  const developer = text(values.developer)
  const blocks = [
    [
      `${voice.emoji('🚀')}LANÇAMENTO em ${facts.where}!`,
      developer && `Realização: ${developer}.`,
      delivery && `Entrega prevista: ${delivery}.`,
    ]
      .filter(Boolean)
      .join(' '),
  ]
  let extraText: ListingHeader['extraText']
  if (conditions.length) {
    blocks.push(conditions.map((condition) => `${voice.emoji('✔️') || '• '}${condition}`).join('\n'))
    extraText = { title: 'Condições especiais', description: conditions.join('\n') }
  } else if (delivery) {
    extraText = { title: 'Entrega prevista', description: delivery }
  }
  return { label: 'Lançamento', blocks, extraText, tags: ['#lancamento', '#imovelnaplanta'] }
}

const listingHeaders: Partial<Record<string, (request: CopyRequest, facts: Facts, voice: Voice) => ListingHeader>> = {
  'price-drop': priceDropHeader,
  'open-house': openHouseHeader,
  launch: launchHeader,
}

/** The planned slides' fixed words a kind keeps (open house: its date on the cover; sample: spec §9). */
function keepPlannedWords(request: CopyRequest, slides: SlideCopy[], facts: Facts, voice: Voice, random: Random) {
  const kind = request.template.kind
  if (kind === 'open-house') {
    const when = eventWhen(request.values)
    slides.forEach((slide, index) => {
      if (request.slides[index]?.type === 'cover' && when) slide.description = when
    })
  }
  if (kind === 'sample') {
    // Spec §9: the sample carousel's closing text slide keeps its fixed words.
    slides.forEach((slide, index) => {
      const planned = request.slides[index]
      if (planned?.type === 'text') {
        slide.title = planned.title
        slide.button = planned.button
        slide.description = pitch(facts, random, voice.luxury)
      }
    })
  }
}

function writeListing(request: CopyRequest, random: Random): PostCopy {
  const home = request.home!
  const { values, agent, template } = request
  const voice = voiceOf(values)
  const facts = describe(home)
  const kind = template.kind
  if (kind === 'sold') return writeSold(request, facts, voice, random)

  const header = listingHeaders[kind]?.(request, facts, voice) ?? { label: facts.dealLabel, blocks: [], tags: [] }
  const caption = joinBlocks([
    header.blocks.length ? header.blocks : hook(facts, values, voice, random),
    kind === 'listing' || kind === 'sample' ? null : text(values.headline),
    pitch(facts, random, voice.luxury),
    bulletLines(facts, voice, random),
    text(values.extra),
    priceLines(facts, values, voice, random),
    callToAction(values, agent, voice, random),
    signature(agent),
    listingHashtags(facts, home, header.tags, random),
  ])
  const slides = listingSlides(request.slides, facts, values, agent, voice, random, header.label, header.extraText)
  keepPlannedWords(request, slides, facts, voice, random)
  return { caption, slides }
}

function writeTip(request: CopyRequest, random: Random): PostCopy {
  const { values, agent } = request
  const voice = voiceOf(values)
  const topicKey = text(values.topic)
  const known = TIP_TOPICS[topicKey]
  const custom = !known
  const title = custom ? text(values.custom_topic) || 'Dica do corretor' : known.title
  const points = custom
    ? text(values.custom_points)
        .split('\n')
        .map((line) => line.replace(/^[-•*\d.)\s]+/, '').trim())
        .filter(Boolean)
        .map((line) => ({ title: line.length > 40 ? 'Dica' : line, text: line }))
    : known.points
  const intro = custom
    ? pick([`Hoje a dica é sobre ${title.toLowerCase()}.`, `Separei algumas orientações sobre ${title.toLowerCase()}.`], random)
    : pick(known.hooks, random)
  const caption = joinBlocks([
    `${voice.emoji('💡')}${title}`,
    intro,
    points.map((point, index) => `${index + 1}. ${point.text}`),
    custom ? 'Ficou com alguma dúvida? Me chame que eu te ajudo.' : known.closing,
    `${voice.emoji('📌')}Salve este post para consultar depois e compartilhe com quem precisa!`,
    signature(agent),
    uniqueTags([
      '#dicadocorretor',
      ...(known?.hashtags ?? []),
      '#imoveis',
      '#corretordeimoveis',
      custom && hashtag(title).length <= 24 ? hashtag(title) : '',
    ]),
  ])
  const queue = [...points]
  const slides = request.slides.map((slide): SlideCopy => {
    if (slide.type === 'cover') return { caption: 'Dica do corretor', title, description: intro }
    if (slide.type === 'closing')
      return { title: 'Ficou com dúvida?', description: signature(agent) || 'Fale com a gente no direct', button: 'Fale comigo' }
    if (request.template.format !== 'carousel')
      return {
        title,
        description: points.slice(0, 4).map((point) => `• ${point.title}`).join('\n'),
        caption: 'Dica do corretor',
      }
    const point = queue.shift()
    return point ? { title: point.title, description: point.text } : { title, description: intro }
  })
  return { caption, slides }
}

function writeNeighborhood(request: CopyRequest, random: Random): PostCopy {
  const home = request.home!
  const { values, agent } = request
  const voice = voiceOf(values)
  const facts = describe(home)
  const chosen = (Array.isArray(values.highlights) ? values.highlights : ['comercio', 'transporte', 'escolas'])
    .map((key) => NEIGHBORHOOD_HIGHLIGHTS[String(key)])
    .filter((item): item is NonNullable<typeof item> => Boolean(item))
  const title = pick([`Por que morar em ${facts.place}?`, `Guia do bairro: ${facts.place}`, `Conheça ${facts.place}`], random)
  const caption = joinBlocks([
    `${voice.emoji('📍')}${title}`,
    pick(
      [
        `${facts.place} é um dos bairros mais procurados de ${home.city}. Veja o que faz a região ser tão especial:`,
        `Morar bem também é escolher o bairro certo. Olha só o que ${facts.place} oferece:`,
        `Quem mora em ${facts.place} sabe: a região tem tudo para o dia a dia. Confira:`,
      ],
      random,
    ),
    chosen.map((item) => `${voice.emoji('✔️') || '• '}${item.text(facts.place)}`),
    `E tem ${facts.indefinite} ${facts.lower} ${facts.deal} esperando por você no bairro${facts.price && values.show_price !== false ? `, por ${facts.price}` : ''}.`,
    callToAction(values, agent, voice, random, 'conheça o bairro com a gente'),
    signature(agent),
    uniqueTags(['#guiadobairro', hashtag(facts.place), hashtag(home.city), '#imoveis', '#corretordeimoveis']),
  ])
  const queue = [...chosen]
  const slides = request.slides.map((slide): SlideCopy => {
    if (slide.type === 'cover') return { caption: 'Guia do bairro', title, description: home.city }
    if (slide.type === 'closing')
      return {
        title: `${facts.noun} ${facts.deal} em ${facts.place}`,
        description: signature(agent) || (facts.price ? facts.price : 'Consulte valores'),
        button: 'Quero conhecer',
      }
    const item = queue.shift()
    return item ? { title: item.title, description: item.text(facts.place) } : { title, description: pitch(facts, random, false) }
  })
  return { caption, slides }
}

function writeInstitutional(request: CopyRequest, random: Random): PostCopy {
  const { values, agent } = request
  const voice = voiceOf(values)
  const name = text(values.agency_name) || agent?.name?.trim() || 'Nossa imobiliária'
  const years = typeof values.years === 'number' && values.years > 0 ? values.years : null
  const differentials = (Array.isArray(values.differentials) ? values.differentials : ['atendimento', 'documentacao', 'financiamento'])
    .map((key) => AGENCY_DIFFERENTIALS[String(key)] ?? String(key))
  const creci = text(values.creci)
  const intro = pick(
    [
      `${years ? `Há ${years} ${years === 1 ? 'ano' : 'anos'}` : 'Todos os dias'} ajudando famílias a encontrar o lugar certo para viver e investir.`,
      `Somos apaixonados por conectar pessoas aos seus lares${years ? ` — e fazemos isso há ${years} ${years === 1 ? 'ano' : 'anos'}` : ''}.`,
      `Comprar, vender ou alugar com segurança e sem complicação: é isso que a gente entrega${years ? ` há ${years} ${years === 1 ? 'ano' : 'anos'}` : ''}.`,
    ],
    random,
  )
  const caption = joinBlocks([
    `${voice.emoji('🤝')}Prazer, ${name}!`,
    intro,
    differentials.map((item) => `${voice.emoji('✅') || '• '}${item}`),
    text(values.extra),
    `${voice.emoji('📲')}Fale com a gente e conte o que você procura.`,
    [signature(agent), creci && `CRECI ${creci}`].filter(Boolean).join(' · '),
    uniqueTags(['#imobiliaria', '#corretordeimoveis', hashtag(name), '#imoveis', '#atendimentopersonalizado']),
  ])
  const queue = [...differentials]
  const slides = request.slides.map((slide, index): SlideCopy => {
    if (slide.type === 'cover' || (index === 0 && request.template.format !== 'carousel'))
      return { caption: 'Prazer!', title: name, description: intro, button: request.template.format !== 'carousel' ? 'Fale com a gente' : null }
    if (slide.type === 'closing')
      return { title: 'Vamos conversar?', description: [signature(agent), creci && `CRECI ${creci}`].filter(Boolean).join(' · ') || 'Fale com a gente no direct', button: 'Fale com a gente' }
    const first = queue.shift()
    const second = queue.shift()
    return { title: 'Por que nos escolher', description: [first, second].filter(Boolean).join('\n') || intro }
  })
  return { caption, slides }
}

function writeTestimonial(request: CopyRequest, random: Random): PostCopy {
  const { values, agent } = request
  const voice = voiceOf(values)
  const client = text(values.client_name) || 'Cliente'
  const quote = text(values.testimonial) || 'Atendimento excelente do começo ao fim!'
  const caption = joinBlocks([
    `${voice.emoji('⭐')}${pick(['Quem confia, recomenda!', 'A melhor propaganda é um cliente feliz.', 'Depoimento que enche a gente de orgulho!'], random)}`,
    `"${quote}"`,
    `— ${client}`,
    pick(
      ['Obrigado pela confiança! Foi um prazer fazer parte dessa conquista.', 'Cada história como esta é o que nos move. Obrigado!', 'Que alegria ajudar a realizar esse sonho!'],
      random,
    ),
    `${voice.emoji('📲')}Quer viver essa experiência também? Fale com a gente.`,
    signature(agent),
    uniqueTags(['#depoimento', '#clientesatisfeito', '#corretordeimoveis', '#imoveis']),
  ])
  const slides = request.slides.map((slide): SlideCopy =>
    slide.type === 'closing'
      ? { title: 'Seu sonho é o próximo', description: signature(agent) || 'Fale com a gente no direct', button: 'Fale com a gente' }
      : { caption: 'Depoimento', title: `"${quote}"`, description: `— ${client}` },
  )
  return { caption, slides }
}

function writeHoliday(request: CopyRequest, random: Random): PostCopy {
  const { values, agent } = request
  const voice = voiceOf(values)
  const known = OCCASIONS[text(values.occasion)]
  const title = known?.title ?? (text(values.custom_occasion) || 'Data especial')
  const message = text(values.message) || (known ? pick(known.messages, random) : `Hoje é dia de celebrar: ${title}!`)
  const caption = joinBlocks([
    `${voice.emoji(pick(['🎉', '💛', '✨'], random))}${title}`,
    message,
    signature(agent),
    uniqueTags([...(known?.hashtags ?? [hashtag(title)]), '#imobiliaria', '#corretordeimoveis']),
  ])
  const slides = request.slides.map((slide): SlideCopy =>
    slide.type === 'closing'
      ? { title: 'Conte com a gente', description: signature(agent) || 'Fale com a gente no direct', button: null }
      : { title, description: message },
  )
  return { caption, slides }
}

/** Writes the caption and slide words for a post. `random` makes the wording vary. */
export function writeOfflineCopy(request: CopyRequest, random: Random = Math.random): PostCopy {
  switch (request.template.kind) {
    case 'tip':
      return writeTip(request, random)
    case 'institutional':
      return writeInstitutional(request, random)
    case 'testimonial':
      return writeTestimonial(request, random)
    case 'holiday':
      return writeHoliday(request, random)
    case 'neighborhood':
      return request.home ? writeNeighborhood(request, random) : writeTip(request, random)
    default:
      if (!request.home) return writeInstitutional(request, random)
      return writeListing(request, random)
  }
}

export function createOfflineWriter(random: Random = Math.random): CopyWriter {
  return {
    name: 'offline',
    write: async (request) => writeOfflineCopy(request, random),
  }
}
