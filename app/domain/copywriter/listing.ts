// The offline copywriter's posts about one property: listing, sample, price drop, open house,
// launch and sold. The caption is built from blocks (hook, pitch, facts, price, call to action,
// signature, hashtags); each slide gets the words its layout reads.
import type { Slide } from '~/domain/slides'
import { formatBRL } from '~/domain/money'
import { homeAmenityLabel, homeFeatureLabel } from '~/domain/home'
import { formatImageMoney } from '~/domain/money'
import { nearbyFacts, nearbyPhrase } from '~/domain/nearby'
import { pick, shuffle, type Random } from '~/domain/post-plan'
import { fieldDisplayValue, joinList, type AgentFacts, type HomeFacts } from '~/domain/prompts'
import { LAUNCH_CONDITIONS } from '~/domain/template-library/content-options'
import type { CopyRequest, PostCopy, SlideCopy } from '~/domain/copy'
import {
  callToAction,
  describe,
  hashtag,
  joinBlocks,
  signature,
  text,
  uniqueTags,
  voiceOf,
  type Facts,
  type Voice,
} from './words'

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
  const costs = [facts.condominium && `Condomínio: ${facts.condominium}`, facts.iptu && `IPTU: ${facts.iptu}`].filter(
    Boolean,
  )
  if (costs.length) lines.push(costs.join(' | '))
  if (facts.socialHousing) lines.push(`${voice.emoji('🏦')}Aceita Minha Casa Minha Vida`)
  return lines
}

/** The places the agent chose on the property, nearest first (ADR 154). */
function nearbyLine(home: HomeFacts, voice: Voice): string | null {
  const places = nearbyFacts(home).slice(0, 4)
  return places.length ? `${voice.emoji('📍')}Perto de: ${joinList(places.map(nearbyPhrase))}.` : null
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

export function pitch(facts: Facts, random: Random, luxury: boolean): string {
  const specs = joinList(facts.specs)
  const purpose = facts.commercial
    ? pick(
        ['perfeito para o seu negócio crescer', 'ótima localização para receber clientes', 'pronto para a sua empresa'],
        random,
      )
    : luxury || facts.luxury
      ? pick(
          [
            'acabamento de alto padrão em cada detalhe',
            'exclusividade e conforto para viver bem',
            'sofisticação em uma das melhores regiões da cidade',
          ],
          random,
        )
      : facts.rent
        ? pick(
            [
              'é só trazer as malas',
              'conforto e praticidade para o seu dia a dia',
              'ótima opção para morar bem pagando o justo',
            ],
            random,
          )
        : pick(
            [
              'ideal para quem busca conforto e boa localização',
              'uma ótima oportunidade para morar ou investir',
              'espaço de sobra para a sua família',
            ],
            random,
          )
  if (!specs)
    return `${facts.this} ${facts.lower} em ${facts.where} é ${purpose.startsWith('é ') ? purpose.slice(2) : purpose}.`
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

/** The features and amenities the agent picked for the highlights slide ('Destaques do imóvel'). */
function pickedHighlights(values: Record<string, unknown>): string[] {
  const keys = Array.isArray(values.highlights_pick) ? values.highlights_pick.map(String) : []
  return keys.map((key) => (homeFeatureLabel(key) !== key ? homeFeatureLabel(key) : homeAmenityLabel(key))).slice(0, 6)
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
      ? [
          'Ambientes amplos e funcionais',
          'Ótima iluminação natural',
          'Pronto para o seu negócio',
          'Localização estratégica',
        ]
      : [
          'Ambientes amplos e iluminados',
          'Cada detalhe pensado para você',
          'Conforto para o dia a dia',
          'Acabamento de qualidade',
          'Espaço para viver bem',
          'Pronto para morar',
        ],
    random,
  )
  const showPrice = values.show_price !== false
  const style = values.price_style === 'short' ? 'short' : 'exact'
  const priceText = showPrice ? facts.slidePrice(style) : text(values.price_note) || 'Consulte valores'
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
        const picked = pickedHighlights(values)
        const lines = [
          facts.area,
          facts.rooms,
          facts.bathrooms,
          facts.parking,
          ...(picked.length ? picked : facts.features.slice(0, 3)),
        ].filter(Boolean)
        if (facts.amenities.length && !picked.length) lines.push(`Lazer: ${joinList(facts.amenities.slice(0, 4))}`)
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
        return (
          extraText ?? {
            title: 'Conheça mais sobre o nosso produto',
            description: pitch(facts, random, voice.luxury),
            button: 'Saiba mais',
          }
        )
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

function writeSold(request: CopyRequest, facts: Facts, voice: Voice, random: Random): PostCopy {
  const { values, agent } = request
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
    text(values.extra),
    `${voice.emoji('👉')}Quer ${facts.rent ? 'alugar' : 'vender'} o seu imóvel com a mesma agilidade? Fale comigo!`,
    signature(agent),
    listingHashtags(facts, request.home!, [facts.rent ? '#alugado' : '#vendido'], random),
  ])
  const slides = request.slides.map((slide): SlideCopy =>
    slide.type === 'closing'
      ? {
          title: `Quer ${facts.rent ? 'alugar' : 'vender'} o seu?`,
          description: signature(agent) || 'Fale com a gente',
          button: 'Fale comigo',
        }
      : { caption: label, title: `${facts.noun} em ${facts.place}`, description: 'Mais um sonho realizado' },
  )
  return { caption, slides }
}

/** What a kind of listing adds: the cover's label, opening lines, a text slide, hashtags. */
type ListingAngle = {
  label: string
  headerBlocks: string[]
  extraText?: { title: string; description: string }
  extraTags: string[]
}

