// One piece of a media kit on the owner's page: its preview (the rendered files), downloads, and
// a form for its words and photo, plus "Gerar textos de novo". Plain forms: work without JS.
import { Form } from 'react-router'
import { Button, SubmitButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Field, Fieldset } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'

export type PieceView = {
  key: string
  label: string
  formatLabel: string
  title: string
  description: string
  photo: string | null
  text: string
  files: { name: string; type: string; url: string }[]
}

export type PieceErrors = { errors: Record<string, string[]>; values: Record<string, string> } | null

const TEXT_LABEL: Record<string, string> = {
  feed: 'Legenda',
  story: 'Legenda',
  carousel: 'Legenda',
  whatsapp: 'Mensagem para o WhatsApp',
  flyer: 'Texto do folheto',
}

function Preview({ piece }: { piece: PieceView }) {
  const images = piece.files.filter((file) => file.type !== 'pdf')
  const pdf = piece.files.find((file) => file.type === 'pdf')
  if (pdf)
    return (
      <p className="text-sm text-slate-600">
        Folheto A4 pronto para imprimir, com texto selecionável e fotos em alta resolução.
      </p>
    )
  return (
    <ul className={images.length > 1 ? 'flex snap-x gap-3 overflow-x-auto pb-2' : 'flex'}>
      {images.map((file, i) => (
        <li key={file.name} className={images.length > 1 ? 'w-44 shrink-0 snap-start' : 'w-full max-w-xs'}>
          <img
            src={file.url}
            alt={images.length > 1 ? `${piece.label}: slide ${i + 1}` : piece.label}
            loading="lazy"
            className="w-full rounded-lg border border-slate-200 bg-slate-100"
          />
        </li>
      ))}
    </ul>
  )
}

function Downloads({ piece }: { piece: PieceView }) {
  return (
    <ul className="flex flex-wrap gap-x-4 text-sm">
      {piece.files.map((file) => (
        <li key={file.name}>
          <a
            href={file.url}
            download={file.name}
            className="inline-flex min-h-11 items-center font-medium text-sky-700 underline underline-offset-2"
          >
            Baixar {file.name}
          </a>
        </li>
      ))}
    </ul>
  )
}

type Photo = { url: string; thumb: string; label: string }

function PhotoChoice({ photos, value, errors }: { photos: Photo[]; value: string | null; errors?: string[] }) {
  if (photos.length === 0) return null
  return (
    <Fieldset label="Foto" errors={errors}>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
        {photos.map((photo) => (
          <label key={photo.url} className="relative block cursor-pointer">
            <input
              type="radio"
              name="photo"
              value={photo.url}
              defaultChecked={photo.url === value}
              className="peer sr-only"
              aria-label={photo.label}
            />
            <img
              src={photo.thumb}
              alt=""
              className="aspect-square w-full rounded-md object-cover ring-offset-2 peer-checked:ring-2 peer-checked:ring-sky-600 peer-focus-visible:ring-2 peer-focus-visible:ring-sky-400"
            />
          </label>
        ))}
      </div>
    </Fieldset>
  )
}

/** `editable` false: the piece without its form (a corretor on a kit another member made). */
export function KitPieceCard(props: { piece: PieceView; photos: Photo[]; failed: PieceErrors; editable?: boolean }) {
  const { piece, failed } = props
  const id = (name: string) => `${piece.key}-${name}`
  const value = (name: keyof PieceView & string) => failed?.values[name] ?? String(piece[name] ?? '')
  const err = (name: string) => failed?.errors[name]
  return (
    <Card as="section" aria-labelledby={id('title')} id={`peca-${piece.key}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id('title')} className="text-lg font-semibold text-slate-900">
          {piece.label}
        </h2>
        <span className="text-sm text-slate-500">{piece.formatLabel}</span>
      </div>
      <div className="mt-3 space-y-3">
        <Preview piece={piece} />
        <Downloads piece={piece} />
      </div>
      {props.editable === false ? null : (
        <details className="mt-1" open={Boolean(failed)}>
          <summary className="cursor-pointer py-3 text-sm font-medium text-slate-800">Editar textos e foto</summary>
          {/* Keyed by the saved words: new words (generated, or the description) show at once with JavaScript too. */}
          <Form
            key={`${piece.title}\n${piece.text}`}
            method="post"
            className="mt-3 space-y-3"
            aria-label={`Editar ${piece.label}`}
          >
            <input type="hidden" name="piece" value={piece.key} />
            <Field htmlFor={id('t')} label="Título" errors={err('title')} errorId={id('t-error')}>
              <Input
                id={id('t')}
                name="title"
                defaultValue={value('title')}
                maxLength={120}
                invalid={Boolean(err('title'))}
              />
            </Field>
            {piece.key === 'carousel' || piece.key === 'flyer' ? null : (
              <Field
                htmlFor={id('d')}
                label="Faixa da imagem (preço)"
                errors={err('description')}
                errorId={id('d-error')}
              >
                <Input
                  id={id('d')}
                  name="description"
                  defaultValue={value('description')}
                  invalid={Boolean(err('description'))}
                />
              </Field>
            )}
            <Field
              htmlFor={id('x')}
              label={TEXT_LABEL[piece.key] ?? 'Texto'}
              errors={err('text')}
              errorId={id('x-error')}
            >
              <Textarea id={id('x')} name="text" rows={6} defaultValue={value('text')} invalid={Boolean(err('text'))} />
            </Field>
            <PhotoChoice photos={props.photos} value={failed?.values.photo || piece.photo} errors={err('photo')} />
            <div className="flex flex-wrap gap-2">
              <SubmitButton name="_intent" value="editar" pendingText="Salvando…">
                Salvar {piece.label.toLowerCase()}
              </SubmitButton>
              <Button type="submit" name="_intent" value="regenerar" variant="secondary" formNoValidate>
                {piece.key === 'flyer' ? 'Gerar texto automático' : 'Gerar textos de novo'}
              </Button>
              {piece.key === 'flyer' ? (
                <Button type="submit" name="_intent" value="descricao" variant="secondary" formNoValidate>
                  Usar a descrição do imóvel
                </Button>
              ) : null}
            </div>
          </Form>
        </details>
      )}
    </Card>
  )
}
