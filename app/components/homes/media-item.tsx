// One photo or floor plan in the media editor: its preview, the hidden inputs that carry it,
// caption, "destaque", "remover" and (with JavaScript) the arrows and drag handle that reorder.
import type { MediaItem } from '~/domain/media'
import { mediaSrc } from '~/domain/media'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { Input } from '~/components/ui/input'

export type MediaRow = MediaItem & { remove?: boolean }
/** A file on its way: being resized, waiting its turn, uploading (0–1), or failed. */
export type Pending = {
  id: string
  name: string
  /** The small thumbnail made with the resize; null until then (or when the browser cannot read the file). */
  preview: string | null
  phase: 'resizing' | 'queued' | 'uploading' | 'done' | 'failed'
  progress: number
  error?: string
  /** Once uploaded, until the ones picked before it are in the list too. */
  item?: MediaRow
}

const itemJson = ({ caption: _c, featured: _f, remove: _r, ...item }: MediaRow) => JSON.stringify(item)

export function MediaItemCard({
  row,
  index,
  count,
  field,
  kind,
  enhanced,
  dragging,
  onDragging,
  onMove,
}: {
  row: MediaRow
  index: number
  count: number
  field: string
  kind: 'photos' | 'plans'
  enhanced: boolean
  dragging: number | null
  onDragging: (index: number | null) => void
  onMove: (from: number, to: number) => void
}) {
  return (
    <li
      draggable={enhanced}
      onDragStart={() => onDragging(index)}
      onDragEnd={() => onDragging(null)}
      onDragOver={(event) => {
        if (dragging === null) return
        event.preventDefault()
        if (dragging !== index) {
          onMove(dragging, index)
          onDragging(index)
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
          <Input
            name={`${field}[${index}].caption`}
            defaultValue={row.caption ?? ''}
            maxLength={300}
            controlSize="sm"
            className="mt-1"
          />
        </label>
        <div className="flex flex-wrap items-center gap-x-4 text-sm text-slate-700">
          <Checkbox name={`${field}[${index}].featured`} defaultChecked={row.featured ?? false}>
            Destaque
          </Checkbox>
          <Checkbox name={`${field}[${index}].remove`} defaultChecked={row.remove ?? false} tone="danger">
            Remover
          </Checkbox>
          {enhanced ? <MoveButtons name={row.name} index={index} count={count} onMove={onMove} /> : null}
        </div>
      </div>
    </li>
  )
}

function MoveButtons({
  name,
  index,
  count,
  onMove,
}: {
  name: string
  index: number
  count: number
  onMove: (from: number, to: number) => void
}) {
  return (
    <span className="ml-auto flex gap-1">
      <Button
        type="button"
        variant="secondary"
        size="icon"
        onClick={() => onMove(index, index - 1)}
        disabled={index === 0}
        aria-label={`Mover ${name} para antes`}
      >
        ↑
      </Button>
      <Button
        type="button"
        variant="secondary"
        size="icon"
        onClick={() => onMove(index, index + 1)}
        disabled={index === count - 1}
        aria-label={`Mover ${name} para depois`}
      >
        ↓
      </Button>
    </span>
  )
}

const phaseText = (item: Pending) =>
  item.phase === 'resizing'
    ? 'Preparando…'
    : item.phase === 'queued'
      ? 'Na fila'
      : item.phase === 'done'
        ? 'Enviada'
        : `${Math.round(item.progress * 100)}%`

export function PendingItemCard({
  item,
  onRetry,
  onDiscard,
}: {
  item: Pending
  onRetry: (id: string) => void
  onDiscard: (id: string) => void
}) {
  const failed = item.phase === 'failed'
  return (
    <li
      className={`overflow-hidden rounded-xl border border-dashed ${failed ? 'border-red-300 bg-red-50' : 'border-slate-300'}`}
    >
      {item.preview ? (
        <img src={item.preview} alt="" className="aspect-[4/3] w-full object-cover opacity-60" />
      ) : (
        <div aria-hidden="true" className="aspect-[4/3] w-full bg-slate-100 motion-safe:animate-pulse" />
      )}
      <div className="space-y-2 p-3">
        <p className="truncate text-xs text-slate-500" title={item.name}>
          {item.name}
        </p>
        {failed ? (
          <>
            <p role="alert" className="text-sm text-red-800">
              {item.error}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                onClick={() => onRetry(item.id)}
                aria-label={`Tentar de novo: ${item.name}`}
              >
                Tentar de novo
              </Button>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => onDiscard(item.id)}
                aria-label={`Descartar ${item.name}`}
              >
                Descartar
              </Button>
            </div>
          </>
        ) : (
          <div className="flex items-center gap-2">
            <progress
              max={1}
              value={item.phase === 'done' ? 1 : item.phase === 'uploading' ? item.progress : undefined}
              aria-label={`Envio de ${item.name}`}
              className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
            />
            <span className="w-20 shrink-0 text-right text-xs tabular-nums text-slate-600">{phaseText(item)}</span>
          </div>
        )}
      </div>
    </li>
  )
}
