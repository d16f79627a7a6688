// The visitor's cookie choice (LGPD art. 7 I, art. 8): what they allowed, under which version
// of the policy, and when. Kept in a first-party cookie the server reads on every request.
//
// Cookie value (plain, readable, no secrets):  v=1&analytics=1&marketing=0&at=1718000000
//   v          CONSENT_VERSION the choice was made under; another version asks again
//   analytics  1/0: product analytics (PostHog)
//   marketing  1/0: tag manager and the marketing tags it carries (GTM)
//   at         when the choice was made, Unix seconds (the controller must be able to show it)
// "necessary" is never stored: it cannot be refused (session, toasts, this cookie itself).

export const CONSENT_COOKIE_NAME = 'vitrine_consent'

/** Bump when the privacy policy changes what the categories cover: everyone is asked again. */
export const CONSENT_VERSION = 1

/** A choice is kept for 6 months, then the banner asks again. */
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 182

export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
export type OptionalConsentCategory = Exclude<ConsentCategory, 'necessary'>

export type ConsentChoices = {
  necessary: true
  analytics: boolean
  marketing: boolean
}

export type Consent = ConsentChoices & {
  version: number
  decidedAt: Date
}

/** What applies before the visitor chooses: only what the site cannot work without. */
export const DEFAULT_CONSENT_CHOICES: ConsentChoices = Object.freeze({
  necessary: true,
  analytics: false,
  marketing: false,
})

/** What the pages need: whether to show the banner, and what may run. */
export type ConsentState = ConsentChoices & { decided: boolean }

export const CONSENT_CATEGORY_LABELS: Record<ConsentCategory, { title: string; description: string }> = {
  necessary: {
    title: 'Necessários',
    description:
      'Mantêm você conectado, guardam avisos entre páginas e lembram esta escolha. Sem eles o site não funciona, por isso ficam sempre ativos.',
  },
  analytics: {
    title: 'Análise de uso',
    description:
      'Contam as páginas visitadas e os recursos usados (PostHog), para sabermos o que melhorar. Nada é gravado do que você digita.',
  },
  marketing: {
    title: 'Marketing',
    description:
      'Carregam o Google Tag Manager e as etiquetas de campanhas que ele traz, para medir os nossos anúncios.',
  },
}

export function serializeConsent(consent: Consent): string {
  const params = new URLSearchParams({
    v: String(consent.version),
    analytics: consent.analytics ? '1' : '0',
    marketing: consent.marketing ? '1' : '0',
    at: String(Math.floor(consent.decidedAt.getTime() / 1000)),
  })
  return params.toString()
}

const bit = (value: string | null) => (value === '1' ? true : value === '0' ? false : null)

/** Null when there is no valid choice for the current version (the banner shows again). */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (!value) return null
  let params: URLSearchParams
  try {
    params = new URLSearchParams(decodeURIComponent(value))
  } catch {
    return null
  }
  const version = Number(params.get('v'))
  if (version !== CONSENT_VERSION) return null
  const analytics = bit(params.get('analytics'))
  const marketing = bit(params.get('marketing'))
  const at = params.get('at')
  if (analytics === null || marketing === null || at === null || !/^\d{1,12}$/.test(at)) return null
  return { necessary: true, analytics, marketing, version, decidedAt: new Date(Number(at) * 1000) }
}

export function consentState(consent: Consent | null): ConsentState {
  if (!consent) return { ...DEFAULT_CONSENT_CHOICES, decided: false }
  return { necessary: true, analytics: consent.analytics, marketing: consent.marketing, decided: true }
}

export const CONSENT_INTENTS = ['accept-all', 'reject-all', 'save'] as const
export type ConsentIntent = (typeof CONSENT_INTENTS)[number]

/**
 * The banner's form: "Aceitar todos" / "Rejeitar todos" send their intent; "Salvar escolhas"
 * sends the ticked categories (a checkbox sends "on" only when ticked). Null for anything else.
 */
export function consentFromForm(form: { get(name: string): unknown }, now: Date = new Date()): Consent | null {
  const intent = form.get('intent')
  const base = { necessary: true as const, version: CONSENT_VERSION, decidedAt: now }
  switch (intent) {
    case 'accept-all':
      return { ...base, analytics: true, marketing: true }
    case 'reject-all':
      return { ...base, analytics: false, marketing: false }
    case 'save':
      return { ...base, analytics: form.get('analytics') === 'on', marketing: form.get('marketing') === 'on' }
    default:
      return null
  }
}

/** Cookies set by what each optional category loads, recognised by name. */
const CATEGORY_COOKIE_PATTERNS: Record<OptionalConsentCategory, RegExp[]> = {
  analytics: [/^ph_.+_posthog$/, /^__ph_opt_in_out_/],
  marketing: [/^_ga($|_)/, /^_gid$/, /^_gat/, /^_gcl_/, /^_fbp$/, /^_fbc$/],
}

/** A cookie that the analytics or marketing scripts set in the browser (the server never reads it). */
export function isOptionalCategoryCookie(name: string): boolean {
  return Object.values(CATEGORY_COOKIE_PATTERNS).some((patterns) => patterns.some((re) => re.test(name)))
}

/** Of the cookies the browser sent, those belonging to a category the visitor does not allow. */
export function cookiesToRemove(cookieNames: string[], choices: ConsentChoices): string[] {
  const refused = (['analytics', 'marketing'] as const).filter((category) => !choices[category])
  return cookieNames.filter((name) =>
    refused.some((category) => CATEGORY_COOKIE_PATTERNS[category].some((re) => re.test(name))),
  )
}

/**
 * Where such a cookie may live: host-only, or on the host or one of its parent domains
 * (tag scripts write to the broadest one they can). 'app.imob.com.br' → ['app.imob.com.br',
 * 'imob.com.br', 'com.br']; a browser ignores the public suffix. None for IPs and 'localhost'.
 */
export function cookieDomainsFor(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return []
  const labels = hostname.split('.')
  const domains: string[] = []
  for (let i = 0; i <= labels.length - 2; i++) domains.push(labels.slice(i).join('.'))
  return domains
}
