// The installed app's hooks in every page that runs JavaScript (ADR 255): the link to the manifest
// and the iPhone's icon, and a few hundred bytes of inline script that register the service worker
// once the page has loaded (so it never competes with the page's own first paint) and keep the
// browser's install offer for the menu's "Instalar o app" (install-app.tsx), which may arrive
// before the page's JavaScript does.
import { APPLE_TOUCH_ICON } from '~/domain/app-install'

/** Set by the inline script: the browser's install offer, held back for the menu. */
export const INSTALL_EVENT = 'vitrine:instalavel'

const SCRIPT =
  `addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__installPrompt=e;` +
  `dispatchEvent(new Event('${INSTALL_EVENT}'))});` +
  `if('serviceWorker'in navigator)addEventListener('load',function(){` +
  `navigator.serviceWorker.register('/sw.js').catch(function(){})})`

export function AppInstallHead({ nonce, register }: { nonce?: string; register: boolean }) {
  return (
    <>
      <link rel="manifest" href="/manifest.webmanifest" />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
      {register ? <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} /> : null}
    </>
  )
}
