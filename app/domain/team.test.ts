import { expect, test } from 'vitest'
import { FREE_PLAN, PLANS } from './billing'
import {
  approvalToKeep,
  can,
  canEditPiece,
  isApprovedRevision,
  may,
  mayPublish,
  mayScheduleUnreviewed,
  overSeatsMessage,
  POLICY,
  reaches,
  requiresApproval,
  roleWithinSeats,
  seatChoiceError,
  seatHolders,
  seatsMessage,
} from './team'

test('roles: the owner pays and manages the team; a gestor approves; a corretor edits their own', () => {
  expect(can('owner', 'billing')).toBe(true)
  expect(can('gestor', 'billing')).toBe(false)
  expect(can('gestor', 'approve')).toBe(true)
  expect(can('corretor', 'approve')).toBe(false)
  expect(canEditPiece({ id: 'ana', accountRole: 'corretor' }, 'ana')).toBe(true)
  expect(canEditPiece({ id: 'ana', accountRole: 'corretor' }, 'bruno')).toBe(false)
  expect(canEditPiece({ id: 'carla', accountRole: 'gestor' }, 'bruno')).toBe(true)
})

test('approval follows the plan until the owner chooses; a video waits for someone who approves', () => {
  expect(requiresApproval(null, 5)).toBe(true)
  expect(requiresApproval(null, 1)).toBe(false)
  expect(requiresApproval(false, 5)).toBe(false)
  expect(mayScheduleUnreviewed(true, 'corretor')).toBe(false)
  expect(mayScheduleUnreviewed(true, 'gestor')).toBe(true)
  expect(mayScheduleUnreviewed(false, 'corretor')).toBe(true)
})

test('the seats message names the plan that has room, or says to free a seat', () => {
  const corretor = PLANS.find((p) => p.id === 'corretor')!
  const imobiliaria = PLANS.find((p) => p.id === 'imobiliaria')!
  expect(seatsMessage(corretor, 2)).toBe(
    'O plano Corretor permite 1 usuário. Para convidar mais pessoas, mude para o plano Imobiliária (até 5 usuários).',
  )
  expect(seatsMessage(FREE_PLAN, 2)).toContain('mude para o plano Imobiliária')
  expect(seatsMessage(imobiliaria, 6)).toBe(
    'O plano Imobiliária permite até 5 usuários. Remova um membro ou um convite pendente para convidar outra pessoa.',
  )
})

test('the policy: a corretor works on their own pieces; sending to the client is for those who approve', () => {
  const ana = { id: 'ana', accountRole: 'corretor' as const }
  const carla = { id: 'carla', accountRole: 'gestor' as const }
  expect(may(ana, 'schedule', 'ana')).toBe(true)
  expect(may(ana, 'schedule', 'carla')).toBe(false)
  expect(may(ana, 'edit-publication', 'carla')).toBe(false)
  expect(may(ana, 'delete', 'carla')).toBe(false)
  expect(may(ana, 'send-to-client', 'ana')).toBe(false)
  expect(may(ana, 'approve', 'ana')).toBe(false)
  expect(may(ana, 'billing')).toBe(false)
  expect(may(ana, 'read-leads', 'ana')).toBe(true)
  expect(may(ana, 'read-leads', null)).toBe(false)
  expect(may(carla, 'send-to-client', 'ana')).toBe(true)
  expect(may(carla, 'billing')).toBe(false)
  // Whoever may send a piece to the client may approve it: a client link never stands in for an approval.
  for (const role of ['owner', 'gestor', 'corretor'] as const)
    expect(POLICY[role]['send-to-client']).toBe(POLICY[role].approve)
})

test('published = approved: only the approved revision, with the caption it was approved with', () => {
  const approved = { status: 'approved' as const, revision: 3, approvedRevision: 3 }
  expect(isApprovedRevision(approved)).toBe(true)
  expect(isApprovedRevision({ ...approved, revision: 4 })).toBe(false)
  expect(isApprovedRevision({ ...approved, status: 'pending' })).toBe(false)
  const caption = { sent: 'Casa com quintal', approved: 'Casa com quintal\r\n' }
  expect(mayPublish({ approvalRequired: true, piece: approved, caption })).toBe(true)
  expect(mayPublish({ approvalRequired: true, piece: approved, caption: { ...caption, sent: 'Outra legenda' } })).toBe(
    false,
  )
  expect(mayPublish({ approvalRequired: true, piece: { ...approved, approvedRevision: 2 } })).toBe(false)
  expect(mayPublish({ approvalRequired: false, piece: { ...approved, status: 'draft' } })).toBe(true)
})

test('a team plan writes its default approval down: a downgrade or lapse keeps it until the owner turns it off', () => {
  expect(approvalToKeep(null, 5)).toBe(true)
  expect(approvalToKeep(null, 1)).toBeNull()
  expect(approvalToKeep(false, 5)).toBe(false)
  // After the downgrade the setting written on the team plan holds, whatever the seats.
  const kept = approvalToKeep(null, 5)
  expect(requiresApproval(approvalToKeep(kept, 1), 1)).toBe(true)
})

test('beyond the seats a member only reads: the policy refuses every write, the reads stay', () => {
  const ana = { id: 'ana', accountRole: roleWithinSeats('gestor', false) }
  expect(ana.accountRole).toBe('leitura')
  expect(may(ana, 'view', 'ana')).toBe(true)
  expect(may(ana, 'read-leads', 'ana')).toBe(true)
  for (const action of Object.keys(POLICY.leitura) as (keyof typeof POLICY.leitura)[]) {
    if (action === 'view' || action === 'read-leads') continue
    expect(may(ana, action, 'ana')).toBe(false)
    expect(can(ana.accountRole, action)).toBe(false)
  }
  expect(reaches('leitura', 'edit')).toBe(false)
  expect(roleWithinSeats('gestor', true)).toBe('gestor')
  expect(roleWithinSeats('owner', false)).toBe('owner')
})

test('who keeps a seat: the owner, then whom the owner chose, then the earliest joined; never more than the plan', () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day))
  const members = [
    { id: 'ana', since: at(1), keepsSeat: null },
    { id: 'bruno', since: at(2), keepsSeat: null },
    { id: 'carla', since: at(3), keepsSeat: null },
  ]
  // Until the owner chooses: the earliest joined, up to the seats besides the owner's.
  expect([...seatHolders(members, 3)]).toEqual(['ana', 'bruno'])
  expect(seatHolders(members, 1).size).toBe(0)
  // The owner's choice swaps who keeps access.
  const chosen = members.map((m) => ({ ...m, keepsSeat: m.id !== 'ana' }))
  expect([...seatHolders(chosen, 3)].sort()).toEqual(['bruno', 'carla'])
  // More room again: those left out come back, after those chosen.
  expect(seatHolders(chosen, 5).size).toBe(3)
  expect(seatChoiceError(2, 3)).toBeNull()
  expect(seatChoiceError(3, 3)).toBe('Seu plano permite 3 usuários: escolha no máximo 2 pessoas além de você.')
  expect(seatChoiceError(1, 1)).toBe('Seu plano permite 1 usuário: só você continua com acesso.')
  expect(overSeatsMessage(1, 4)).toBe('Seu plano permite 1 usuário e a equipe tem 4. Escolha quem continua com acesso.')
})
