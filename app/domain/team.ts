// Agencies (issue 38, ADR 218): who may do what in an account, seats, and the approval states.
// Pure data and functions; the server enforces them in every loader and action.
import { z } from 'zod'
import { PLANS, type CatalogPlan } from './billing'

export type AccountRole = 'owner' | 'gestor' | 'corretor'
export type MemberRole = Exclude<AccountRole, 'owner'>

export const ROLE_NAMES: Record<AccountRole, string> = { owner: 'Dono', gestor: 'Gestor', corretor: 'Corretor' }

/** What a role may do beyond making and editing its own properties, posts and kits. */
export type Permission =
  | 'billing' // plan, payment, fiscal data
  | 'team' // invites, roles, removal, the approval setting
  | 'brand' // the agency's brand, feeds and connected accounts
  | 'approve' // approve or ask for changes, schedule anyone's piece
  | 'edit-all' // edit and delete any piece of the agency

const PERMISSIONS: Record<AccountRole, readonly Permission[]> = {
  owner: ['billing', 'team', 'brand', 'approve', 'edit-all'],
  gestor: ['brand', 'approve', 'edit-all'],
  corretor: [],
}

export function can(role: AccountRole, permission: Permission): boolean {
  return PERMISSIONS[role].includes(permission)
}

/** A corretor edits what they are responsible for; the owner and gestores edit everything. */
export function canEditPiece(person: { id: string; accountRole: AccountRole }, responsibleId: string | null) {
  return can(person.accountRole, 'edit-all') || responsibleId === person.id
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

export const REEL_NEEDS_REVIEWER =
  'Sua imobiliária exige aprovação antes de agendar: peça a um gestor para agendar este vídeo.'
