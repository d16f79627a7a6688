// Agencies (ADR 218): who may do what in an account, seats, and the approval states.
// Pure data and functions; the server enforces them in every loader and action.
import { z } from 'zod'
import { PLANS, type CatalogPlan } from './billing'

/**
 * 'anonimo': a visitor trying Vitrine without an account (ADR 269), never a team member.
 * 'leitura': a member beyond the plan's seats (ADR 306), never stored: the role they work with
 * until the owner gives them a seat or the plan has room again.
 */
export type AccountRole = 'owner' | 'gestor' | 'corretor' | 'leitura' | 'anonimo'
export type MemberRole = Exclude<AccountRole, 'owner' | 'anonimo' | 'leitura'>

export const ROLE_NAMES: Record<AccountRole, string> = {
  owner: 'Dono',
  gestor: 'Gestor',
  corretor: 'Corretor',
  leitura: 'Somente leitura',
  anonimo: 'Visitante sem cadastro',
}

/**
 * Everything a person may do in an account. `piece` actions are asked about one piece (a post,
 * a publication, a property, a media kit, a video, a lead's property) and answered by whose it
 * is; the others concern the whole account.
 */
export type Action =
  | 'view' // read a piece of the agency
  | 'edit' // change a piece: its words, slides, images, its property
  | 'delete' // delete a piece
  | 'approve' // approve a piece or ask for changes
  | 'send-to-client' // make or revoke a client link (those who approve)
  | 'schedule' // schedule a piece
  | 'edit-publication' // change the caption or images of a scheduled publication
  | 'billing' // plan, payment, billing and fiscal data (reading them too)
  | 'team' // invites, roles, removal, the approval setting
  | 'brand' // the agency's brand, public page, feeds and connected accounts
  | 'read-leads' // see a lead (and the CSV)
  | 'change-leads' // a lead's status and note
  | 'delete-leads' // delete a lead's data on its person's request; on 'all', the retention too

/** 'all': any piece of the account; 'own': the pieces the person is responsible for; 'none'. */
export type Reach = 'all' | 'own' | 'none'

/** THE table of who may do what (ADR 236). Every loader and action asks it through `may`. */
export const POLICY: Record<AccountRole, Record<Action, Reach>> = {
  owner: {
    view: 'all',
    edit: 'all',
    delete: 'all',
    approve: 'all',
    'send-to-client': 'all',
    schedule: 'all',
    'edit-publication': 'all',
    billing: 'all',
    team: 'all',
    brand: 'all',
    'read-leads': 'all',
    'change-leads': 'all',
    'delete-leads': 'all',
  },
  gestor: {
    view: 'all',
    edit: 'all',
    delete: 'all',
    approve: 'all',
    'send-to-client': 'all',
    schedule: 'all',
    'edit-publication': 'all',
    billing: 'none',
    team: 'none',
    brand: 'all',
    'read-leads': 'all',
    'change-leads': 'all',
    'delete-leads': 'all',
  },
  corretor: {
    view: 'all',
    edit: 'own',
    delete: 'own',
    approve: 'none',
    'send-to-client': 'none',
    schedule: 'own',
    'edit-publication': 'own',
    billing: 'none',
    team: 'none',
    brand: 'none',
    'read-leads': 'own',
    'change-leads': 'own',
    'delete-leads': 'own',
  },
  // Beyond the plan's seats (ADR 306): they sign in and see, and write nothing of the team's.
  leitura: {
    view: 'all',
    edit: 'none',
    delete: 'none',
    approve: 'none',
    'send-to-client': 'none',
    schedule: 'none',
    'edit-publication': 'none',
    billing: 'none',
    team: 'none',
    brand: 'none',
    'read-leads': 'own',
    'change-leads': 'none',
    'delete-leads': 'none',
  },
  // "Experimente sem cadastro" (ADR 269): the visitor makes and downloads posts of their own
  // sample property; scheduling, the public page, billing and a team wait for "Salvar meu trabalho".
  anonimo: {
    view: 'all',
    edit: 'all',
    delete: 'all',
    approve: 'none',
    'send-to-client': 'none',
    schedule: 'none',
    'edit-publication': 'none',
    billing: 'none',
    team: 'none',
    brand: 'none',
    'read-leads': 'none',
    'change-leads': 'none',
    'delete-leads': 'none',
  },
}

/** Does the role reach `action` at all (on its own pieces at least)? */
export function reaches(role: AccountRole, action: Action): boolean {
  return POLICY[role][action] !== 'none'
}

export type Person = { id: string; accountRole: AccountRole }

