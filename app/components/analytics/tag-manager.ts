// Google Tag Manager, injected only after the visitor allows marketing (ADR 052). The script
// carries the page's CSP nonce, which GTM passes on to the custom tags it adds.

type DataLayer = unknown[]
declare global {
  interface Window {
    dataLayer?: DataLayer
  }
}

export type TagConsent = { analytics: boolean; marketing: boolean }

const loaded = new Set<string>()

/** gtag() pushes its arguments object, which is what GTM's consent mode reads. */
function gtag(..._args: unknown[]) {
  // eslint-disable-next-line prefer-rest-params
  ;(window.dataLayer ??= []).push(arguments)
}

function consentMode(consent: TagConsent) {
  const granted = (yes: boolean) => (yes ? 'granted' : 'denied')
  return {
    analytics_storage: granted(consent.analytics),
    ad_storage: granted(consent.marketing),
    ad_user_data: granted(consent.marketing),
    ad_personalization: granted(consent.marketing),
  }
}

/** The nonce survives only as a property of the scripts that carried it (not as an attribute). */
function pageNonce(): string {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]')
  return script?.nonce || script?.getAttribute('nonce') || ''
}

export function loadTagManager(id: string, consent: TagConsent) {
  if (loaded.has(id)) {
    gtag('consent', 'update', consentMode(consent))
    return
  }
  loaded.add(id)
  gtag('consent', 'default', consentMode(consent))
  ;(window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`
  const nonce = pageNonce()
  if (nonce) {
    script.nonce = nonce
    script.setAttribute('nonce', nonce)
  }
  document.head.appendChild(script)
}

/** Marketing withdrawn in this page view: tags already running are told to stop storing. */
export function revokeTagManager(id: string) {
  if (!loaded.has(id)) return
  gtag('consent', 'update', consentMode({ analytics: false, marketing: false }))
}
