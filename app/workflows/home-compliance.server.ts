// The rules a property's ads answer to (issue 65), asked where pieces are scheduled, where they
// are published and where they are listed; and the owner's authorisation added, with its signed
// document kept as a private file of the account. A new authorisation in force puts the
// property's paused publications back on the queue.
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { HomeRecord } from '~/domain/records'
import {
  authorizationState,
  complianceOf,
  pausedBy,
  PAUSED_LABEL,
  type AuthorizationState,
  type Compliance,
} from '~/domain/compliance'
import { AUTHORIZATION_MAX_BYTES } from '~/domain/compliance-schema'
import { zonedDate } from '~/domain/dates'
import type { SentFile } from '~/domain/media'
import type { Storage } from '~/integrations/storage/storage.server'
import {
  authorizationTermsOf,
  insertAuthorization,
  listAuthorizations,
  pauseReasonOf,
  type HomeAuthorization,
} from '~/models/home-authorizations.server'
import { getHome } from '~/models/homes.server'
import { resumePublicationsOfHome } from '~/models/scheduled-publications.server'
import type { Database } from '~/utils/db.server'
import type { Jobs } from '~/utils/jobs.server'
import { enqueuePublication } from './publishing.server'

export type HomeCompliance = Compliance & { authorization: AuthorizationState; authorizations: HomeAuthorization[] }

/** What the law asks of this property's ads today, and its authorisations. */
export async function homeCompliance(
  db: Database,
  accountId: string,
  home: Pick<HomeRecord, 'id' | 'stage' | 'incorporation_registry'>,
  now = new Date(),
): Promise<HomeCompliance> {
  const authorizations = await listAuthorizations(db, accountId, home.id)
  const today = zonedDate(now)
  const authorization = authorizationState(authorizations, today)
  const rules = complianceOf({
    stage: home.stage,
    incorporationRegistry: home.incorporation_registry,
    authorization,
    today,
  })
  return { ...rules, authorization, authorizations }
}

/** A piece's blocking problems; none for a piece of no property (an occasion's greeting). */
export async function pieceProblems(db: Database, accountId: string, homeId: number | null, now = new Date()) {
  if (homeId === null) return []
  const home = await getHome(db, accountId, homeId)
  return home ? (await homeCompliance(db, accountId, home, now)).blocking : []
}

/** The pause reason of each listed publication's property (one query for the whole list). */
export async function pauseReasons(
  db: Database,
  accountId: string,
  homeIds: readonly (number | null)[],
  now = new Date(),
): Promise<Map<number, string | null>> {
  const ids = [...new Set(homeIds.filter((id): id is number => id !== null))]
  const terms = await authorizationTermsOf(db, accountId, ids)
  const today = zonedDate(now)
  return new Map(ids.map((id) => [id, pausedBy(authorizationState(terms.get(id) ?? [], today))]))
}

/** 'pdf' | 'jpg' | 'png' | 'webp' for a signed document, or null for anything else. */
async function documentKind(bytes: Uint8Array): Promise<'pdf' | 'jpg' | 'png' | 'webp' | null> {
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-') return 'pdf'
  try {
    const { format } = await sharp(bytes).metadata()
    if (format === 'jpeg') return 'jpg'
    if (format === 'png' || format === 'webp') return format
  } catch {
    // Not an image sharp reads: refused below like any other file.
  }
  return null
}

export const DOCUMENT_KIND_MESSAGE = 'Envie o documento assinado em PDF ou como foto (JPEG, PNG ou WebP).'
export const DOCUMENT_SIZE_MESSAGE = 'O documento passou de 10 MB: envie um arquivo menor.'

export type AuthorizationInput = {
  owner_name: string
  starts_on: string
  ends_on: string
  exclusive: boolean
  document: SentFile
}

export type AddAuthorizationOutcome =
  { status: 'added'; resumed: number } | { status: 'invalid'; errors: { document: string[] } } | { status: 'not-found' }

/**
 * Keeps the signed document under the account's own folder (read only by the account: no link
 * is ever signed for it), records the authorisation, and resumes the property's publications.
 */
export async function addAuthorization(
  deps: { db: Database; storage: Storage; jobs: Jobs },
  accountId: string,
  input: AuthorizationInput & { homeId: number; createdBy: string },
  now = new Date(),
): Promise<AddAuthorizationOutcome> {
  const home = await getHome(deps.db, accountId, input.homeId)
  if (!home) return { status: 'not-found' }
  if (input.document.bytes.byteLength > AUTHORIZATION_MAX_BYTES)
    return { status: 'invalid', errors: { document: [DOCUMENT_SIZE_MESSAGE] } }
  const kind = await documentKind(input.document.bytes)
  if (!kind) return { status: 'invalid', errors: { document: [DOCUMENT_KIND_MESSAGE] } }
  const key = `users/${accountId}/authorizations/${randomBytes(16).toString('hex')}.${kind}`
  await deps.storage.put(key, input.document.bytes, kind === 'pdf' ? 'application/pdf' : `image/${kind}`)
  try {
    await insertAuthorization(deps.db, accountId, {
      home_id: home.id,
      owner_name: input.owner_name,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      exclusive: input.exclusive,
      document_key: key,
      document_name: input.document.name.slice(0, 200) || `autorizacao.${kind}`,
      created_by: input.createdBy,
    })
  } catch (error) {
    await deps.storage.delete(key)
    throw new Error('could not record the authorisation', { cause: error })
  }
  return { status: 'added', resumed: await resumeHome(deps, accountId, home.id, now) }
}

/** Puts the property's waiting publications on the queue again once nothing pauses them. */
export async function resumeHome(
  deps: { db: Database; jobs: Jobs },
  accountId: string,
  homeId: number,
  now = new Date(),
): Promise<number> {
  if (await pauseReasonOf(deps.db, accountId, homeId, now)) return 0
  const rows = await resumePublicationsOfHome(deps.db, accountId, homeId, PAUSED_LABEL)
  for (const row of rows) await enqueuePublication(deps.jobs, row)
  return rows.length
}
