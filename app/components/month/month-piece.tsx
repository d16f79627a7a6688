// One piece of "Mês pronto" (ADR 283) in the month's list: its cover, time, kind, message and
// property, cover composition, caption's first line and state; "Trocar", "Editar legenda",
// "Mudar horário", "Remover" for those who may change it, "Aprovar" and "Pedir ajustes" for those
// who approve. Plain forms (the editors are <details>, open without JavaScript).
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Field, FieldErrors } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'

export type MonthPieceView = {
  id: number
  kind: string
  message: string
  design: string
  home: string | null
  when: string
  date: string
  time: string
  caption: string
  firstLine: string
  state: string
  revision: number | null
  cover: string | null
  mayEdit: boolean
  mayApprove: boolean
  swappable: boolean
  busy: boolean
}

/** A refusal the page shows beside the field it is about. */
export type PieceError = { pieceId: number | null; field: string | null; message: string | null; value: string }

function PieceButton({
  intent,
  piece,
  children,
  variant = 'secondary',
}: {
  intent: string
  piece: number
  children: string
  variant?: 'secondary' | 'primary' | 'danger'
}) {
  return (
    <Form method="post">
      <input type="hidden" name="piece" value={piece} />
      <Button type="submit" name="intent" value={intent} size="sm" variant={variant}>
        {children}
      </Button>
    </Form>
  )
}

export function MonthPiece({ piece, error }: { piece: MonthPieceView; error: PieceError | null }) {
  const about = (field: string) =>
    error && error.pieceId === piece.id && error.field === field
      ? { message: error.message ?? '', value: error.value }
      : null
  const captionError = about('caption')
  const timeError = about('time')
  const pieceError = about('piece')
  const commentError = about('comment')
  return (
    <Card as="li" padding="sm" id={`peca-${piece.id}`} aria-label={`${piece.kind} de ${piece.when}`}>
      <div className="flex gap-3">
        <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-slate-100">
          {piece.cover ? (
            <img
              src={piece.cover}
              alt={`Capa: ${piece.kind} ${piece.message}`}
              className="size-full object-cover"
              loading="lazy"
            />
          ) : (
            <span className="flex size-full items-center justify-center p-1 text-center text-xs text-slate-600">
              {piece.busy ? 'Preparando…' : piece.kind}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">
            <time dateTime={`${piece.date}T${piece.time}`}>{piece.when}</time>
          </p>
          <p className="text-xs text-slate-600">
            {piece.kind} · {piece.message}
            {piece.home ? ` · ${piece.home}` : ''}
          </p>
          <p className="text-xs text-slate-600" data-testid="composicao">
            {piece.design}
          </p>
          <p className="mt-1 truncate text-sm text-slate-800" title={piece.firstLine}>
            {piece.firstLine || '—'}
          </p>
          <p className="mt-1 text-xs font-medium text-slate-700" data-testid="estado">
            {piece.state}
          </p>
        </div>
      </div>
      <FieldErrors errors={pieceError ? [pieceError.message] : null} />
      {piece.mayEdit ? (
        <div className="mt-2 flex flex-wrap items-start gap-2">
          {piece.swappable ? (
            <PieceButton intent="trocar" piece={piece.id}>
              Trocar
            </PieceButton>
          ) : null}
          <details className="group" open={!!captionError}>
            <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800">
              Editar legenda
            </summary>
            <Form method="post" className="mt-2 w-full min-w-72 space-y-2">
              <input type="hidden" name="piece" value={piece.id} />
              <Field
                htmlFor={`legenda-${piece.id}`}
                label="Legenda"
                errors={captionError ? [captionError.message] : null}
              >
                <Textarea
                  id={`legenda-${piece.id}`}
                  name="caption"
                  rows={6}
                  defaultValue={captionError ? captionError.value : piece.caption}
                  invalid={!!captionError}
                />
              </Field>
              <Button type="submit" name="intent" value="legenda" size="sm">
                Salvar legenda
              </Button>
            </Form>
          </details>
          <details open={!!timeError}>
            <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800">
              Mudar horário
            </summary>
            <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
              <input type="hidden" name="piece" value={piece.id} />
              <Field htmlFor={`dia-${piece.id}`} label="Dia">
                <Input
                  id={`dia-${piece.id}`}
                  name="date"
                  type="date"
                  defaultValue={timeError ? timeError.value.split('|')[0] : piece.date}
                />
              </Field>
              <Field htmlFor={`hora-${piece.id}`} label="Hora">
                <Input
                  id={`hora-${piece.id}`}
                  name="time"
                  type="time"
                  defaultValue={timeError ? timeError.value.split('|')[1] : piece.time}
                  invalid={!!timeError}
                />
              </Field>
              <Button type="submit" name="intent" value="horario" size="sm">
                Salvar horário
              </Button>
              <FieldErrors errors={timeError ? [timeError.message] : null} />
            </Form>
          </details>
          <PieceButton intent="remover" piece={piece.id} variant="danger">
            Remover
          </PieceButton>
        </div>
      ) : null}
      {piece.mayApprove ? (
        <div className="mt-2 flex flex-wrap items-start gap-2">
          <Form method="post">
            <input type="hidden" name="piece" value={piece.id} />
            {piece.revision !== null ? <input type="hidden" name="revision" value={piece.revision} /> : null}
            <Button type="submit" name="intent" value="aprovar-peca" size="sm">
              Aprovar
            </Button>
          </Form>
          <details open={!!commentError}>
            <summary className="inline-flex min-h-9 cursor-pointer items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-800">
              Pedir ajustes
            </summary>
            <Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="piece" value={piece.id} />
              {piece.revision !== null ? <input type="hidden" name="revision" value={piece.revision} /> : null}
              <Field
                htmlFor={`ajustes-${piece.id}`}
                label="O que precisa mudar"
                errors={commentError ? [commentError.message] : null}
              >
                <Textarea
                  id={`ajustes-${piece.id}`}
                  name="comment"
                  rows={3}
                  defaultValue={commentError?.value ?? ''}
                  invalid={!!commentError}
                />
              </Field>
              <Button type="submit" name="intent" value="ajustes" size="sm" variant="secondary">
                Enviar pedido de ajustes
              </Button>
            </Form>
          </details>
        </div>
      ) : null}
    </Card>
  )
}
