// "Instalar o app" in the signed-in menu (ADR 255): shown only when there is something to do. Where
// the browser offers installation (Chrome, Edge, Samsung Internet on Android and on computers) the
// button opens the browser's own dialog; on an iPhone or iPad, whose Safari offers no such dialog,
// it shows the two taps that add the app to the home screen. Already installed, or in a browser that
// installs nothing: no item. Drawn only after hydration (the server cannot know which).
import { useEffect, useState } from 'react'
import { INSTALL_EVENT } from './service-worker'

type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> }

declare global {
  interface Window {
    __installPrompt?: InstallPrompt
  }
}

type Offer = { kind: 'prompt'; prompt: InstallPrompt } | { kind: 'ios' } | null

function currentOffer(): Offer {
  const standalone =
    window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone
  if (standalone) return null
  if (window.__installPrompt) return { kind: 'prompt', prompt: window.__installPrompt }
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  return ios ? { kind: 'ios' } : null
}

export function InstallApp({ className }: { className: string }) {
  const [offer, setOffer] = useState<Offer>(null)
  useEffect(() => {
    const update = () => setOffer(currentOffer())
    const installed = () => {
      window.__installPrompt = undefined
      setOffer(null)
    }
    update()
    window.addEventListener(INSTALL_EVENT, update)
    window.addEventListener('appinstalled', installed)
    return () => {
      window.removeEventListener(INSTALL_EVENT, update)
      window.removeEventListener('appinstalled', installed)
    }
  }, [])
  if (!offer) return null
  if (offer.kind === 'prompt')
    return (
      <button
        type="button"
        className={className}
        onClick={async () => {
          await offer.prompt.prompt()
          // The browser offers it once per page: after an answer the item goes.
          window.__installPrompt = undefined
          setOffer(null)
        }}
      >
        Instalar o app
      </button>
    )
  return (
    <details className="group/install">
      <summary className={`${className} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        Instalar o app
      </summary>
      <ol className="list-decimal space-y-1 px-3 pt-1 pb-2 pl-8 text-sm text-slate-600">
        <li>
          No Safari, toque em <strong>Compartilhar</strong> (o quadrado com a seta para cima).
        </li>
        <li>
          Escolha <strong>Adicionar à Tela de Início</strong> e toque em <strong>Adicionar</strong>.
        </li>
      </ol>
    </details>
  )
}
