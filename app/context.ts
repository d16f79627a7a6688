// Typed router context: what the composition root (server/app.ts) and the root middleware put
// in reach of every loader, action and middleware. Read with context.get(xContext).
import { createContext } from 'react-router'
import type { Env } from './env.server'
import type { Database } from './utils/db.server'
import type { Logger } from './utils/logger.server'
import type { Storage } from './integrations/storage/storage.server'
import type { BillingBackend } from './integrations/stripe/billing.server'

export const envContext = createContext<Env>()
export const dbContext = createContext<Database>()
export const loggerContext = createContext<Logger>()
/** File storage: S3-compatible bucket or DATA_DIR/uploads (app/integrations/storage/storage.server.ts). */
export const storageContext = createContext<Storage>()
/** Payments: Stripe, or the demo backend (app/integrations/stripe/billing.server.ts). */
export const billingContext = createContext<BillingBackend>()
/** Signs toast cookies and upload links: SESSION_SECRET, else the instance's own random secret
 * kept in the database (app/models/app-secrets.server.ts, ADR 140). */
export const sessionSecretContext = createContext<string>()

/** Per request. */
export const requestIdContext = createContext<string>('')
export const cspNonceContext = createContext<string>('')
/** The visitor's IP address (rate limits). */
export const clientIpContext = createContext<string>('')

/** The signed-in person, set by the auth middleware (app/utils/auth.server.ts). */
export type SessionUser = {
  id: string
  email: string
  full_name: string | null
  role: 'user' | 'admin'
}
export const userContext = createContext<SessionUser | null>(null)
