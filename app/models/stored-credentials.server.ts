// Every stored credential sealed with the one credentials key, made so at start-up (ADR 305): a
// value kept in clear before (TOTP secrets) is sealed; on the first start with TOKEN_ENCRYPTION_KEY
// of an install that kept its key in the database, what that key sealed is sealed again with the
// environment's, and the database's key is deleted, so that no key is left beside the data.
import { eq, isNotNull, notLike, sql } from 'drizzle-orm'
import { appSecrets, integrations, socialAccounts } from '../../db/schema'
import { authMfaFactors } from '../../db/schema-auth'
import type { SecretsEnv } from '~/env.server'
import { credentialsKeyFor } from '~/models/app-secrets.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import { isSealed, seal, SealedTextError, unseal } from '~/utils/sealed.server'

export type SealingReport = { sealed: number; resealed: number; unreadable: number }

function opens(key: string, value: string) {
  try {
    unseal(key, value)
    return true
  } catch (error) {
    if (error instanceof SealedTextError) return false
    throw error
  }
}

export async function sealStoredCredentials(env: SecretsEnv, db: Database, logger?: Logger): Promise<SealingReport> {
  const key = await credentialsKeyFor(env, db)
  const [kept] = env.TOKEN_ENCRYPTION_KEY
    ? await db.select().from(appSecrets).where(eq(appSecrets.name, 'credentials'))
    : []
  const previous = kept?.value
  const report: SealingReport = { sealed: 0, resealed: 0, unreadable: 0 }

  /** The value sealed with `key`, or undefined when it already is (or opens with no key we have). */
  const rewritten = (value: string): string | undefined => {
    if (!isSealed(value)) {
      report.sealed += 1
      return seal(key, value)
    }
    if (opens(key, value)) return undefined
    if (previous && opens(previous, value)) {
      report.resealed += 1
      return seal(key, unseal(previous, value))
    }
    report.unreadable += 1
    return undefined
  }

  await db.transaction(async (tx) => {
    // Every value when a previous key is to be replaced; otherwise only those not sealed at all.
    const tokens = await tx
      .select({ id: socialAccounts.id, value: socialAccounts.token_sealed })
      .from(socialAccounts)
      .where(previous ? isNotNull(socialAccounts.token_sealed) : notLike(socialAccounts.token_sealed, 'v1.%'))
      .for('update')
    for (const row of tokens) {
      const value = rewritten(row.value!)
      if (value) await tx.update(socialAccounts).set({ token_sealed: value }).where(eq(socialAccounts.id, row.id))
    }

    const apiKey = sql<string | null>`${integrations.api_connection}->>'apiKey'`
    const feeds = await tx
      .select({ id: integrations.id, connection: integrations.api_connection })
      .from(integrations)
      .where(previous ? sql`${apiKey} is not null` : sql`${apiKey} not like 'v1.%'`)
      .for('update')
    for (const row of feeds) {
      const value = rewritten(row.connection.apiKey!)
      if (value)
        await tx
          .update(integrations)
          .set({ api_connection: { ...row.connection, apiKey: value } })
          .where(eq(integrations.id, row.id))
    }

    const factors = await tx
      .select({ id: authMfaFactors.id, value: authMfaFactors.secret })
      .from(authMfaFactors)
      .where(previous ? undefined : notLike(authMfaFactors.secret, 'v1.%'))
      .for('update')
    for (const row of factors) {
      const value = rewritten(row.value)
      if (value) await tx.update(authMfaFactors).set({ secret: value }).where(eq(authMfaFactors.id, row.id))
    }

    if (kept) await tx.delete(appSecrets).where(eq(appSecrets.name, 'credentials'))
  })

  if (report.sealed || report.resealed || kept)
    logger?.info('stored credentials sealed with the one key', { ...report, databaseKeyDeleted: Boolean(kept) })
  if (report.unreadable)
    logger?.warn('stored credentials that open with no known key: reconnect them', { unreadable: report.unreadable })
  return report
}
