// The steps the pages of work on one property share (Ambientes, Áudio): the property asked for,
// when it is the account's (another account's is not found, never its data), the page's choice
// of properties with the one it opens on, and a made file removed by its id.
import type { Database } from '~/utils/db.server'
import { homeChoices, type HomeChoice } from '~/models/home-choices.server'
import { getHome, type Home } from '~/models/homes.server'

/** The account's property `homeId`; null when none was asked for, 'not-found' when it is not theirs. */
export async function askedHome(db: Database, accountId: string, homeId: number | null) {
  if (homeId === null) return null
  return (await getHome(db, accountId, homeId)) ?? ('not-found' as const)
}

/** The properties to choose from and the one the page opens on: the one asked for, else the first. */
export async function homeChoice(
  db: Database,
  accountId: string,
  homeId: number | null,
): Promise<{ homes: HomeChoice[]; home: Home | null } | 'not-found'> {
  const [homes, asked] = await Promise.all([homeChoices(db, accountId), askedHome(db, accountId, homeId)])
  if (asked === 'not-found') return asked
  return { homes, home: asked ?? (homes[0] ? await getHome(db, accountId, homes[0].id) : null) }
}
