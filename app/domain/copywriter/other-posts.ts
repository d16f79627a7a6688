// The offline copywriter's posts not about one listing: a tip, a neighbourhood guide, the agency
// itself, a client's testimonial and a holiday greeting.
import { nearbyFacts, nearbyPhrase } from '~/domain/nearby'
import { pick, type Random } from '~/domain/post-plan'
import { joinList } from '~/domain/prompts'
import {
  AGENCY_DIFFERENTIALS,
  NEIGHBORHOOD_HIGHLIGHTS,
  OCCASIONS,
  TIP_TOPICS,
} from '~/domain/template-library/content-options'
import type { CopyRequest, PostCopy, SlideCopy } from '~/domain/copy'
import { pitch } from './listing'
import { callToAction, describe, hashtag, joinBlocks, signature, text, uniqueTags, voiceOf } from './words'

export function writeTip(request: CopyRequest, random: Random): PostCopy {
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
    ? pick(
        [`Hoje a dica é sobre ${title.toLowerCase()}.`, `Separei algumas orientações sobre ${title.toLowerCase()}.`],
        random,
      )
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
      return {
        title: 'Ficou com dúvida?',
        description: signature(agent) || 'Fale com a gente no direct',
        button: 'Fale comigo',
      }
    if (request.template.format !== 'carousel')
      return {
        title,
        description: points
          .slice(0, 4)
          .map((point) => `• ${point.title}`)
          .join('\n'),
        caption: 'Dica do corretor',
      }
    const point = queue.shift()
    return point ? { title: point.title, description: point.text } : { title, description: intro }
  })
  return { caption, slides }
}

type GuideItem = { title: string; description: string }

/** The guide's slides: the chosen places first (name, kind, distance), then the highlights. */
function guideItems(request: CopyRequest, place: string): GuideItem[] {
  const { values } = request
  const places = nearbyFacts(request.home!)
    .slice(0, 6)
    .map((fact): GuideItem => ({
      title: fact.name,
      description: fact.distance
        ? `${fact.kind === 'Local' ? 'Fica' : fact.kind} a ${fact.distance} do imóvel: mais praticidade para quem mora em ${place}.`
        : `${fact.kind === 'Local' ? 'Um endereço' : fact.kind} pertinho do imóvel, em ${place}.`,
    }))
  const highlights = (Array.isArray(values.highlights) ? values.highlights : ['comercio', 'transporte', 'escolas'])
    .map((key) => NEIGHBORHOOD_HIGHLIGHTS[String(key)])
    .filter((item): item is NonNullable<typeof item> => Boolean(item))
    .map((item): GuideItem => ({ title: item.title, description: item.text(place) }))
  return [...places, ...highlights]
}

/** Titles never repeat on a guide's slides: a taken one gets the next spare title. */
function distinctTitles(items: GuideItem[], spares: string[]): GuideItem[] {
  const used = new Set<string>()
  return items.map((item) => {
    let title = item.title
    while (used.has(title.toLowerCase())) title = spares.shift() ?? `${item.title} (${used.size + 1})`
    used.add(title.toLowerCase())
    return { ...item, title }
  })
}

export function writeNeighborhood(request: CopyRequest, random: Random): PostCopy {
  const home = request.home!
  const { values, agent } = request
  const voice = voiceOf(values)
  const facts = describe(home)
  const places = nearbyFacts(home)
  const items = guideItems(request, facts.place)
  const title = pick(
    [`Por que morar em ${facts.place}?`, `Guia do bairro: ${facts.place}`, `Conheça ${facts.place}`],
    random,
  )
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
    places.length ? `${voice.emoji('🗺️')}Pertinho do imóvel: ${joinList(places.slice(0, 6).map(nearbyPhrase))}.` : null,
    items.slice(places.length).map((item) => `${voice.emoji('✔️') || '• '}${item.description}`),
    `E tem ${facts.indefinite} ${facts.lower} ${facts.deal} esperando por você no bairro${facts.price && values.show_price !== false ? `, por ${facts.price}` : ''}.`,
    callToAction(values, agent, voice, random, 'conheça o bairro com a gente'),
    signature(agent),
    uniqueTags(['#guiadobairro', hashtag(facts.place), hashtag(home.city), '#imoveis', '#corretordeimoveis']),
  ])
  const spare: GuideItem[] = [
    { title: `Viver em ${facts.place}`, description: pitch(facts, random, false) },
    { title: `${facts.noun} ${facts.deal}`, description: `${facts.this} ${facts.lower} fica em ${facts.where}.` },
    { title: 'Mobilidade e rotina', description: `Em ${facts.place}, o dia a dia fica mais simples.` },
    { title: 'Qualidade de vida', description: `${facts.place} une conveniência e bem-estar.` },
  ]
  const textSlides = request.slides.filter((slide) => slide.type !== 'cover' && slide.type !== 'closing').length
  const queue = distinctTitles(
    [...items, ...spare].slice(0, Math.max(textSlides, 0)),
    spare.map((item) => item.title),
  )
  const slides = request.slides.map((slide): SlideCopy => {
    if (slide.type === 'cover') return { caption: 'Guia do bairro', title, description: home.city }
    if (slide.type === 'closing')
      return {
        title: `${facts.noun} ${facts.deal} em ${facts.place}`,
        description: signature(agent) || (facts.price ? facts.price : 'Consulte valores'),
        button: 'Quero conhecer',
      }
    const item = queue.shift()
    return item
      ? { title: item.title, description: item.description }
      : { title, description: pitch(facts, random, false) }
  })
  return { caption, slides }
}

