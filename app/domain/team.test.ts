import { expect, test } from 'vitest'
import { FREE_PLAN, PLANS } from './billing'
import { can, canEditPiece, mayScheduleUnreviewed, requiresApproval, seatsMessage } from './team'

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
