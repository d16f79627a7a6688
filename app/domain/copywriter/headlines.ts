// The offline copywriter's headline options (ADR 165): three titles for a post's cover, each
// built from what is special about the property — a view or the sun named in its description,
// a price drop, a launch, the leisure of its condominium, a place nearby, its rooms and area —
// in that order of interest. Never a line that fits any property ('Espaço para viver bem').
import { HEADLINE_COUNT, HEADLINE_MAX, PROPERTY_KINDS } from '~/domain/headlines'
import { homeAmenityLabel, homeFeatureLabel } from '~/domain/home'
import { formatImageMoney } from '~/domain/money'
import { nearbyFacts } from '~/domain/nearby'
import { pick, type Random } from '~/domain/post-plan'
import { joinList, type HomeFacts } from '~/domain/prompts'
import type { CopyRequest } from '~/domain/copy'
import { describe, text, type Facts } from './words'

/** Amenities worth a headline, most desired first. */
const LEISURE_ORDER = [
  'pool',
  'rooftop',
  'spa',
  'gym',
  'tennis_court',
  'sauna',
  'cinema',
  'gourmet_space',
  'sports_court',
  'green_area',
  'playground',
]
const STANDOUT_FEATURES = ['gourmet_balcony', 'barbecue_grill', 'furnished', 'accepts_pets', 'office', 'balcony']

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1)
const capital = (line: string) => line.charAt(0).toUpperCase() + line.slice(1)
/** Money as the images write it (ADR 151, 'R$ 1,2 milhão', 'R$ 850 mil'), no trailing ',00'. */
const headlineMoney = (cents: number) => formatImageMoney(cents, 'short').replace(/,00$/, '')

/** Everything the agent wrote about the property in words: description and photo captions. */
function writtenAbout(home: HomeFacts): string {
  return [home.description ?? '', ...(home.gallery ?? []).map((item) => item?.caption ?? '')].join('. ')
}

/** 'para o mar', 'panorâmica' from 'vista para o mar', 'vista panorâmica' in the description. */
export function viewOf(words: string): string | null {
  const toward =
    /\bvista\s+(?:para|pro|pra)\s+(o|a|os|as)\s+([\p{L}-]+(?:\s+(?:de|do|da|dos|das)\s+[\p{L}-]+|\s+[\p{L}-]+)?)/iu.exec(
      words,
    )
  if (toward) {
    const place = toward[2]!.replace(/\s+(?:e|com|em|no|na)$/iu, '').trim()
    return `para ${toward[1]!.toLowerCase()} ${place.toLowerCase()}`
  }
  const kind = /\bvista\s+(panorâmica|definitiva|livre|permanente|deslumbrante)\b/iu.exec(words)
  return kind ? kind[1]!.toLowerCase() : null
}

/** 'Face norte', 'Sol da manhã' when the description says so. */
export function sunOf(words: string): string | null {
  const face = /\bface\s+(norte|sul|leste|oeste|nordeste|noroeste)\b/iu.exec(words)
  if (face) return `Face ${face[1]!.toLowerCase()}`
  const sun = /\bsol\s+(da\s+manhã|da\s+tarde|o\s+dia\s+todo|nascente|poente)\b/iu.exec(words)
  return sun ? `Sol ${sun[1]!.toLowerCase().replace(/\s+/g, ' ')}` : null
}

type Angle = string[]

function priceDropAngle(request: CopyRequest, facts: Facts, home: HomeFacts): Angle | null {
  if (request.template.kind !== 'price-drop') return null
  const old = typeof request.values.old_price === 'number' ? request.values.old_price : null
  const current = facts.rent ? (home.rental_price ?? home.price) : home.price
  const where = facts.place || home.city
  if (old && current && current < old) {
    const saving = headlineMoney(old - current)
    return [
      `Baixou ${saving}: ${facts.lower} em ${where}`,
      `De ${headlineMoney(old)} por ${headlineMoney(current)} em ${where}`,
    ]
  }
  return [`Preço novo: ${facts.lower} em ${where}`, `Baixou o preço em ${where}`]
}

function launchAngle(request: CopyRequest, facts: Facts, home: HomeFacts): Angle | null {
  if (request.template.kind !== 'launch' && home.stage !== 'launch') return null
  const where = facts.place || home.city
  const delivery = text(request.values.delivery)
  return [
    delivery ? `Lançamento em ${where}, entrega ${delivery}` : `Lançamento em ${where}`,
    facts.specs.length ? `Na planta em ${where}: ${joinList(facts.specs.slice(0, 2))}` : `Na planta em ${where}`,
  ]
}

function viewAngle(facts: Facts, words: string): Angle | null {
  const view = viewOf(words)
  if (!view) return null
  const where = facts.place
  return [
    `${facts.noun} com vista ${view}${where ? ` em ${where}` : ''}`,
    `Acorde com vista ${view}`,
    facts.rooms ? `Vista ${view} e ${facts.rooms}` : `Vista ${view}${where ? ` em ${where}` : ''}`,
  ]
}

function sunAngle(facts: Facts, words: string): Angle | null {
  const sun = sunOf(words)
  if (!sun) return null
  return [
    `${sun}: ${facts.lower} iluminad${facts.feminine ? 'a' : 'o'}${facts.place ? ` em ${facts.place}` : ''}`,
    facts.specs.length
      ? `${sun} e ${joinList(facts.specs.slice(0, 2))}`
      : `${sun} em ${facts.place || 'todos os ambientes'}`,
  ]
}

