// "Compartilhar" of a property video: the MP4 handed to the phone's share sheet (Web Share with
// files), the caption copied first. Rendered once JavaScript runs and only where files can be
// shared; without it the page keeps "Baixar vídeo".
import { useEffect, useState } from 'react'
import { buttonClass } from '~/components/ui/button'
import { canShareFiles, copyText } from '~/components/post/share-button'

export function VideoShare({ url, name, caption }: { url: string; name: string; caption: string }) {
  const [supported, setSupported] = useState(false)
  const [status, setStatus] = useState('')
  useEffect(() => setSupported(canShareFiles()), [])
  if (!supported) return null
  async function share() {
    const copied = await copyText(caption)
    setStatus('Preparando o vídeo…')
    try {
      const blob = await (await fetch(url)).blob()
      await navigator.share({ files: [new File([blob], name, { type: 'video/mp4' })], title: name })
      setStatus(copied ? 'Legenda copiada: cole no Instagram.' : '')
    } catch (error) {
      setStatus(error instanceof DOMException && error.name === 'AbortError' ? '' : 'Não foi possível compartilhar.')
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button type="button" onClick={share} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
        Compartilhar
      </button>
      <span role="status" className="text-sm text-slate-600">
        {status}
      </span>
    </span>
  )
}
