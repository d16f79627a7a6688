// Every setting the product reads, validated once at start-up. Unset means the embedded
// default (docs/principles.md "Offline by default"): a fresh machine runs the whole product offline with no variables.
import { isIP } from 'node:net'
import { z } from 'zod'
import { GtmIdSchema } from './domain/gtm'
import { PAYMENT_METHODS, isPaymentMethod, type PaymentMethod } from './domain/payment-methods'

/** Where all local state lives when DATA_DIR is unset. */
export const DEFAULT_DATA_DIR = './data'

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional()

const url = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url({ message: 'must be a URL / deve ser uma URL' }).optional())
  .optional()

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1')

/**
 * The ways to pay Stripe Checkout offers (ADR 309): `card,pix,boleto` (the default), or fewer
 * when the Stripe account has not got Pix or boleto turned on.
 */
const paymentMethods = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): PaymentMethod[] => {
    if (!value) return [...PAYMENT_METHODS]
    const entries = [...new Set(value.split(',').map((entry) => entry.trim()))]
    const wrong = entries.filter((entry) => !isPaymentMethod(entry))
    if (wrong.length || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown payment method ${wrong.join(', ')}: use card, pix, boleto / forma de pagamento desconhecida`,
      })
      return z.NEVER
    }
    return PAYMENT_METHODS.filter((method) => entries.includes(method))
  })

/** An address or subnet as Express's `trust proxy` takes it: `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`, `loopback`… */
function isProxyAddress(entry: string) {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
  const [address = '', range, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  if (range === undefined) return true
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128)
  return family === 4 && isIP(range) === 4
}

/**
 * Which proxies in front of the server say who the client is (Express's `trust proxy`): a hop
 * count (`1`: the load balancer's own entry, the rightmost of X-Forwarded-For), or the proxies'
 * addresses and subnets, comma-separated. `true` means one hop: trusting every hop would take the
 * leftmost entry, which the client writes itself (issue 66). Unset, `false`, `0`: none.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value || value === 'false' || value === '0') return false
    if (value === 'true') return 1
    if (/^\d+$/.test(value)) return Number(value)
    const entries = value.split(',').map((entry) => entry.trim())
    if (entries.every(isProxyAddress)) return entries
    ctx.addIssue({
      code: 'custom',
      message:
        'a hop count (1) or proxy addresses/subnets, comma-separated / ' +
        'um número de saltos (1) ou endereços/sub-redes dos proxies, separados por vírgula',
    })
    return z.NEVER
  })

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  APP_URL: url,
  APP_NAME: z.string().trim().min(1).default('Vitrine'),
  /**
   * Signs the toast cookie and upload links (and, without AUTH_JWT_SECRET, the auth API's key
   * derives from it). Unset, one kept in the embedded database; required with DATABASE_URL.
   */
  SESSION_SECRET: optional,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  /** Turns the auth rate limits off (load tests, second e2e servers). */
  RATE_LIMIT_DISABLED: flag,
  /** Cookies without `Secure` in production: end-to-end tests and benches over plain http. */
  INSECURE_COOKIES: flag,
  /** Where the SQL migrations are; db/migrations under the working directory when unset. */
  MIGRATIONS_DIR: optional,
  /** Also installs the test templates (end-to-end tests; ADR 031). */
  TEST_TEMPLATES: flag,

  DATABASE_URL: url,
  /**
   * Lets feed connections read loopback and private-network addresses: local test servers in
   * development and tests only; refused with NODE_ENV=production (ADR 209).
   */
  FEED_PRIVATE_HOSTS: flag,

  SUPABASE_URL: url,
  SUPABASE_ANON_KEY: optional,
  SUPABASE_SERVICE_ROLE_KEY: optional,
  /** Signing key of the built-in auth API's JWTs. Derived from SESSION_SECRET when unset (else,
   * embedded database only, one kept in the database). */
  AUTH_JWT_SECRET: optional,
  AUTH_CONFIRM_EMAIL: flag,
  /**
   * bcrypt's cost for new password hashes: 10 unless set. The end-to-end servers set 4, the
   * minimum, so that ≈ 800 sign-ups and sign-ins a run do not each cost 60 ms of CPU (ADR 204).
   */
  AUTH_PASSWORD_HASH_COST: z.coerce.number().int().min(4).max(15).default(10),

  SMTP_URL: url,
  /** Shows the dev mailbox (/dev/emails) in production too: e2e and offline demos only. */
  DEV_MAILBOX: flag,
  MAIL_FROM: z.string().default('Vitrine <nao-responda@vitrine.app>'),

  S3_ENDPOINT: url,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** 'true' / '1' for path-style bucket addresses (MinIO and most self-hosted S3); unset = the SDK's default. */
  S3_FORCE_PATH_STYLE: optional,

  AI_BASE_URL: url,
  AI_API_KEY: optional,
  AI_MODEL: optional,
  /** Speech model of the same API (POST /audio/speech) for /audio; eSpeak NG offline when unset. */
  AI_TTS_MODEL: optional,
  /** Image-edit model of the same API (POST /images/edits) for /ambientes staging. */
  AI_IMAGE_MODEL: optional,

  SCREENSHOT_URL: url,

  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_PAYMENT_METHODS: paymentMethods,
  /** Another Stripe API address (tests' local Stripe server, stripe-mock). */
  STRIPE_API_URL: url,

  POSTHOG_KEY: optional,
  POSTHOG_HOST: url,
  /** Failures to Sentry (its project's DSN); off when unset (ADR 317). */
  SENTRY_DSN: url,
  /** 'GTM-' + capital letters and digits; anything else stops start-up with a suggested id. */
  GTM_ID: GtmIdSchema,

  GOOGLE_MAPS_API_KEY: optional,
  VIACEP_URL: z.url().default('https://viacep.com.br/ws'),
  /** Google Places API (New) base address (a local test server in tests). */
  GOOGLE_PLACES_URL: z.url().default('https://places.googleapis.com'),

  /** Instagram publishing through Meta's OAuth (ADR 100); the local outbox only when unset. */
  META_APP_ID: optional,
  META_APP_SECRET: optional,
  /** Graph API base with version (a local test server in tests). */
  META_GRAPH_URL: z.url().default('https://graph.instagram.com/v23.0'),
  /** Instagram Login's authorize and code-exchange host (a local test server in tests). */
  META_LOGIN_URL: optional,
  /**
   * Facebook Pages through Facebook Login (ADR 308): the Facebook app's id and secret (Meta gives
   * Instagram Login an id of its own; unset, META_APP_ID's), its Graph base and its dialog host.
   */
  FACEBOOK_APP_ID: optional,
  FACEBOOK_APP_SECRET: optional,
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v23.0'),
  FACEBOOK_LOGIN_URL: optional,
  /**
   * Seals every stored credential (Instagram tokens, feed API keys, TOTP secrets). Unset, a key
   * generated once and kept in the embedded database; required with DATABASE_URL (ADR 305).
   */
  TOKEN_ENCRYPTION_KEY: optional,
  /** 'true' (default): this instance runs the jobs too; 'false': web only; 'only': jobs only. */
  WORKER: z
    .enum(['true', 'false', '1', '0', 'only', ''])
    .optional()
    .transform((value): 'web+jobs' | 'web' | 'jobs' =>
      value === 'only' ? 'jobs' : value === 'false' || value === '0' ? 'web' : 'web+jobs',
    ),

  DPO_NAME: optional,
  DPO_EMAIL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email({ message: 'must be an e-mail / deve ser um e-mail' }).optional())
    .optional(),
  /** The seeded admin's password; required by `npm run seed` when NODE_ENV=production. */
  SEED_ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(8, { message: 'at least 8 characters / no mínimo 8 caracteres' }).optional()),
})

export type Env = z.output<typeof EnvSchema>

export class EnvError extends Error {}

/** Parses the environment; a bad value throws an error naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source)
  if (result.success && result.data.FEED_PRIVATE_HOSTS && result.data.NODE_ENV === 'production')
    throw new EnvError(
      'Configuração inválida / invalid configuration:\n  FEED_PRIVATE_HOSTS: never in production, feeds would ' +
        'reach the internal network / nunca em produção, os feeds leriam a rede interna',
    )
  if (result.success) return result.data
  const lines = result.error.issues.map(
    (issue) =>
      `  ${issue.path.join('.')}: ${issue.message} (valor atual / current value: ${JSON.stringify(
        source[String(issue.path[0])],
      )})`,
  )
  throw new EnvError(`Configuração inválida / invalid configuration:\n${lines.join('\n')}`)
}

/**
 * With a hosted database (DATABASE_URL) no key is kept beside the data: the session secret and the
 * sealing key come from the environment (the auth API's signing key is AUTH_JWT_SECRET or derives
 * from SESSION_SECRET). The database-kept keys are the embedded default's only (ADR 305).
 */
export type SecretsEnv = Pick<Env, 'SESSION_SECRET' | 'TOKEN_ENCRYPTION_KEY'> & { DATABASE_URL?: string }

/** Throws the operator's message naming each missing key when the database is hosted. */
export function requireHostedSecrets(env: SecretsEnv): void {
  if (!env.DATABASE_URL) return
  const missing = (['SESSION_SECRET', 'TOKEN_ENCRYPTION_KEY'] as const).filter((name) => !env[name])
  if (!missing.length) return
  throw new EnvError(
    'Configuração inválida / invalid configuration:\n' +
      missing
        .map(
          (name) =>
            `  ${name}: obrigatório com DATABASE_URL, as chaves não ficam ao lado dos dados / ` +
            'required with DATABASE_URL, keys are not kept beside the data (e.g. openssl rand -base64 32)',
        )
        .join('\n'),
  )
}

/**
 * Cookies carry `Secure` in production whatever APP_URL says (unset, it is the request's origin),
 * unless INSECURE_COOKIES says the site runs on plain http; and always on a request that came
 * over https (behind TRUST_PROXY, as X-Forwarded-Proto says). ADR 210.
 */
export function cookiesAreSecure(env: Pick<Env, 'NODE_ENV' | 'INSECURE_COOKIES'>, request?: Request): boolean {
  if (request && new URL(request.url).protocol === 'https:') return true
  return env.NODE_ENV === 'production' && !env.INSECURE_COOKIES
}
