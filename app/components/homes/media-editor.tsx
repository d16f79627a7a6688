// Photos or floor plans of a property. Without JavaScript: a multiple file input sent with the
// form, and per item a caption, "destaque" and "remover". With JavaScript: files dropped or
// picked upload at once (with a preview while they go), and items reorder by dragging or with
// the arrow buttons. Either way each item travels as hidden inputs `<field>[i].*` in order.
import { useEffect, useState, type DragEvent } from 'react'
import type { MediaItem } from '~/domain/media'
import { mediaSrc } from '~/domain/media'
import { Errors } from './form-fields'

export type MediaRow = MediaItem & { remove?: boolean }

type Pending = { id: string; name: string; preview: string }

const itemJson = ({ caption: _c, featured: _f, remove: _r, ...item }: MediaRow) => JSON.stringify(item)
const rowKey = (row: MediaRow) => row.variants?.original ?? row.url

export function MediaEditor({
  field,
  filesName,
  kind,
  title,
  addLabel,
  rows: initialRows,
  errors,
  max,
}: {
  field: 'gallery' | 'floor_plans'
  filesName: string
  kind: 'photos' | 'plans'
  title: string
  addLabel: string
  rows: MediaRow[]
  errors?: string[]
  max: number
}) {
  const [rows, setRows] = useState(initialRows)
  const [pending, setPending] = useState<Pending[]>([])
  const [uploadErrors, setUploadErrors] = useState<string[]>([])
  const [enhanced, setEnhanced] = useState(false)
  const [dragging, setDragging] = useState<number | null>(null)
  const [dropActive, setDropActive] = useState(false)
  useEffect(() => setEnhanced(true), [])

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
      const body = new FormData()
      body.set('kind', kind)
      body.set('file', entry.file)
      try {
        const response = await fetch('/imoveis/fotos', { method: 'POST', body })
        const json = (await response.json()) as { item?: MediaItem; error?: string }
        if (json.item) setRows((list) => [...list, { ...json.item!, caption: null, featured: false }])
        else errorsNow.push(json.error ?? `Não foi possível enviar "${entry.name}".`)
      } catch {
        errorsNow.push(`Não foi possível enviar "${entry.name}". Verifique a conexão.`)
      }
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

  function onDrop(event: DragEvent) {
    event.preventDefault()
    setDropActive(false)
    if (dragging !== null) return
    const files = [...event.dataTransfer.files]
    if (files.length) void upload(files)
  }

  const allErrors = [...(errors ?? []), ...uploadErrors]
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
            <li
              key={rowKey(row)}
              draggable={enhanced}
              onDragStart={() => setDragging(index)}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => {
                if (dragging !== null) {
                  event.preventDefault()
                  if (dragging !== index) {
                    move(dragging, index)
                    setDragging(index)
                  }
                }
              }}
              className={`overflow-hidden rounded-xl border bg-slate-50 ${dragging === index ? 'border-brand-500 opacity-60' : 'border-slate-200'}`}
            >
              <img
                src={mediaSrc(row, 400)}
                alt={row.caption || row.name}
                width={row.width && row.height ? 400 : undefined}
                height={row.width && row.height ? Math.round((400 * row.height) / row.width) : undefined}
                loading="lazy"
                className={`aspect-[4/3] w-full bg-slate-200 ${kind === 'plans' ? 'object-contain' : 'object-cover'}`}
              />
              <div className="space-y-2 p-3">
                <input type="hidden" name={`${field}[${index}].item`} value={itemJson(row)} />
                <p className="truncate text-xs text-slate-500" title={row.name}>
                  {index + 1}. {row.name}
                </p>
                <label className="block text-sm text-slate-700">
                  Legenda
                  <input
                    name={`${field}[${index}].caption`}
                    defaultValue={row.caption ?? ''}
                    maxLength={300}
                    className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
                  />
                </label>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
                  <label className="flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      name={`${field}[${index}].featured`}
                      defaultChecked={row.featured ?? false}
                      className="size-4 accent-brand-600"
                    />
                    Destaque
                  </label>
                  <label className="flex items-center gap-1.5">
                    <input
                      type="checkbox"
                      name={`${field}[${index}].remove`}
                      defaultChecked={row.remove ?? false}
                      className="size-4 accent-red-700"
                    />
                    Remover
                  </label>
                  {enhanced ? (
                    <span className="ml-auto flex gap-1">
                      <button
                        type="button"
                        onClick={() => move(index, index - 1)}
                        disabled={index === 0}
                        aria-label={`Mover ${row.name} para antes`}
                        className="rounded border border-slate-300 px-2 disabled:opacity-40"
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        onClick={() => move(index, index + 1)}
                        disabled={index === rows.length - 1}
                        aria-label={`Mover ${row.name} para depois`}
                        className="rounded border border-slate-300 px-2 disabled:opacity-40"
                      >
                        ↓
                      </button>
                    </span>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
          {pending.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-xl border border-dashed border-slate-300">
              <img src={item.preview} alt="" className="aspect-[4/3] w-full object-cover opacity-60" />
              <p className="p-3 text-sm text-slate-600" role="status">
                Enviando {item.name}…
              </p>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 rounded-xl border-2 border-dashed border-slate-300 p-4">
        <label htmlFor={`${field}-files`} className="block text-sm font-medium text-slate-800">
          {addLabel}
        </label>
        <input
          id={`${field}-files`}
          type="file"
          name={filesName}
          multiple
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-describedby={`${field}-files-hint ${errorId}`}
          onChange={(event) => {
            if (!enhanced) return
            const files = [...(event.currentTarget.files ?? [])]
            event.currentTarget.value = ''
            if (files.length) void upload(files)
          }}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
        />
        <p id={`${field}-files-hint`} className="mt-1 text-xs text-slate-500">
          JPEG, PNG, WebP ou AVIF, até 25 MB cada; até {max} por imóvel.
          {enhanced ? ' Você também pode arrastar os arquivos para cá e reordenar arrastando.' : ''}
        </p>
      </div>
      <Errors id={errorId} errors={allErrors} />
    </div>
  )
}
