// One slide in the post editor: its preview as published, the order buttons, its words, its
// photo, and whether it is hidden or shows the avatar.
import type { Slide } from '~/domain/slides'
import { postImagePath } from '~/domain/public-links'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { FieldErrors, Label } from '~/components/ui/field'
import { Input, Select, Textarea } from '~/components/ui/input'
import { SLIDE_TYPE_LABELS, slideLayout } from '~/domain/slides'
import { Icon } from '~/components/template-fields/icons'

export type EditorPhoto = { url: string; thumb: string; name: string; featured: boolean }
export type SlideErrors = Record<string, string[] | null>
/** What was typed into a slide, when the server sends the form back. */
export type TypedSlide = Record<string, string | undefined>

type SlideEditorProps = {
  publicId: string
  slide: Slide
  index: number
  count: number
  typed: TypedSlide | undefined
  errors: SlideErrors
  photos: EditorPhoto[]
  /** The preview's aspect-ratio class, from the post's format. */
  aspect: string
}

export function SlideEditor({ publicId, slide, index, count, typed, errors, photos, aspect }: SlideEditorProps) {
  const field = (key: string) => `slides[${index}].${key}`
  const value = (key: string, fallback: string | null | undefined) => typed?.[key] ?? fallback ?? ''
  const image = value('image', slide.image)
  const preview = photos.find((photo) => photo.url === image)
  const label = `Slide ${index + 1}`
  const named = label.toLowerCase()
  return (
    <li id={`slide-${index + 1}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <input type="hidden" name={field('id')} value={slide.id} />
      <fieldset>
        <legend className="flex w-full items-center justify-between gap-2">
          <span className="font-semibold text-slate-900">
            {label} · {SLIDE_TYPE_LABELS[slideLayout(slide)]}
            {slide.hide ? (
              <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">oculto</span>
            ) : null}
          </span>
        </legend>
        <MoveButtons index={index} count={count} named={named} />
        <div className="mt-3 grid gap-4 sm:grid-cols-[8rem_1fr]">
          <div>
            {/* The slide as it will be published, drawn by the post renderer. */}
            <img
              src={postImagePath(publicId, { slide: index })}
              alt={`Prévia do ${named}`}
              loading="lazy"
              className={`w-32 rounded-lg border border-slate-200 bg-slate-100 object-cover ${aspect}`}
            />
            {preview ? <p className="mt-1 truncate text-xs text-slate-500">{preview.name}</p> : null}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <SlideInput
              label={`Título do ${named}`}
              name={field('title')}
              value={value('title', slide.title)}
              maxLength={120}
              errors={errors[field('title')]}
            />
            <SlideInput
              label={`Botão do ${named}`}
              name={field('button')}
              value={value('button', slide.button)}
              maxLength={40}
              errors={errors[field('button')]}
            />
            <div className="sm:col-span-2">
              <Label htmlFor={field('description')}>Texto do {named}</Label>
              <Textarea
                id={field('description')}
                name={field('description')}
                rows={3}
                maxLength={600}
                defaultValue={value('description', slide.description)}
                controlSize="sm"
                invalid={Boolean(errors[field('description')])}
              />
              <FieldErrors id={`${field('description')}-erros`} errors={errors[field('description')]} />
            </div>
            <PhotoSelect
              name={field('image')}
              label={`Foto do ${named}`}
              value={image}
              photos={photos}
              errors={errors[field('image')]}
            />
            <Checkbox name={field('hide')} defaultChecked={slide.hide}>
              Ocultar o {named}
            </Checkbox>
            <Checkbox name={field('showAvatar')} defaultChecked={slide.showAvatar}>
              Mostrar avatar no {named}
            </Checkbox>
          </div>
        </div>
      </fieldset>
    </li>
  )
}

function MoveButtons({ index, count, named }: { index: number; count: number; named: string }) {
  return (
    <div className="mt-1 flex justify-end gap-1">
      <Button
        variant="secondary"
        size="icon"
        name="_intent"
        value={`move:${index}:up`}
        disabled={index === 0}
        aria-label={`Mover ${named} para cima`}
      >
        <Icon name="up" className="size-4" />
      </Button>
      <Button
        variant="secondary"
        size="icon"
        name="_intent"
        value={`move:${index}:down`}
        disabled={index === count - 1}
        aria-label={`Mover ${named} para baixo`}
      >
        <Icon name="down" className="size-4" />
      </Button>
    </div>
  )
}

function PhotoSelect({
  name,
  label,
  value,
  photos,
  errors,
}: {
  name: string
  label: string
  value: string
  photos: EditorPhoto[]
  errors: string[] | null | undefined
}) {
  return (
    <div className="sm:col-span-2">
      <Label htmlFor={name}>{label}</Label>
      <Select id={name} name={name} defaultValue={value} controlSize="sm" invalid={Boolean(errors)}>
        <option value="">Sem foto</option>
        {photos.map((photo, photoIndex) => (
          <option key={photo.url} value={photo.url}>
            {`Foto ${photoIndex + 1}${photo.featured ? ' (destaque)' : ''} — ${photo.name}`}
          </option>
        ))}
      </Select>
      <FieldErrors id={`${name}-erros`} errors={errors} />
    </div>
  )
}

function SlideInput({
  label,
  name,
  value,
  maxLength,
  errors,
}: {
  label: string
  name: string
  value: string
  maxLength: number
  errors: string[] | null | undefined
}) {
  return (
    <div>
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        type="text"
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={errors?.length ? true : undefined}
        controlSize="sm"
        invalid={Boolean(errors?.length)}
      />
      <FieldErrors id={`${name}-erros`} errors={errors} />
    </div>
  )
}
