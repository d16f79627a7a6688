// Photos or floor plans of a property. Without JavaScript: a multiple file input sent with the
// form, and per item a caption, "destaque" and "remover". With JavaScript: files dropped or
// picked upload at once (with a preview while they go), and items reorder by dragging or with
// the arrow buttons. Either way each item travels as hidden inputs `<field>[i].*` in order.
import { useEffect, useState, type DragEvent } from 'react'
import { FieldErrors } from '~/components/ui/field'
import { FileInput } from '~/components/ui/input'
import { MediaItemCard, PendingItemCard, type MediaRow, type Pending } from './media-item'

export type { MediaRow }

type Kind = 'photos' | 'plans'

/** The list being edited, and the uploads on their way (JavaScript only). */
function useMediaList(initialRows: MediaRow[], kind: Kind, max: number) {
  const [rows, setRows] = useState(initialRows)
  const [pending, setPending] = useState<Pending[]>([])
  const [uploadErrors, setUploadErrors] = useState<string[]>([])

  async function upload(files: File[]) {
    const room = max - rows.filter((r) => !r.remove).length - pending.length
    const accepted = files.slice(0, Math.max(0, room))
    const refused = files.length - accepted.length
    const errorsNow: string[] = refused
      ? [`Limite de ${max} atingido: ${refused} ${refused === 1 ? 'arquivo não foi enviado' : 'arquivos não foram enviados'}.`]
      : []
    const batch = accepted.map((file) => ({
      id: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
      name: file.name,
      preview: URL.createObjectURL(file),
      file,
    }))
    setPending((list) => [...list, ...batch.map(({ file: _file, ...p }) => p)])
    setUploadErrors(errorsNow)
    for (const entry of batch) {
      const item = await uploadOne(kind, entry.file, entry.name, errorsNow)
      if (item) setRows((list) => [...list, item])
      URL.revokeObjectURL(entry.preview)
      setPending((list) => list.filter((p) => p.id !== entry.id))
      setUploadErrors([...errorsNow])
    }
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= rows.length || from === to) return
    setRows((list) => {
      const next = [...list]
      const [moved] = next.splice(from, 1)
      next.splice(to, 0, moved!)
      return next
    })
  }

  return { rows, pending, uploadErrors, upload, move }
}

/** Sends one file to /imoveis/fotos; on failure the message joins `errors`. */
async function uploadOne(kind: Kind, file: File, name: string, errors: string[]): Promise<MediaRow | null> {
  const body = new FormData()
  body.set('kind', kind)
  body.set('file', file)
  try {
    const response = await fetch('/imoveis/fotos', { method: 'POST', body })
    const json = (await response.json()) as { item?: MediaRow; error?: string }
    if (json.item) return { ...json.item, caption: null, featured: false }
    errors.push(json.error ?? `Não foi possível enviar "${name}".`)
  } catch {
    errors.push(`Não foi possível enviar "${name}". Verifique a conexão.`)
  }
  return null
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

export function MediaEditor({ field, filesName, kind, title, addLabel, rows: initialRows, errors, max }: MediaEditorProps) {
  const { rows, pending, uploadErrors, upload, move } = useMediaList(initialRows, kind, max)
  const [enhanced, setEnhanced] = useState(false)
  const [dragging, setDragging] = useState<number | null>(null)
  const [dropActive, setDropActive] = useState(false)
  useEffect(() => setEnhanced(true), [])

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDropActive(false)
    if (dragging !== null) return
    const files = [...event.dataTransfer.files]
    if (files.length) void upload(files)
  }

  const errorId = `${field}-errors`
  return (
    <div
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
            <PendingItemCard key={item.id} item={item} />
          ))}
        </ol>
      )}
      <AddFiles field={field} filesName={filesName} addLabel={addLabel} max={max} enhanced={enhanced} errorId={errorId} onFiles={upload} />
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
  onFiles: (files: File[]) => Promise<void>
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
          if (files.length) void onFiles(files)
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