/** '21/11/2026 às 10h' from the open house's date and time fields ('' when neither is set). */
function eventWhen(values: Record<string, unknown>): string {
  return [fieldDisplayValue({ type: 'date', name: 'event_date' }, values.event_date), text(values.event_time)]
    .filter(Boolean)
    .join(' às ')
}

function priceDropAngle(request: CopyRequest, facts: Facts, voice: Voice): ListingAngle {
  const home = request.home!
  const values = request.values
  const oldPrice = typeof values.old_price === 'number' && values.old_price > 0 ? values.old_price : null
  const current = facts.rent ? (home.rental_price ?? home.price) : home.price
  return {
    label: 'Baixou o preço!',
    headerBlocks: [
      oldPrice && current && current < oldPrice
        ? `${voice.emoji('📉')}BAIXOU O PREÇO! De ${formatBRL(oldPrice)} por ${facts.price} — economia de ${formatBRL(oldPrice - current)}.`
        : `${voice.emoji('📉')}BAIXOU O PREÇO! Oportunidade ${facts.deal} em ${facts.where}.`,
    ],
    extraTags: ['#oportunidade', '#baixouopreco'],
  }
}

function openHouseAngle(values: Record<string, unknown>, facts: Facts, voice: Voice): ListingAngle {
  const when = eventWhen(values)
  return {
    label: 'Visita aberta',
    headerBlocks: [
      `${voice.emoji('🏠')}VISITA ABERTA${when ? ` — ${when}` : ''}! Venha conhecer ${facts.article} ${facts.lower} pessoalmente, sem agendamento.`,
    ],
    extraTags: ['#visitaaberta', '#openhouse'],
  }
}

/** '2 quartos · 65 m² · a partir de R$ 480.000' for each unit type of a launch. */
function unitLines(values: Record<string, unknown>): string[] {
  const items = Array.isArray(values.unit_types) ? (values.unit_types as Array<Record<string, unknown>>) : []
  return items
    .map((item) => {
      const area = typeof item.area === 'number' && item.area > 0 ? `${String(item.area).replace('.', ',')} m²` : ''
      const price =
        typeof item.preco === 'number' && item.preco > 0 ? `a partir de ${formatImageMoney(item.preco)}` : ''
      return [text(item.tipologia), area, price].filter(Boolean).join(' · ')
    })
    .filter(Boolean)
    .slice(0, 6)
}

function launchAngle(values: Record<string, unknown>, facts: Facts, voice: Voice): ListingAngle {
  const conditions = (Array.isArray(values.conditions) ? values.conditions : []).map(
    (key) => LAUNCH_CONDITIONS[String(key)] ?? String(key),
  )
  const delivery = text(values.delivery)
  const developer = text(values.developer)
  const headerBlocks = [
    [
      `${voice.emoji('🚀')}LANÇAMENTO em ${facts.where}!`,
      developer && `Realização: ${developer}.`,
      delivery && `Entrega prevista: ${delivery}.`,
    ]
      .filter(Boolean)
      .join(' '),
  ]
  let extraText: ListingAngle['extraText']
  const units = unitLines(values)
  if (units.length) {
    headerBlocks.push(units.map((line) => `${voice.emoji('🏢') || '• '}${line}`).join('\n'))
    extraText = { title: 'Tipologias', description: units.join('\n') }
  } else if (conditions.length) {
    headerBlocks.push(conditions.map((condition) => `${voice.emoji('✔️') || '• '}${condition}`).join('\n'))
    extraText = { title: 'Condições especiais', description: conditions.join('\n') }
  } else if (delivery) {
    extraText = { title: 'Entrega prevista', description: delivery }
  }
  return { label: 'Lançamento', headerBlocks, extraText, extraTags: ['#lancamento', '#imovelnaplanta'] }
}

function listingAngle(request: CopyRequest, facts: Facts, voice: Voice): ListingAngle {
  switch (request.template.kind) {
    case 'price-drop':
      return priceDropAngle(request, facts, voice)
    case 'open-house':
      return openHouseAngle(request.values, facts, voice)
    case 'launch':
      return launchAngle(request.values, facts, voice)
    default:
      return { label: facts.dealLabel, headerBlocks: [], extraTags: [] }
  }
}

export function writeListing(request: CopyRequest, random: Random): PostCopy {
  const home = request.home!
  const { values, agent, template } = request
  const voice = voiceOf(values)
  const facts = describe(home)
  const kind = template.kind
  if (kind === 'sold') return writeSold(request, facts, voice, random)

  const { label, headerBlocks, extraText, extraTags } = listingAngle(request, facts, voice)
  const caption = joinBlocks([
    headerBlocks.length ? headerBlocks : hook(facts, values, voice, random),
    kind === 'listing' || kind === 'sample' ? null : text(values.headline),
    pitch(facts, random, voice.luxury),
    bulletLines(facts, voice, random),
    nearbyLine(home, voice),
    text(values.extra),
    priceLines(facts, values, voice, random),
    callToAction(values, agent, voice, random),
    signature(agent),
    listingHashtags(facts, home, extraTags, random),
  ])
  const slides = listingSlides(request.slides, facts, values, agent, voice, random, label, extraText)
  if (kind === 'open-house') {
    const when = eventWhen(values)
    slides.forEach((slide, index) => {
      if (request.slides[index]?.type === 'cover' && when) slide.description = when
    })
  }
  if (kind === 'sample') {
    // The sample carousel's closing text slide keeps its fixed words ('Conheça mais…', 'Saiba mais').
    slides.forEach((slide, index) => {
      const planned = request.slides[index]
      if (planned?.type === 'text') {
        slide.title = planned.title
        slide.button = planned.button
        slide.description = pitch(facts, random, voice.luxury)
      }
    })
  }
  return { caption, slides }
}