function leisureAngle(facts: Facts, home: HomeFacts): Angle | null {
  const keys = LEISURE_ORDER.filter((key) => (home.amenities ?? []).includes(key))
  if (keys.length < 2) return null
  const labels = keys.slice(0, 3).map(homeAmenityLabel)
  return [
    `${joinList([labels[0]!, ...labels.slice(1).map(lower)])} no condomínio`,
    `Lazer com ${joinList(labels.slice(0, 2).map(lower))}${facts.place ? ` em ${facts.place}` : ''}`,
  ]
}

/** How a standout feature reads after the property's noun ('com varanda gourmet', 'mobiliado'). */
function featurePhrase(key: string, facts: Facts): string {
  if (key === 'furnished') return facts.feminine ? 'mobiliada' : 'mobiliado'
  if (key === 'accepts_pets') return 'que aceita pets'
  return `com ${lower(homeFeatureLabel(key))}`
}

function featureAngle(facts: Facts, home: HomeFacts): Angle | null {
  const key = STANDOUT_FEATURES.find((feature) => (home.features ?? []).includes(feature))
  if (!key) return null
  return [`${facts.noun} ${featurePhrase(key, facts)}${facts.place ? ` em ${facts.place}` : ''}`]
}

function nearbyAngle(facts: Facts, home: HomeFacts, words: string): Angle | null {
  const place = nearbyFacts(home).find((fact) => fact.distance)
  if (place) return [`A ${place.distance} de ${place.name}`, `${facts.noun} a ${place.distance} de ${place.name}`]
  const written = /\ba\s+(\d+(?:[.,]\d+)?\s*(?:m|km|metros|minutos))\s+(d[aoe]s?)\s+([\p{L}]+(?:\s+[\p{L}]+)?)/iu.exec(
    words,
  )
  if (!written) return null
  const what = written[3]!.replace(/\s+(?:e|com|em)$/iu, '')
  return [`${facts.noun} a ${written[1]} ${written[2]!.toLowerCase()} ${what.toLowerCase()}`]
}

function specsAngle(request: CopyRequest, facts: Facts, home: HomeFacts): Angle | null {
  const where = facts.place || home.city
  const lines: string[] = []
  if (facts.rooms && facts.area) lines.push(`${capital(facts.rooms)} e ${facts.area} em ${where}`)
  else if (facts.area) lines.push(`${facts.noun} de ${facts.area} em ${where}`)
  else if (facts.rooms) lines.push(`${capital(facts.rooms)} em ${where}`)
  const cents = facts.rent ? (home.rental_price ?? home.price) : home.price
  if (request.values.show_price !== false && cents)
    lines.push(`${facts.noun} em ${where} por ${headlineMoney(cents)}${facts.rent ? '/mês' : ''}`)
  if (facts.luxury) lines.push(`Alto padrão em ${where}`)
  return lines.length ? lines : null
}

function soldAngle(facts: Facts, home: HomeFacts): Angle {
  const where = facts.place || home.city
  return facts.rent
    ? [
        `Alugado em ${where}!`,
        `Mais ${facts.indefinite} ${facts.lower} alugad${facts.feminine ? 'a' : 'o'} em ${where}`,
      ]
    : [
        `Vendido em ${where}!`,
        `Mais ${facts.indefinite} ${facts.lower} vendid${facts.feminine ? 'a' : 'o'} em ${where}`,
      ]
}

/** Fits a line in HEADLINE_MAX by whole words (never an ellipsis). */
function fit(line: string): string {
  const clean = line.replace(/\s+/g, ' ').trim()
  if (clean.length <= HEADLINE_MAX) return clean
  const cut = clean.slice(0, HEADLINE_MAX + 1)
  return cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,:;–—-]+$/, '')
}

/** Three headline options for a post about a property, most special first; [] for other posts. */
export function writeHeadlines(request: CopyRequest, random: Random): string[] {
  const home = request.home
  if (!home || !PROPERTY_KINDS.has(request.template.kind)) return []
  const facts = describe(home)
  const words = writtenAbout(home)
  const where = [facts.place, home.city].filter(Boolean)[0] ?? ''
  const angles = [
    request.template.kind === 'sold' ? soldAngle(facts, home) : null,
    priceDropAngle(request, facts, home),
    launchAngle(request, facts, home),
    viewAngle(facts, words),
    sunAngle(facts, words),
    leisureAngle(facts, home),
    nearbyAngle(facts, home, words),
    featureAngle(facts, home),
    specsAngle(request, facts, home),
    [`${facts.noun} ${facts.deal} em ${facts.where || where}`],
    [`${facts.dealLabel}: ${facts.lower} em ${home.city || where}`],
  ].filter((angle): angle is Angle => angle !== null && angle.length > 0)
  const chosen: string[] = []
  const taken = new Set<string>()
  const take = (line: string) => {
    const fitted = fit(capital(line))
    const key = fitted.toLowerCase()
    if (!fitted || taken.has(key)) return false
    taken.add(key)
    chosen.push(fitted)
    return true
  }
  // One wording per angle first; then the angles' other wordings fill what is missing.
  for (const angle of angles) {
    if (chosen.length >= HEADLINE_COUNT) break
    take(pick(angle, random))
  }
  for (const line of angles.flat()) {
    if (chosen.length >= HEADLINE_COUNT) break
    take(line)
  }
  return chosen
}
