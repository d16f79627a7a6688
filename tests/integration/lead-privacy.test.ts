// LGPD for leads (ADR 321) on a real database: each account's retention decides which of its
// leads the daily job deletes; a lead's row keeps the consent text it was given.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, leads } from '../../db/schema'
import {
  createLead,
  deleteExpiredLeads,
  deleteLead,
  getLead,
  leadRetention,
  setLeadRetention,
} from '../../app/models/leads.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { agentsOnDisk } from '../support/agents-on-disk'
import { jardinsApartment } from '../support/sample-home'

let handle: DatabaseHandle
let close: () => Promise<void>
const ana = crypto.randomUUID()
const bruno = crypto.randomUUID()
let anaHome: number
let brunoHome: number

beforeAll(async () => {
  ;({ handle, close } = await agentsOnDisk('lead-privacy', [ana, bruno]))
  const rows = await handle.db
    .insert(homes)
    .values([jardinsApartment(ana), jardinsApartment(bruno)])
    .returning({ id: homes.id })
  ;[anaHome, brunoHome] = rows.map((row) => row.id) as [number, number]
})
afterAll(() => close())

const leadOf = async (userId: string, homeId: number, name: string, monthsAgo: number) => {
  const lead = await createLead(handle.db, {
    user_id: userId,
    agent_id: userId,
    home_id: homeId,
    link_code: null,
    name,
    phone: '11987654321',
    message: '',
    consent_text: `Autorizo a usar meus dados (${name}).`,
  })
  const at = new Date()
  at.setUTCMonth(at.getUTCMonth() - monthsAgo)
  await handle.db.update(leads).set({ created_at: at }).where(eq(leads.id, lead.id))
  return lead
}

test('the daily job deletes the leads past each account’s own retention, and no others', async () => {
  expect(await leadRetention(handle.db, ana)).toBe(24)
  await setLeadRetention(handle.db, bruno, 6)
  const anaOld = await leadOf(ana, anaHome, 'Ana antiga', 25)
  const anaKept = await leadOf(ana, anaHome, 'Ana de um ano', 12)
  const brunoOld = await leadOf(bruno, brunoHome, 'Bruno de sete meses', 7)
  const brunoKept = await leadOf(bruno, brunoHome, 'Bruno de cinco meses', 5)

  expect(await deleteExpiredLeads(handle.db, new Date())).toBe(2)
  expect(await getLead(handle.db, ana, anaOld.id)).toBeNull()
  expect(await getLead(handle.db, bruno, brunoOld.id)).toBeNull()
  expect((await getLead(handle.db, ana, anaKept.id))?.consent_text).toBe('Autorizo a usar meus dados (Ana de um ano).')
  expect(await getLead(handle.db, bruno, brunoKept.id)).not.toBeNull()
  // A second run the same day finds nothing more.
  expect(await deleteExpiredLeads(handle.db, new Date())).toBe(0)
})

test('a lead is read and deleted only through its own account', async () => {
  const lead = await leadOf(ana, anaHome, 'Carla', 0)
  expect(await getLead(handle.db, bruno, lead.id)).toBeNull()
  expect(await deleteLead(handle.db, bruno, lead.id)).toBe(false)
  expect((await getLead(handle.db, ana, lead.id))?.name).toBe('Carla')
  expect(await deleteLead(handle.db, ana, lead.id)).toBe(true)
  expect(await getLead(handle.db, ana, lead.id)).toBeNull()
})
