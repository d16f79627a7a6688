// Typed router context: what the composition root (server/app.ts) and the root middleware put
// in reach of every loader, action and middleware. Read with context.get(xContext).
import { createContext } from 'react-router'
import type { Env } from './env.server'
import type { Database } from './utils/db.server'
import type { Logger } from './utils/logger.server'
import type { Storage } from './integrations/storage/storage.server'
import type { BillingBackend } from './integrations/stripe/billing.server'
import type { Flash } from '~/middleware/toast.server'
import type { ProfileSubscription } from '~/models/auth-profiles.server'
import type { KitFiles } from '~/workflows/media-kit-files.server'
import type { PostImages } from '~/workflows/post-images.server'
import type { Publishing } from '~/workflows/publishing-service.server'
import type { Jobs } from '~/utils/jobs.server'
import type { DatabaseAvailability } from '~/utils/db-availability.server'
import type { UserPageCache, UserPageRequest } from '~/middleware/user-page-cache.server'
import type { GuestPageCache } from '~/utils/guest-page-cache.server'
import type { EmailService } from '~/integrations/mail/email.server'
import type { RateLimiter } from '~/models/rate-limits.server'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { AuthBackend, AuthState } from '~/utils/auth.server'

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

/** The signed-in person, set by the auth middleware (app/middleware/auth.server.ts). */
export type SessionUser = {
  /** The person: their profile, sign-in, privacy. */
  id: string
  email: string
  full_name: string | null
  role: 'user' | 'admin'
  /** The account whose data they work on (ADR 218): their own, or the agency's that they joined. */
  accountId: string
  /** Their role in that account. */
  accountRole: AccountRole
  /** Their subscription's facts, when read with the profile (null: none); the header's plan. */
  subscription?: ProfileSubscription | null
}
/**
 * 'anonimo': a visitor trying without an account (ADR 269), alone in an account of their own.
 * 'leitura': a member beyond the plan's seats, read-only (ADR 306). The domain's AccountRole.
 */
export type AccountRole = 'owner' | 'gestor' | 'corretor' | 'leitura' | 'anonimo'
export const userContext = createContext<SessionUser | null>(null)

// Services and per-request state set by the composition root and the root middleware.
/** This request's flash toast, read once by the root loader (app/middleware/toast.server.ts). */
export const toastContext = createContext<Flash>({ consume: () => null })
/** A media kit's files (app/workflows/media-kit-files.server.ts). */
export const kitFilesContext = createContext<KitFiles>()
/** The post image service (app/workflows/post-images.server.ts). */
export const postImagesContext = createContext<PostImages>()
/** Publishing to Instagram or the local outbox (app/workflows/publishing-service.server.ts). */
export const publishingContext = createContext<Publishing>()
/** The jobs service (pg-boss; app/utils/jobs.server.ts). */
export const jobsContext = createContext<Jobs>()
/** Read by entry.server.tsx: a page whose loader failed for want of a database is a 503. */
export const databaseAvailabilityContext = createContext<DatabaseAvailability | null>(null)
/** The signed-in page cache (null in development and tests) and this request's pre-read. */
export const userPageCacheContext = createContext<UserPageCache | null>(null)
export const userPageRequestContext = createContext<UserPageRequest | null>(null)
/** The guest page cache: null where there is none (development, tests). */
export const guestPageCacheContext = createContext<GuestPageCache | null>(null)
/** Outgoing e-mail: SMTP or the dev mailbox (app/integrations/mail/email.server.ts). */
export const emailContext = createContext<EmailService>()
/** Rate limits counted in Postgres, across instances (app/models/rate-limits.server.ts). */
export const rateLimiterContext = createContext<RateLimiter>()
/** Auth: the backend (server/auth-backend.ts), the request's client made on first use, the session's state. */
export const authBackendContext = createContext<AuthBackend>()
/** The request's client, made on first use: most signed-out pages never need one. */
export const supabaseContext = createContext<() => SupabaseClient>()
export const authStateContext = createContext<AuthState>({
  aal: null,
  nextAal: null,
  mfaPending: false,
  email: null,
})