/**
 * May this person do `action`? For a piece, `responsibleId` is whoever the piece is of (its
 * author, the property's responsible); without it the question is about the whole account,
 * which only an 'all' reach answers yes.
 */
export function may(person: Person, action: Action, responsibleId?: string | null): boolean {
  const reach = POLICY[person.accountRole][action]
  if (reach === 'all') return true
  return reach === 'own' && responsibleId != null && responsibleId === person.id
}

/** May the role do `action` to every piece of the account (a gestor's "all")? */
export function can(role: AccountRole, action: Action): boolean {
  return POLICY[role][action] === 'all'
}

/** A corretor edits what they are responsible for; the owner and gestores edit everything. */
export function canEditPiece(person: Person, responsibleId: string | null) {
  return may(person, 'edit', responsibleId)
}

/** For queries: null when the person reaches every piece, else the one responsible to filter by. */
export function onlyPiecesOf(person: Person, action: Action): string | null {
  return can(person.accountRole, action) ? null : person.id
}

export const APPROVAL_STATUS_NAMES = {
  draft: 'Rascunho',
  pending: 'Em aprovação',
  changes: 'Ajustes pedidos',
  approved: 'Aprovado',
} as const
export type ApprovalStatus = keyof typeof APPROVAL_STATUS_NAMES

/** An account without its own choice requires approval when its plan has a team. */
export function requiresApproval(setting: boolean | null, seats: number): boolean {
  return setting ?? seats > 1
}

/**
 * What an account's approval setting becomes when its plan changes (ADR 306): an account without
 * a choice of its own that is on a team plan writes the default down, so a later downgrade or
 * lapse keeps approval on until the owner turns it off. Null: still no choice.
 */
export function approvalToKeep(setting: boolean | null, seats: number): boolean | null {
  return setting ?? (seats > 1 ? true : null)
}

/** A member as the seats rule reads them: when they joined, and the owner's choice (null: none yet). */
export type SeatClaim = { id: string; since: Date; keepsSeat: boolean | null }

/**
 * Who holds a seat in a team larger than its plan (ADR 306): the owner holds one; then those the
 * owner chose, those not chosen either way yet, and last those the owner left out, each the
 * earliest joined first. auth-profiles.server.ts counts the same order in SQL.
 */
