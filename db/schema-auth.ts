// Tables of the built-in Supabase-Auth-compatible API (server/auth-api), used when
// SUPABASE_URL is unset. They mirror the parts of Supabase Auth's `auth` schema the app needs,
// prefixed `auth_` in the public schema so one set of migrations serves PGlite and Postgres.
// The app's own profile row lives in `users` (db/schema.ts) with the same id.
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

const tz = (name: string) => timestamp(name, { withTimezone: true })
const createdUpdated = {
  created_at: tz('created_at').notNull().defaultNow(),
  updated_at: tz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
}

/** One row per instance: the JWT secret when AUTH_JWT_SECRET is not given. */
export const authInstance = pgTable('auth_instance', {
  id: integer('id').primaryKey(),
  jwt_secret: text('jwt_secret').notNull(),
  created_at: tz('created_at').notNull().defaultNow(),
})

export const authUsers = pgTable('auth_users', {
  id: uuid('id').primaryKey(),
  /** Lower-cased; null for an anonymous user until an address is confirmed. */
  email: text('email').unique(),
  /** Signed in with no e-mail ("Experimente sem cadastro"); false once an address is confirmed. */
  is_anonymous: boolean('is_anonymous').notNull().default(false),
  /** bcrypt hash; null for invited users who have not set one yet. */
  encrypted_password: text('encrypted_password'),
  email_confirmed_at: tz('email_confirmed_at'),
  confirmation_sent_at: tz('confirmation_sent_at'),
  recovery_sent_at: tz('recovery_sent_at'),
  invited_at: tz('invited_at'),
  /** Pending address of an e-mail change awaiting confirmation. */
  email_change: text('email_change'),
  email_change_sent_at: tz('email_change_sent_at'),
  last_sign_in_at: tz('last_sign_in_at'),
  reauthentication_sent_at: tz('reauthentication_sent_at'),
  raw_app_meta_data: jsonb('raw_app_meta_data').$type<Record<string, unknown>>().notNull().default({}),
  raw_user_meta_data: jsonb('raw_user_meta_data').$type<Record<string, unknown>>().notNull().default({}),
  banned_until: tz('banned_until'),
  ...createdUpdated,
})

export type AuthAmrEntry = { method: string; timestamp: number }

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    factor_id: uuid('factor_id'),
    amr: jsonb('amr').$type<AuthAmrEntry[]>().notNull().default([]),
    user_agent: text('user_agent'),
    ip: text('ip'),
    refreshed_at: tz('refreshed_at'),
    ...createdUpdated,
  },
  (t) => [index('auth_sessions_user_idx').on(t.user_id)],
)

/**
 * Single-use refresh tokens. Each refresh revokes the token and issues a child (parent = the
 * revoked token's hash); a revoked token presented again revokes the whole session (family).
 */
export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the token; the token itself is never stored. */
    token_hash: text('token_hash').notNull().unique(),
    parent_hash: text('parent_hash'),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    session_id: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    revoked: boolean('revoked').notNull().default(false),
    ...createdUpdated,
  },
  (t) => [index('auth_refresh_tokens_session_idx').on(t.session_id)],
)

export const authMfaFactors = pgTable(
  'auth_mfa_factors',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    friendly_name: text('friendly_name'),
    factor_type: text('factor_type', { enum: ['totp'] }).notNull(),
    status: text('status', { enum: ['unverified', 'verified'] })
      .notNull()
      .default('unverified'),
    /** Base32 TOTP secret. */
    secret: text('secret').notNull(),
    last_challenged_at: tz('last_challenged_at'),
    /** Time step of the last accepted code, so a code cannot be replayed. */
    last_used_step: integer('last_used_step'),
    ...createdUpdated,
  },
  (t) => [index('auth_mfa_factors_user_idx').on(t.user_id)],
)

export const authMfaChallenges = pgTable('auth_mfa_challenges', {
  id: uuid('id').primaryKey(),
  factor_id: uuid('factor_id')
    .notNull()
    .references(() => authMfaFactors.id, { onDelete: 'cascade' }),
  ip: text('ip'),
  /** Wrong TOTP codes given to this challenge; at 5 it ends, and the factor counts them too. */
  failed_attempts: integer('failed_attempts').notNull().default(0),
  verified_at: tz('verified_at'),
  created_at: tz('created_at').notNull().defaultNow(),
})

/** E-mail link / code tokens (confirmation, recovery, invite, magic link, e-mail change). */
export const authOneTimeTokens = pgTable(
  'auth_one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    token_type: text('token_type', {
      enum: ['signup', 'recovery', 'invite', 'magiclink', 'email_change', 'reauthentication'],
    }).notNull(),
    /**
     * Hex SHA-256 of the link's token: 32 random bytes, independent of the code (the link in the
     * e-mail carries the token itself; only its hash is kept).
     */
    token_hash: text('token_hash').notNull().unique(),
    /** Hex SHA-256 of (this row's id + the six-digit code): the code is checked, never stored. */
    code_hash: text('code_hash').notNull(),
    /** Wrong codes typed against this token; at 5 the token ends (ADR on sign-in codes). */
    failed_attempts: integer('failed_attempts').notNull().default(0),
    /** The address the token was sent to. */
    relates_to: text('relates_to').notNull(),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_one_time_tokens_user_idx').on(t.user_id, t.token_type)],
)

/** PKCE flow state: the code challenge of a flow started with a code verifier. */
export const authFlowState = pgTable('auth_flow_state', {
  id: uuid('id').primaryKey(),
  user_id: uuid('user_id').references(() => authUsers.id, { onDelete: 'cascade' }),
  auth_code: text('auth_code').notNull().unique(),
  code_challenge: text('code_challenge').notNull(),
  code_challenge_method: text('code_challenge_method', { enum: ['s256', 'plain'] }).notNull(),
  authentication_method: text('authentication_method').notNull(),
  auth_code_issued_at: tz('auth_code_issued_at'),
  ...createdUpdated,
})

/** Fixed-window counters for rate limits (app/utils/rate-limit.server.ts). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    reset_at: tz('reset_at').notNull(),
  },
  // The limiter's sweep drops the counters whose window is over (ADR 275): one hour of listing
  // views leaves a counter per visitor, property and channel.
  (t) => [index('rate_limit_counters_reset_idx').on(t.reset_at)],
)

export type AuthUserRow = typeof authUsers.$inferSelect
export type AuthSessionRow = typeof authSessions.$inferSelect
export type AuthFactorRow = typeof authMfaFactors.$inferSelect
export type AuthOneTimeTokenRow = typeof authOneTimeTokens.$inferSelect
