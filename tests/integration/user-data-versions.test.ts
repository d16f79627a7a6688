// ADR 201: every write to a person's users, homes or subscriptions rows moves their data version,
// whoever makes it, in the same transaction; nobody else's moves. The signed-in page cache trusts it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, userDataVersions, users } from '../../db/schema'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createHome, deleteHome, updateHome } from '../../app/models/homes.server'
import { applySubscriptionState } from '../../app/models/subscriptions.server'
import { updateProfile } from '../../app/models/users.server'
import { deleteAccountRows } from '../../app/models/account-data.server'
import { userDataVersion } from '../../app/models/user-data-versions.server'
import type { Storage } from '../../app/integrations/storage/storage.server'
import { agentsOnDisk } from '../support/agents-on-disk'
import { homeInput } from '../support/sample-home'

let handle: DatabaseHandle
let storage: Storage
let close: () => Promise<void>
const ana = crypto.randomUUID()
const bruno = crypto.randomUUID()

beforeAll(async () => {
  ;({ handle, storage, close } = await agentsOnDisk('versions', [ana, bruno]))
})
afterAll(() => close())

/** Runs `write` and says whose versions it moved. */
async function moved(write: () => Promise<unknown>) {
  const before = [await userDataVersion(handle.db, ana), await userDataVersion(handle.db, bruno)]
  await write()
  const after = [await userDataVersion(handle.db, ana), await userDataVersion(handle.db, bruno)]
  return { ana: after[0]! - before[0]!, bruno: after[1]! - before[1]! }
}

const subscription = (status: string, stateAt: Date) => ({
  userId: ana,
  provider: 'demo' as const,
  customerId: `cus_${ana}`,
  subscriptionId: `sub_${ana}`,
  status,
  lookupKey: 'corretor_mensal',
  currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  cancelAtPeriodEnd: false,
  stateAt,
})

test('a property saved, edited or deleted moves its owner’s version once, and no one else’s', async () => {
  expect(await userDataVersion(handle.db, ana)).toBeGreaterThan(0)
  let id = 0
  expect(await moved(async () => (id = (await createHome(handle.db, storage, ana, homeInput())).id))).toEqual({
    ana: 1,
    bruno: 0,
  })
  expect(await moved(() => updateHome(handle.db, storage, ana, id, homeInput({ name: 'Cobertura no Itaim' })))).toEqual(
    { ana: 1, bruno: 0 },
  )
  // Bruno cannot touch Ana's property, and trying moves nothing.
  expect(await moved(() => deleteHome(handle.db, storage, bruno, id))).toEqual({ ana: 0, bruno: 0 })
  expect(await moved(() => deleteHome(handle.db, storage, ana, id))).toEqual({ ana: 1, bruno: 0 })
})

test('a write of many rows at once (a feed sync) moves the version once; a statement that writes no row moves nothing', async () => {
  const rows = Array.from({ length: 40 }, (_, n) => ({ ...homeInput({ name: `Imóvel ${n}` }), user_id: ana }))
  expect(await moved(() => handle.db.insert(homes).values(rows))).toEqual({ ana: 1, bruno: 0 })
  expect(await moved(() => handle.db.update(homes).set({ city: 'Campinas' }).where(eq(homes.user_id, ana)))).toEqual({
    ana: 1,
    bruno: 0,
  })
  expect(await moved(() => handle.db.update(homes).set({ city: 'Santos' }).where(eq(homes.name, 'nenhum')))).toEqual({
    ana: 0,
    bruno: 0,
  })
})

test('the plan (the Stripe webhook and the demo checkout write it) and the profile move the version', async () => {
  expect(
    await moved(() => applySubscriptionState(handle.db, subscription('active', new Date(Date.now() - 1000)))),
  ).toEqual({ ana: 1, bruno: 0 })
  expect(await moved(() => applySubscriptionState(handle.db, subscription('canceled', new Date())))).toEqual({
    ana: 1,
    bruno: 0,
  })
  expect(await moved(() => updateProfile(handle.db, bruno, { full_name: 'Bruno Lima', phone: null }))).toEqual({
    ana: 0,
    bruno: 1,
  })
})

test('a write rolled back moves nothing; a deleted account leaves no version behind', async () => {
  await expect(
    moved(() =>
      handle.db.transaction(async (tx) => {
        await tx.update(users).set({ full_name: 'Ana' }).where(eq(users.id, ana))
        throw new Error('rolled back')
      }),
    ),
  ).rejects.toThrow('rolled back')
  expect(await moved(async () => undefined)).toEqual({ ana: 0, bruno: 0 })
  await deleteAccountRows(handle.db, bruno)
  expect(await handle.db.select().from(userDataVersions).where(eq(userDataVersions.user_id, bruno))).toEqual([])
  expect(await userDataVersion(handle.db, bruno)).toBe(0)
})
