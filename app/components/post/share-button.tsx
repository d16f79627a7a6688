// Handing a post to Instagram from a phone (ADR 175): "Compartilhar" copies the caption to the
// clipboard first (Instagram drops the text of a share), then shares every slide as files
// (Web Share API level 2, navigator.canShare({ files })). Where the browser cannot share files,
// "Baixar todas as imagens" saves each slide; it is there as well beside the share. Rendered only
// once JavaScript runs, so nobody sees a button that does nothing; without JavaScript the page
// keeps its plain download links (each slide, Carousel.zip). See ADR 175.
import { useEffect, useRef, useState } from 'react'
import { buttonClass } from '~/components/ui/button'

/** One image to hand off: where to fetch it and the file name it gets. */
export type SlideFile = { url: string; name: string }

/** Can this browser share image files (Web Share API level 2)? */
export function canShareFiles(): boolean {
  if (
    typeof navigator === 'undefined' ||
    typeof navigator.share !== 'function' ||
    typeof navigator.canShare !== 'function'
  )
    return false
  try {
    return navigator.canShare({ files: [new File([new Uint8Array(1)], 'slide.jpg', { type: 'image/jpeg' })] })
  } catch {
    return false
  }
}

/** The phone's "save data" / data saver setting (Network Information API, Chromium only). */
function savingData(): boolean {
  return Boolean((navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' }

/** The images as File objects, named as asked (the extension follows what the server sent). */
export async function fetchSlideFiles(slides: SlideFile[]): Promise<File[]> {
  return Promise.all(
    slides.map(async (slide) => {
      const response = await fetch(slide.url)
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const blob = await response.blob()
      const type = blob.type || 'image/jpeg'
      const name = slide.name.replace(/\.[a-z]+$/i, EXTENSIONS[type] ?? '.jpg')
      return new File([blob], name, { type })
    }),
  )
}

/** Copies text to the clipboard; false when the browser refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** Saves each file through a download link, one after the other. */
export async function saveFiles(files: File[]): Promise<void> {
  for (const file of files) {
    const url = URL.createObjectURL(file)
    const link = document.createElement('a')
    link.href = url
    link.download = file.name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
    // A pause between files: browsers drop downloads started in the same instant.
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

type HandOffProps = {
  slides: SlideFile[]
  caption: string
  title: string
  className?: string
}

/** "Compartilhar" (where files can be shared) and "Baixar todas as imagens", with a status line. */
export function SlideHandOff({ slides, caption, title, className }: HandOffProps) {
  const [support, setSupport] = useState<'unknown' | 'files' | 'none'>('unknown')
  const [busy, setBusy] = useState<'share' | 'save' | null>(null)
  const [status, setStatus] = useState('')
  const files = useRef<Promise<File[]> | null>(null)
  const key = slides.map((slide) => slide.url).join('|')
  const load = () => {
    files.current ??= fetchSlideFiles(slides)
    files.current.catch(() => (files.current = null))
    return files.current
  }
  useEffect(() => {
    files.current = null
    setSupport(canShareFiles() ? 'files' : 'none')
  }, [key])
  // Where the slides can be shared, fetch them once the page has loaded: Chrome lets a share
  // through only within ~5 s of the tap, less than a slow connection needs for a carousel, and
  // the sheet then opens at once. Not when the phone asks to save data.
  useEffect(() => {
    if (support !== 'files' || savingData()) return
    let timer = 0
    const later = () => (timer = window.setTimeout(() => void load().catch(() => undefined), 200))
    if (document.readyState === 'complete') later()
    else window.addEventListener('load', later, { once: true })
    return () => {
      window.removeEventListener('load', later)
      window.clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `load` reads the slides `key` names
  }, [support, key])
  if (support === 'unknown') return null
  const count = slides.length === 1 ? '1 imagem' : `${slides.length} imagens`

  async function save() {
    setBusy('save')
    setStatus(`Preparando ${count}…`)
    try {
      await saveFiles(await load())
      setStatus(slides.length === 1 ? 'Imagem salva.' : `${count} salvas.`)
    } catch {
      setStatus('Não foi possível baixar as imagens. Tente de novo.')
    } finally {
      setBusy(null)
    }
  }

  async function share() {
    setBusy('share')
    // First, while the tap still counts: the caption goes to the clipboard.
    const copied = caption ? await copyText(caption) : false
    setStatus(copied ? 'Legenda copiada: cole no Instagram.' : `Preparando ${count}…`)
    try {
      await navigator.share({ files: await load(), title })
      setStatus(copied ? 'Legenda copiada: cole no Instagram.' : '')
    } catch (error) {
      // Closed the share sheet: nothing to do. Anything else: save the images instead.
      if (error instanceof DOMException && error.name === 'AbortError') setStatus('')
      else await save()
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className={className}>
      <div className="flex flex-wrap gap-3">
        {support === 'files' ? (
          <button type="button" onClick={share} disabled={busy !== null} className={buttonClass({ size: 'lg' })}>
            {busy === 'share' ? 'Preparando…' : 'Compartilhar'}
          </button>
        ) : null}
        <button
          type="button"
          onClick={save}
          disabled={busy !== null}
          className={buttonClass({ size: 'lg', variant: support === 'files' ? 'secondary' : 'primary' })}
        >
          {busy === 'save' ? 'Baixando…' : slides.length === 1 ? 'Baixar imagem' : 'Baixar todas as imagens'}
        </button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-600">
        {status}
      </p>
    </div>
  )
}

/** The caption to the clipboard, with "Legenda copiada" for a moment. */
export function CopyCaptionButton({ text, className }: { text: string; className?: string }) {
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState<boolean | null>(null)
  useEffect(() => setReady(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), [])
  useEffect(() => {
    if (copied === null) return
    const timer = setTimeout(() => setCopied(null), 4000)
    return () => clearTimeout(timer)
  }, [copied])
  if (!ready) return null
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={async () => setCopied(await copyText(text))}
        className={className ?? buttonClass({ variant: 'secondary' })}
      >
        Copiar legenda
      </button>
      <span role="status" className="text-sm text-slate-600">
        {copied === true ? 'Legenda copiada.' : copied === false ? 'Não foi possível copiar: selecione o texto.' : ''}
      </span>
    </span>
  )
}
