// What the legal pages say that depends on configuration: who the controller is, how to reach
// the encarregado (LGPD art. 41 §1: identity and contact published, clearly), and where the
// configured outside services send data. Pure: it gets the settings, not process.env.

/** Shown on both pages; change it whenever the text changes in substance. */
export const LEGAL_UPDATED_AT = '2026-11-28'

export type LegalSettings = {
  APP_NAME: string
  APP_URL?: string
  MAIL_FROM: string
  DPO_NAME?: string
  DPO_EMAIL?: string
  POSTHOG_HOST?: string
  AI_BASE_URL?: string
}

export type LegalFacts = {
  appName: string
  updatedAt: string
  dpo: { name: string; email: string; configured: boolean }
  /** Host the analytics events go to. */
  analyticsHost: string
  /** Host of the AI text service, or null when the built-in writer runs on our own servers. */
  aiHost: string | null
}

export const POSTHOG_DEFAULT_HOST = 'https://us.i.posthog.com'

function hostOf(url: string | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/** The address part of 'Name <address>' or of a bare address. */
function mailDomain(from: string): string | null {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from
  const at = address.lastIndexOf('@')
  return at === -1 ? null : address.slice(at + 1).trim() || null
}

/**
 * Without DPO_EMAIL the privacy channel is "privacidade@" on the domain the product already
 * sends mail from, so the page always names a reachable channel (start-up warns in production).
 */
export function dpoContact(settings: LegalSettings): LegalFacts['dpo'] {
  const name = settings.DPO_NAME?.trim() || `Encarregado de proteção de dados da ${settings.APP_NAME}`
  if (settings.DPO_EMAIL?.trim()) return { name, email: settings.DPO_EMAIL.trim(), configured: true }
  const domain = mailDomain(settings.MAIL_FROM) ?? hostOf(settings.APP_URL) ?? 'localhost'
  return { name, email: `privacidade@${domain}`, configured: false }
}

export function legalFacts(settings: LegalSettings): LegalFacts {
  return {
    appName: settings.APP_NAME,
    updatedAt: LEGAL_UPDATED_AT,
    dpo: dpoContact(settings),
    analyticsHost: hostOf(settings.POSTHOG_HOST) ?? hostOf(POSTHOG_DEFAULT_HOST)!,
    aiHost: hostOf(settings.AI_BASE_URL),
  }
}

/** '2026-11-21' → '21 de novembro de 2026' */
export function formatLegalDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  return new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, day!)))
}
