// Photos or floor plans of a property. Without JavaScript: a multiple file input sent with the
// form, and per item a caption, "destaque" and "remover". With JavaScript: files dropped or
// picked are made phone-sized in the browser (photo-resize.ts) and upload at once, each with a
// small thumbnail made from the same decode (never the picked original) and a progress bar, "Enviando 2 de 3 fotos…" over them and "Tentar de novo" when one fails; the form
// waits for them before it saves (upload-queue.ts, ADR 171). Items reorder by dragging or with
// the arrow buttons. Either way each item travels as hidden inputs `<field>[i].*` in order.
import { useEffect, useId, useRef, useState, type DragEvent } from 'react'
import { FieldErrors } from '~/components/ui/field'
import { FileInput } from '~/components/ui/input'
import { MediaItemCard, PendingItemCard, type MediaRow, type Pending } from './media-item'
import { resizeForUpload } from './photo-resize'
import { limiter, reportUploads, sendFile, useUploadGuard, useUploads } from './upload-queue'

export type { MediaRow }

type Kind = 'photos' | 'plans'

// One photo decoded at a time (memory, CPU); two uploads at a time, so the link stays busy while
// the server reads the one before. They join the list in the order they were picked.
const resizeOne = limiter(1)
const uploadTwo = limiter(2)

type Source = { original: File; ready: File | null; preview: string | null }

/** The file to send, made once per picked file; its thumbnail, when there is one, goes to `show`. */
async function readyFile(source: Source, kind: Kind, show: (thumbnail: Blob) => void): Promise<File> {
  if (!source.ready) {
    const prepared = await resizeOne(() => resizeForUpload(source.original, kind))
    source.ready = prepared.file
    if (prepared.thumbnail) show(prepared.thumbnail)
  }
  return source.ready
}

/** "Limite de {max} atingido: N arquivos não foram enviados.", or nothing. */
const limitErrors = (max: number, refused: number) =>
  refused
    ? [
        `Limite de ${max} atingido: ${refused} ${refused === 1 ? 'arquivo não foi enviado' : 'arquivos não foram enviados'}.`,
      ]
    : []

