// A property id from a form or a query string, for pages that work on one of the agent's
// properties: null when none was asked for, the property when it is theirs, else a 404.
import type { RouterContextProvider } from 'react-router'
import { dbContext } from '~/context'
import { getHome, type Home } from '~/models/homes.server'
import { pageNotFound } from '~/utils/params'

export async function ownHomeOr404(
  context: Readonly<RouterContextProvider>,
  request: Request,
  userId: string,
  raw: unknown,
): Promise<Home | null> {
  if (raw === null || raw === undefined || raw === '') return null
  const id = Number(raw)
  const home = Number.isSafeInteger(id) ? await getHome(context.get(dbContext), userId, id) : null
  if (!home) throw pageNotFound(request)
  return home
}
