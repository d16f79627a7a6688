// Share the post from a phone (Web Share API): the JPEG itself when the browser can share files,
// else the link. Rendered only once JavaScript runs and the browser has navigator.share, so
// nobody sees a button that does nothing.
import { useEffect, useState } from 'react'

export function ShareButton(props: { title: string; text: string; url: string; imageUrl: string; fileName: string; className?: string }) {
  const [supported, setSupported] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    setSupported(typeof navigator !== 'undefined' && typeof navigator.share === 'function')
  }, [])
  if (!supported) return null

  async function share() {
    setBusy(true)
    try {
      const response = await fetch(props.imageUrl)
      const blob = await response.blob()
      const file = new File([blob], props.fileName, { type: blob.type || 'image/jpeg' })
      if (navigator.canShare?.({ files: [file] })) {
        await navigator.share({ files: [file], title: props.title, text: props.text })
      } else {
        await navigator.share({ title: props.title, text: props.text, url: props.url })
      }
    } catch {
      // The person closed the share sheet, or the browser refused: nothing to report.
    } finally {
      setBusy(false)
    }
  }

  return (
    <button type="button" onClick={share} disabled={busy} className={props.className}>
      {busy ? 'Preparando…' : 'Compartilhar'}
    </button>
  )
}