/** The list being edited, and the uploads on their way (JavaScript only). */
function useMediaList(initialRows: MediaRow[], kind: Kind, max: number) {
  const [rows, setRows] = useState(initialRows)
  const [pending, setPending] = useState<Pending[]>([])
  const [uploadErrors, setUploadErrors] = useState<string[]>([])
  const [batch, setBatch] = useState(0)
  const sources = useRef(new Map<string, Source>())
  const editor = useId()

  const patch = (id: string, change: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)))
  const drop = (id: string) => {
    const source = sources.current.get(id)
    if (source?.preview) URL.revokeObjectURL(source.preview)
    sources.current.delete(id)
    setPending((list) => list.filter((p) => p.id !== id))
  }

  async function send(id: string) {
    const source = sources.current.get(id)
    if (!source) return
    patch(id, { phase: source.ready ? 'queued' : 'resizing', progress: 0, error: undefined })
    const ready = await readyFile(source, kind, (thumbnail) => {
      if (sources.current.get(id) !== source) return
      source.preview = URL.createObjectURL(thumbnail)
      patch(id, { preview: source.preview })
    })
    patch(id, { phase: 'queued' })
    const result = await uploadTwo(() => {
      patch(id, { phase: 'uploading' })
      return sendFile(kind, ready, (progress) => patch(id, { progress }))
    })
    if (result.ok) patch(id, { phase: 'done', item: result.item })
    else if (result.retry) patch(id, { phase: 'failed', error: result.error })
    else {
      setUploadErrors((list) => [...list, result.error])
      setBatch((n) => n - 1)
      drop(id)
    }
  }

  function upload(files: File[]) {
    const room = max - rows.filter((r) => !r.remove).length - pending.length
    const accepted = files.slice(0, Math.max(0, room))
    const refused = files.length - accepted.length
    setUploadErrors(limitErrors(max, refused))
    const batchNow = accepted.map((file) => {
      const id = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`
      sources.current.set(id, { original: file, ready: null, preview: null })
      return { id, name: file.name, preview: null, phase: 'resizing' as const, progress: 0 }
    })
    setPending((list) => [...list, ...batchNow])
    setBatch((n) => n + batchNow.length)
    for (const { id } of batchNow) void send(id)
  }

  const discard = (id: string) => (setBatch((n) => n - 1), drop(id))

  // Finished uploads join the list in the order they were picked (one that failed holds the rest).
  useEffect(() => {
    const head: MediaRow[] = []
    for (const p of pending) {
      if (p.phase !== 'done' || !p.item) break
      head.push(p.item)
      drop(p.id)
    }
    if (head.length) setRows((list) => [...list, ...head])
  }, [pending])

  useEffect(() => {
    const failed = pending.filter((p) => p.phase === 'failed').length
    reportUploads(editor, { active: pending.length - failed, failed })
    if (pending.length === 0) setBatch(0)
  }, [editor, pending])
  useEffect(() => () => reportUploads(editor, null), [editor])

  function move(from: number, to: number) {
    if (to < 0 || to >= rows.length || from === to) return
    setRows((list) => {
      const next = [...list]
      const [moved] = next.splice(from, 1)
      next.splice(to, 0, moved!)
      return next
    })
  }

  return { rows, pending, batch, uploadErrors, upload, retry: (id: string) => void send(id), discard, move }
}

/** "Enviando 2 de 3 fotos…", or what failed, or why the form did not save. */
function uploadStatus(kind: Kind, pending: Pending[], batch: number, blocked: boolean): string | null {
  const failed = pending.filter((p) => p.phase === 'failed').length
  const active = pending.length - failed
  const noun = (n: number) => (kind === 'photos' ? (n === 1 ? 'foto' : 'fotos') : n === 1 ? 'planta' : 'plantas')
  if (active > 0) return `Enviando ${Math.max(1, batch - active + 1)} de ${batch} ${noun(batch)}…`
  if (failed === 0) return null
  const what = failed === 1 ? `1 ${noun(1)} não foi enviada.` : `${failed} ${noun(failed)} não foram enviadas.`
  return blocked ? `${what} Para salvar, toque em “Tentar de novo” ou descarte.` : what
}

const rowKey = (row: MediaRow) => row.variants?.original ?? row.url

type MediaEditorProps = {
  field: 'gallery' | 'floor_plans'
  filesName: string
  kind: Kind
  title: string
  addLabel: string
  rows: MediaRow[]
  errors?: string[]
  max: number
}

export function MediaEditor({
  field,
  filesName,
  kind,
  title,
  addLabel,
  rows: initialRows,
  errors,
  max,
}: MediaEditorProps) {
  const { rows, pending, batch, uploadErrors, upload, retry, discard, move } = useMediaList(initialRows, kind, max)
  const { blocked } = useUploads()
  const [enhanced, setEnhanced] = useState(false)
  const [dragging, setDragging] = useState<number | null>(null)
  const [dropActive, setDropActive] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => setEnhanced(true), [])
  useUploadGuard(root)

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDropActive(false)
    if (dragging !== null) return
    const files = [...event.dataTransfer.files]
    if (files.length) upload(files)
  }

  const errorId = `${field}-errors`
  const status = uploadStatus(kind, pending, batch, blocked)
  return (
    <div
      ref={root}
      onDragOver={(event) => {
        if (dragging === null && event.dataTransfer.types.includes('Files')) {
          event.preventDefault()
          setDropActive(true)
        }
      }}
      onDragLeave={() => setDropActive(false)}
      onDrop={onDrop}
      className={dropActive ? 'rounded-xl ring-2 ring-brand-500 ring-offset-4' : undefined}
    >
      {rows.length === 0 && pending.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum arquivo ainda.</p>
      ) : (
        <ol aria-label={title} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((row, index) => (
            <MediaItemCard
              key={rowKey(row)}
              row={row}
              index={index}
              count={rows.length}
              field={field}
              kind={kind}
              enhanced={enhanced}
              dragging={dragging}
              onDragging={setDragging}
              onMove={move}
            />
          ))}
          {pending.map((item) => (
            <PendingItemCard key={item.id} item={item} onRetry={retry} onDiscard={discard} />
          ))}
        </ol>
      )}
      <p role="status" className={status ? 'mt-3 text-sm font-medium text-slate-800' : 'sr-only'}>
        {status}
      </p>
      <AddFiles
        field={field}
        filesName={filesName}
        addLabel={addLabel}
        max={max}
        enhanced={enhanced}
        errorId={errorId}
        onFiles={upload}
      />
      <FieldErrors id={errorId} errors={[...(errors ?? []), ...uploadErrors]} />
    </div>
  )
}

/** The file picker (and, with JavaScript, the drop zone's hint). */
function AddFiles({
  field,
  filesName,
  addLabel,
  max,
  enhanced,
  errorId,
  onFiles,
}: {
  field: string
  filesName: string
  addLabel: string
  max: number
  enhanced: boolean
  errorId: string
  onFiles: (files: File[]) => void
}) {
  return (
    <div className="mt-4 rounded-xl border-2 border-dashed border-slate-300 p-4">
      <label htmlFor={`${field}-files`} className="block text-sm font-medium text-slate-800">
        {addLabel}
      </label>
      <FileInput
        id={`${field}-files`}
        name={filesName}
        multiple
        accept="image/jpeg,image/png,image/webp,image/avif"
        aria-describedby={`${field}-files-hint ${errorId}`}
        onChange={(event) => {
          if (!enhanced) return
          const files = [...(event.currentTarget.files ?? [])]
          event.currentTarget.value = ''
          if (files.length) onFiles(files)
        }}
        className="mt-2"
      />
      <p id={`${field}-files-hint`} className="mt-1 text-xs text-slate-500">
        JPEG, PNG, WebP ou AVIF, até 25 MB cada; até {max} por imóvel.
        {enhanced ? ' Você também pode arrastar os arquivos para cá e reordenar arrastando.' : ''}
      </p>
    </div>
  )
}
