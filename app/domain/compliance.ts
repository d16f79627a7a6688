// What the law asks of a property's ads before any of them goes out (issue 65): the owner's
// written authorisation in force (Decreto 81.871/1978 art. 5) and, for a launch, the
// incorporação's registration number (Lei 4.591/1964). Hard rules block scheduling and pause
// what was scheduled; soft ones only warn. Pure: the dates are São Paulo calendar days.
import type { HomeStage } from './home'
import { addDays } from './scheduling'

/** One authorisation as the rules read it: both days included. */
export type AuthorizationTerm = { starts_on: string; ends_on: string }

export type AuthorizationState =
  | { kind: 'valid'; endsOn: string }
  | { kind: 'not-yet'; startsOn: string }
  | { kind: 'lapsed'; endedOn: string }
  | { kind: 'missing' }

/** Days before the end when the agent is told to renew. */
export const RENEWAL_NOTICE_DAYS = 7

export const PAUSED_LABEL = 'Pausado: autorização vencida'

/** '2026-11-10' → '10/11/2026'. */
export function dayLabel(day: string): string {
  return day.split('-').reverse().join('/')
}

/** The state of a property's authorisations on `today`: the one in force that lasts longest wins. */
export function authorizationState(terms: readonly AuthorizationTerm[], today: string): AuthorizationState {
  const inForce = terms.filter((t) => t.starts_on <= today && today <= t.ends_on)
  if (inForce.length) return { kind: 'valid', endsOn: maxOf(inForce.map((t) => t.ends_on)) }
  const later = terms.filter((t) => t.starts_on > today)
  if (later.length) return { kind: 'not-yet', startsOn: minOf(later.map((t) => t.starts_on)) }
  if (terms.length) return { kind: 'lapsed', endedOn: maxOf(terms.map((t) => t.ends_on)) }
  return { kind: 'missing' }
}

const maxOf = (days: string[]) => days.reduce((a, b) => (a > b ? a : b))
const minOf = (days: string[]) => days.reduce((a, b) => (a < b ? a : b))

/** Stages sold before the building exists: their ads carry the incorporação's registration. */
export function isLaunch(stage: HomeStage | null): boolean {
  return stage === 'launch' || stage === 'construction'
}

export type ComplianceInput = {
  stage: HomeStage | null
  incorporationRegistry: string | null
  authorization: AuthorizationState
  today: string
}

export type Compliance = {
  /** Each blocks scheduling and publishing, in pt-BR. */
  blocking: string[]
  /** Each is shown beside the piece and lets it go. */
  warnings: string[]
}

const WHERE = 'Resolva em “Documentação” na página do imóvel.'

function authorizationProblem(state: AuthorizationState): string | null {
  if (state.kind === 'missing') return `Falta a autorização do proprietário para anunciar este imóvel. ${WHERE}`
  if (state.kind === 'lapsed') return `A autorização deste imóvel venceu em ${dayLabel(state.endedOn)}. ${WHERE}`
  if (state.kind === 'not-yet')
    return `A autorização deste imóvel só vale a partir de ${dayLabel(state.startsOn)}. ${WHERE}`
  return null
}

/** What keeps a property's pieces from going out, and what is only worth a look. */
export function complianceOf(input: ComplianceInput): Compliance {
  const blocking: string[] = []
  const warnings: string[] = []
  const authorization = authorizationProblem(input.authorization)
  if (authorization) blocking.push(authorization)
  if (isLaunch(input.stage) && !input.incorporationRegistry?.trim())
    blocking.push(`Lançamento sem o número do registro de incorporação (R.I.). ${WHERE}`)
  if (input.authorization.kind === 'valid' && input.authorization.endsOn < addDays(input.today, RENEWAL_NOTICE_DAYS))
    warnings.push(`A autorização deste imóvel vence em ${dayLabel(input.authorization.endsOn)}: peça a renovação.`)
  return { blocking, warnings }
}

/** Is a publication of this property held back now? Only the authorisation pauses what was scheduled. */
export function pausedBy(state: AuthorizationState): string | null {
  return state.kind === 'valid' ? null : PAUSED_LABEL
}

/** The launch's line on its pieces: "Incorporação: Construtora X · R.I. nº …". */
export function incorporationLine(home: { incorporation_registry: string | null; developer_name: string | null }) {
  const registry = home.incorporation_registry?.trim()
  if (!registry) return null
  const developer = home.developer_name?.trim()
  return developer ? `Incorporação: ${developer} · R.I. ${registry}` : `Incorporação registrada: R.I. ${registry}`
}