export function seatHolders(members: readonly SeatClaim[], seats: number): Set<string> {
  const rank = (m: SeatClaim) => (m.keepsSeat === true ? 0 : m.keepsSeat === null ? 1 : 2)
  const ordered = [...members].sort(
    (a, b) => rank(a) - rank(b) || a.since.getTime() - b.since.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  return new Set(ordered.slice(0, Math.max(0, seats - 1)).map((m) => m.id))
}

/** The role a member works with: their own within the seats, read-only beyond them. */
export function roleWithinSeats(role: AccountRole, holdsSeat: boolean): AccountRole {
  if (role === 'owner' || role === 'anonimo' || holdsSeat) return role
  return 'leitura'
}

const users = (n: number) => (n === 1 ? '1 usuário' : `${n} usuários`)

/** The owner's banner on the team page when the team is larger than the plan. */
export function overSeatsMessage(seats: number, teamSize: number): string {
  return `Seu plano permite ${users(seats)} e a equipe tem ${teamSize}. Escolha quem continua com acesso.`
}

export { READ_ONLY_MESSAGE } from './read-only'

/** The owner's choice of who keeps access: at most the seats the plan has besides the owner's. */
export function seatChoiceError(chosen: number, seats: number): string | null {
  const room = Math.max(0, seats - 1)
  if (chosen <= room) return null
  if (room === 0) return `Seu plano permite ${users(seats)}: só você continua com acesso.`
  return `Seu plano permite ${users(seats)}: escolha no máximo ${room === 1 ? '1 pessoa' : `${room} pessoas`} além de você.`
}

/** The pt-BR refusal of an invite beyond the plan's seats, naming the plan that has room. */
export function seatsMessage(plan: { name: string; entitlements: { seats: number } }, wanted: number): string {
  const current = plan.entitlements.seats
  const roomy = PLANS.find((p: CatalogPlan) => p.entitlements.seats >= wanted)
  const limit = current === 1 ? '1 usuário' : `até ${current} usuários`
  if (!roomy)
    return `O plano ${plan.name} permite ${limit}. Remova um membro ou um convite pendente para convidar outra pessoa.`
  return `O plano ${plan.name} permite ${limit}. Para convidar mais pessoas, mude para o plano ${roomy.name} (até ${roomy.entitlements.seats} usuários).`
}

export const INVITE_DAYS = 7
export const CLIENT_LINK_DAYS = 7

export const inviteSchema = z.object({
  email: z
    .string({ error: 'Informe o e-mail.' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'Informe um e-mail válido.' })
    .pipe(z.email({ error: 'Informe um e-mail válido.' })),
  role: z.enum(['gestor', 'corretor'], { error: 'Escolha o papel.' }),
})

export const commentSchema = z.object({
  comment: z
    .string({ error: 'Escreva o que precisa mudar.' })
    .trim()
    .min(1, { error: 'Escreva o que precisa mudar.' })
    .max(1000, { error: 'Use no máximo 1.000 caracteres.' }),
})

/** A post as the review screen and the client page show it (app/components/approval). */
export type PreviewData = {
  handle: string
  images: string[]
  width: number
  height: number
  caption: string
}

/** How the history reads a step: '{who} {what}'. */
export const STEP_NAMES = {
  submitted: 'enviou para aprovação',
  approved: 'aprovou',
  changes_requested: 'pediu ajustes',
  client_link_created: 'criou um link de aprovação para o cliente',
  client_link_revoked: 'cancelou um link do cliente',
  client_approved: 'aprovou pelo link de aprovação',
  client_changes_requested: 'pediu ajustes pelo link de aprovação',
  scheduled: 'agendou a publicação',
  published: 'publicou',
} as const

/** The share of a client link on WhatsApp (wa.me with the text, no number: the agent picks the chat). */
export function whatsappShareUrl(link: string): string {
  const text = `Olá! Pode aprovar este post antes de publicarmos? É só abrir o link: ${link}`
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

/** A piece without an approval flow of its own (a video) is scheduled by those who approve. */
export function mayScheduleUnreviewed(approvalRequired: boolean, role: AccountRole): boolean {
  return !approvalRequired || can(role, 'approve')
}

/** A corretor's answer on another member's video: the page says it, the action refuses it. */
export const REEL_NOT_YOURS = 'Este vídeo é de outra pessoa da equipe: peça a um gestor para agendá-lo.'

export const REEL_NEEDS_REVIEWER =
  'Sua imobiliária exige aprovação antes de agendar: peça a um gestor para agendar este vídeo.'

/** What the publisher says, and the schedule shows, when what would go out is not the approved revision. */
export const NEEDS_NEW_APPROVAL = 'Precisa de nova aprovação'

/** A piece's approval as its row holds it (ADR 237). */
export type ApprovalState = { status: ApprovalStatus; revision: number; approvedRevision: number | null }

/** Does the piece, as it is now, hold an approval? An approval binds the revision it was given to. */
export function isApprovedRevision(piece: ApprovalState): boolean {
  return piece.status === 'approved' && piece.approvedRevision === piece.revision
}

/**
 * A video's approval (ADR 264). Videos have no review screen: where the account requires approval,
 * a Reel is approved by the one who schedules it, who must be someone who approves; that binds
 * the video's revision (its caption, MP4 and cover), like a post's approval.
 */
export function videoApprovalState(video: { revision: number; approved_revision: number | null }): ApprovalState {
  return {
    status: video.approved_revision === null ? 'draft' : 'approved',
    revision: video.revision,
    approvedRevision: video.approved_revision,
  }
}

/**
 * May this person schedule this video as a Reel now? Only a video they may schedule (POLICY: a
 * corretor, their own); where approval is required, only someone who approves, or a video whose
 * current revision is already approved (a failed Reel scheduled again, unchanged).
 */
export function mayScheduleReel(input: {
  person: Person
  authorId: string | null
  approvalRequired: boolean
  piece: ApprovalState
}): 'yes' | 'forbidden' | 'needs-reviewer' {
  if (!may(input.person, 'schedule', input.authorId)) return 'forbidden'
  if (!input.approvalRequired || can(input.person.accountRole, 'approve') || isApprovedRevision(input.piece))
    return 'yes'
  return 'needs-reviewer'
}

const sameText = (a: string, b: string) => a.replace(/\r\n?/g, '\n').trim() === b.replace(/\r\n?/g, '\n').trim()

/**
 * May this go out now (posts, Reels: anything a publisher sends)? Where the account requires
 * approval: only the approved revision, with the caption it was approved with. Asked by the
 * publisher just before it sends, so an edit made after scheduling is never published unseen.
 */
export function mayPublish(input: {
  approvalRequired: boolean
  piece: ApprovalState
  /** The caption about to be sent, and the piece's own (approved with it). */
  caption?: { sent: string; approved: string }
}): boolean {
  if (!input.approvalRequired) return true
  if (!isApprovedRevision(input.piece)) return false
  return !input.caption || sameText(input.caption.sent, input.caption.approved)
}
