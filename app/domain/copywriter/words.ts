// The offline copywriter's vocabulary: the property's facts in words, the agent's signature,
// calls to action and hashtags, shared by every kind of post.
import { homeAmenityLabel, homeCategoryLabel, homeFeatureLabel } from '~/domain/home'
import { formatBRL, formatImageMoney, NULL_PRICE_TEXT, PER_MONTH, type ImagePriceStyle } from '~/domain/money'
import { pick, type Random } from '~/domain/post-plan'
import { formatArea, type AgentFacts, type HomeFacts } from '~/domain/prompts'
import { MAX_REACH_HASHTAGS } from '~/domain/scheduling'

const FEMININE_CATEGORIES = new Set(['house', 'condo', 'penthouse', 'office', 'farm'])

export type Voice = { emoji: (symbol: string) => string; luxury: boolean }

export function voiceOf(values: Record<string, unknown>): Voice {
  const tone = String(values.tone ?? 'friendly')
  return {
    emoji: (symbol) => (tone === 'formal' ? '' : `${symbol} `),
    luxury: tone === 'luxury',
  }
}

export function text(value: unknown): string {
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

/** At most MAX_REACH_HASHTAGS: the scheduler warns above it, so the writer never goes past it. */
export function uniqueTags(tags: string[], limit = MAX_REACH_HASHTAGS): string {
  return [...new Set(tags.filter(Boolean))].slice(0, limit).join(' ')
}

/** The property's facts in words, ready to be arranged into sentences. */
export function describe(home: HomeFacts) {
  const feminine = FEMININE_CATEGORIES.has(home.category)
  const noun = homeCategoryLabel(home.category) || 'Imóvel'
  const rent = home.status === 'rent'
  const priceCents = rent ? (home.rental_price ?? home.price) : home.price
  // A price never given reads 'R$ -,--' (ADR 150), in the caption as on the images.
  const price = priceCents == null ? NULL_PRICE_TEXT : `${formatBRL(priceCents)}${rent ? PER_MONTH : ''}`
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
  const bathrooms = home.bathrooms ? `${home.bathrooms} ${home.bathrooms === 1 ? 'banheiro' : 'banheiros'}` : ''
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
    /** The price as an image writes it (ADR 151), without '/mês' (the layout adds it once). */
    slidePrice: (style: ImagePriceStyle) => formatImageMoney(priceCents, style),
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

export type Facts = ReturnType<typeof describe>

export function callToAction(
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

export function signature(agent: AgentFacts | null): string {
  const name = agent?.name?.trim()
  const phone = agent?.phone?.trim()
  if (!name && !phone) return ''
  return [name, phone].filter(Boolean).join(' · ')
}

export function joinBlocks(blocks: Array<string | string[] | false | undefined | null>): string {
  return blocks
    .map((block) => (Array.isArray(block) ? block.filter(Boolean).join('\n') : block || ''))
    .filter((block) => block.trim() !== '')
    .join('\n\n')
}