export function writeInstitutional(request: CopyRequest, random: Random): PostCopy {
  const { values, agent } = request
  const voice = voiceOf(values)
  const name = text(values.agency_name) || agent?.name?.trim() || 'Nossa imobiliária'
  const years = typeof values.years === 'number' && values.years > 0 ? values.years : null
  const differentials = (
    Array.isArray(values.differentials) ? values.differentials : ['atendimento', 'documentacao', 'financiamento']
  ).map((key) => AGENCY_DIFFERENTIALS[String(key)] ?? String(key))
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
      return {
        caption: 'Prazer!',
        title: name,
        description: intro,
        button: request.template.format !== 'carousel' ? 'Fale com a gente' : null,
      }
    if (slide.type === 'closing')
      return {
        title: 'Vamos conversar?',
        description:
          [signature(agent), creci && `CRECI ${creci}`].filter(Boolean).join(' · ') || 'Fale com a gente no direct',
        button: 'Fale com a gente',
      }
    const first = queue.shift()
    const second = queue.shift()
    return { title: 'Por que nos escolher', description: [first, second].filter(Boolean).join('\n') || intro }
  })
  return { caption, slides }
}

export function writeTestimonial(request: CopyRequest, random: Random): PostCopy {
  const { values, agent } = request
  const voice = voiceOf(values)
  const client = text(values.client_name) || 'Cliente'
  const quote = text(values.testimonial) || 'Atendimento excelente do começo ao fim!'
  const caption = joinBlocks([
    `${voice.emoji('⭐')}${pick(['Quem confia, recomenda!', 'A melhor propaganda é um cliente feliz.', 'Depoimento que enche a gente de orgulho!'], random)}`,
    `"${quote}"`,
    `— ${client}`,
    pick(
      [
        'Obrigado pela confiança! Foi um prazer fazer parte dessa conquista.',
        'Cada história como esta é o que nos move. Obrigado!',
        'Que alegria ajudar a realizar esse sonho!',
      ],
      random,
    ),
    `${voice.emoji('📲')}Quer viver essa experiência também? Fale com a gente.`,
    signature(agent),
    uniqueTags(['#depoimento', '#clientesatisfeito', '#corretordeimoveis', '#imoveis']),
  ])
  const slides = request.slides.map((slide): SlideCopy =>
    slide.type === 'closing'
      ? {
          title: 'Seu sonho é o próximo',
          description: signature(agent) || 'Fale com a gente no direct',
          button: 'Fale com a gente',
        }
      : { caption: 'Depoimento', title: `"${quote}"`, description: `— ${client}` },
  )
  return { caption, slides }
}

export function writeHoliday(request: CopyRequest, random: Random): PostCopy {
  const { values, agent } = request
  const voice = voiceOf(values)
  const known = OCCASIONS[text(values.occasion)]
  const label = request.fields
    .find((field) => field.name === 'occasion')
    ?.options?.find((o) => o.value === text(values.occasion))?.label
  const title =
    known?.title ?? (text(values.custom_occasion) || (label && label !== 'Outra' ? label : '') || 'Data especial')
  const offer = text(values.offer)
  const message =
    text(values.message) ||
    (known
      ? pick(known.messages, random)
      : `${title} chegou!${offer ? ` ${offer}.` : ''} Conte com a gente para comprar, vender ou alugar.`)
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
