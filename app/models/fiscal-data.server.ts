// The agent's fiscal data (/dados-fiscais), one row per user; the Stripe customer gets a copy.
import { and, eq } from 'drizzle-orm'
import { fiscalData, type FiscalData } from '../../db/schema'
import type { FiscalDataInput } from '~/domain/fiscal-schema'
import type { Database } from '~/utils/db.server'

export async function getFiscalData(db: Database, userId: string): Promise<FiscalData | null> {
  const [row] = await db.select().from(fiscalData).where(eq(fiscalData.user_id, userId)).limit(1)
  return row ?? null
}

/** Saves the form's values; they still have to reach the Stripe customer (synced_at null). */
export async function saveFiscalData(db: Database, userId: string, input: FiscalDataInput): Promise<FiscalData> {
  const values = {
    document_type: input.document.type,
    document: input.document.digits,
    name: input.name,
    zipcode: input.zipcode,
    street: input.street,
    street_number: input.street_number,
    complement: input.complement,
    neighborhood: input.neighborhood,
    city: input.city,
    state: input.state,
    invoice_email: input.invoice_email,
    synced_at: null,
    // Set here (millisecond precision) so markFiscalDataSynced can compare it exactly.
    updated_at: new Date(),
  }
  const [row] = await db
    .insert(fiscalData)
    .values({ user_id: userId, ...values })
    .onConflictDoUpdate({ target: fiscalData.user_id, set: values })
    .returning()
  return row!
}

/** Marks the data as copied to the customer, unless they changed in the meantime. */
export async function markFiscalDataSynced(db: Database, userId: string, version: Date): Promise<void> {
  await db
    .update(fiscalData)
    .set({ synced_at: new Date(), updated_at: version })
    .where(and(eq(fiscalData.user_id, userId), eq(fiscalData.updated_at, version)))
}
