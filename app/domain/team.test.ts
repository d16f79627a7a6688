import { expect, test } from 'vitest'
import { FREE_PLAN, PLANS } from './billing'
import {
  can,
  canEditPiece,
  isApprovedRevision,
  may,
  mayPublish,
  mayScheduleUnreviewed,
  POLICY,
  requiresApproval,
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
