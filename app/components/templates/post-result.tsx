// The generated post under its template's form: its state (generating, failed with a retry
// button, ready) and the editor for the caption and each slide: words, photo, hide, avatar and
// order. Plain forms: everything posts without JavaScript.
import type { SubmissionResult } from '@conform-to/react'
import { useEffect } from 'react'
import { Form, Link, useNavigation, useRevalidator } from 'react-router'
import { formatDateTime } from '~/domain/dates'
import { SLIDE_TYPE_LABELS, slideLayout, type Slide } from '~/domain/slides'
import { ErrorList, inputClass } from '../forms/controls'
import { Icon } from '../forms/icons'
import { MultilineText } from './multiline-text'

export type ResultPost = {
  id: number
  description: string | null
  generating: boolean
  error: string | null
  generatedAt: string | null
  format: string | null
  slides: Slide[]
}

export type EditorPhoto = { url: string; thumb: string; name: string; featured: boolean }

function GeneratingState() {
  const revalidator = useRevalidator()
  useEffect(() => {
    const timer = setInterval(() => revalidator.revalidate(), 2000)
    return () => clearInterval(timer)
  }, [revalidator])
  return (
    <div role="status" className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900">
      {/* Without JavaScript the page asks again by itself. */}
      <meta httpEquiv="refresh" content="3" />
      Gerando seu post… isso leva poucos segundos.
    </div>
  )
}

export function PostResult({
  post,
  photos,
  editor,
}: {
  post: ResultPost
  photos: EditorPhoto[]
  editor: SubmissionResult<string[]> | null
}) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
  if (post.generating) return <GeneratingState />
  if (post.error)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="font-semibold">Não foi possível gerar o post.</p>
        <p className="mt-1 text-sm">{post.error}</p>
        <Form method="post" className="mt-3">
          <input type="hidden" name="_post" value={post.id} />
          <button
            type="submit"
            name="_intent"
            value="retry"
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {busy ? 'Gerando…' : 'Tentar de novo'}
          </button>
        </Form>
      </div>
    )

  const errors = (editor?.error ?? {}) as Record<string, string[] | null>
  const typed = (editor?.initialValue ?? null) as {
    description?: string
    slides?: Array<Record<string, string | undefined>>
  } | null
  const slides = post.slides
  const photoByUrl = new Map(photos.map((photo) => [photo.url, photo]))
  const aspect = post.format === 'story' ? 'aspect-[9/16]' : post.format === 'feed' ? 'aspect-square' : 'aspect-[4/5]'

  return (
    <Form method="post" noValidate className="space-y-6" aria-label="Editar post">
      <input type="hidden" name="_post" value={post.id} />
      {/* Enter in a text box saves (the first submit button), never moves a slide. */}
      <button type="submit" name="_intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Salvar
      </button>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {post.generatedAt ? <>Gerado em {formatDateTime(post.generatedAt)}</> : null}
        </p>
        <Link to={`/posts/${post.id}`} className="text-sm font-semibold text-brand-700 hover:underline">
          Ver post
        </Link>
      </div>

      <div>
        <label htmlFor="legenda" className="block text-sm font-medium text-slate-800">
          Legenda
        </label>
        <textarea
          id="legenda"
          name="description"
          rows={10}
          maxLength={2200}
          defaultValue={typed?.description ?? post.description ?? ''}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? 'legenda-erros' : undefined}
          className={inputClass(Boolean(errors.description), 'large')}
        />
        <ErrorList id="legenda-erros" errors={errors.description ?? undefined} />
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-slate-600">Prévia da legenda</summary>
          <MultilineText text={post.description ?? ''} className="mt-2 rounded-lg bg-white p-3 text-slate-800 shadow-sm" />
        </details>
      </div>

      <ol className="space-y-4" aria-label="Slides">
        {slides.map((slide, index) => {
          const field = (key: string) => `slides[${index}].${key}`
          const value = (key: string, fallback: string | null | undefined) =>
            typed?.slides?.[index]?.[key] ?? fallback ?? ''
          const image = value('image', slide.image)
          const preview = photoByUrl.get(image)
          const label = `Slide ${index + 1}`
          return (
            <li key={slide.id} id={`slide-${index + 1}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <input type="hidden" name={field('id')} value={slide.id} />
              <fieldset>
                <legend className="flex w-full items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">
                    {label} · {SLIDE_TYPE_LABELS[slideLayout(slide)]}
                    {slide.hide ? <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700">oculto</span> : null}
                  </span>
                </legend>
                <div className="mt-1 flex justify-end gap-1">
                  <button
                    type="submit"
                    name="_intent"
                    value={`move:${index}:up`}
                    disabled={index === 0}
                    aria-label={`Mover ${label.toLowerCase()} para cima`}
                    className="rounded-lg border border-slate-300 p-1.5 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                  >
                    <Icon name="up" className="size-4" />
                  </button>
                  <button
                    type="submit"
                    name="_intent"
                    value={`move:${index}:down`}
                    disabled={index === slides.length - 1}
                    aria-label={`Mover ${label.toLowerCase()} para baixo`}
                    className="rounded-lg border border-slate-300 p-1.5 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                  >
                    <Icon name="down" className="size-4" />
                  </button>
                </div>
                <div className="mt-3 grid gap-4 sm:grid-cols-[8rem_1fr]">
                  <div>
                    {/* The slide as it will be published, drawn by the post renderer. */}
                    <img
                      src={`/imagens/post/${post.id}?slide=${index}`}
                      alt={`Prévia do ${label.toLowerCase()}`}
                      loading="lazy"
                      className={`w-32 rounded-lg border border-slate-200 bg-slate-100 object-cover ${aspect}`}
                    />
                    {preview ? <p className="mt-1 truncate text-xs text-slate-500">{preview.name}</p> : null}
                  </div>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <SlideInput label={`Título do ${label.toLowerCase()}`} name={field('title')} value={value('title', slide.title)} maxLength={120} errors={errors[field('title')]} />
                    <SlideInput label={`Botão do ${label.toLowerCase()}`} name={field('button')} value={value('button', slide.button)} maxLength={40} errors={errors[field('button')]} />
                    <div className="sm:col-span-2">
                      <label htmlFor={field('description')} className="block text-sm font-medium text-slate-800">
                        Texto do {label.toLowerCase()}
                      </label>
                      <textarea
                        id={field('description')}
                        name={field('description')}
                        rows={3}
                        maxLength={600}
                        defaultValue={value('description', slide.description)}
                        className={inputClass(Boolean(errors[field('description')]), 'small')}
                      />
                      <ErrorList id={`${field('description')}-erros`} errors={errors[field('description')] ?? undefined} />
                    </div>
                    <div className="sm:col-span-2">
                      <label htmlFor={field('image')} className="block text-sm font-medium text-slate-800">
                        Foto do {label.toLowerCase()}
                      </label>
                      <select id={field('image')} name={field('image')} defaultValue={image} className={inputClass(Boolean(errors[field('image')]), 'small')}>
                        <option value="">Sem foto</option>
                        {photos.map((photo, photoIndex) => (
                          <option key={photo.url} value={photo.url}>
                            {`Foto ${photoIndex + 1}${photo.featured ? ' (destaque)' : ''} — ${photo.name}`}
                          </option>
                        ))}
                      </select>
                      <ErrorList id={`${field('image')}-erros`} errors={errors[field('image')] ?? undefined} />
                    </div>
                    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                      <input type="checkbox" name={field('hide')} defaultChecked={slide.hide} className="size-4 rounded border-slate-300" />
                      Ocultar o {label.toLowerCase()}
                    </label>
                    <label className="inline-flex items-center gap-2 text-sm text-slate-800">
                      <input type="checkbox" name={field('showAvatar')} defaultChecked={slide.showAvatar} className="size-4 rounded border-slate-300" />
                      Mostrar avatar no {label.toLowerCase()}
                    </label>
                  </div>
                </div>
              </fieldset>
            </li>
          )
        })}
      </ol>

      <button
        type="submit"
        name="_intent"
        value="save"
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        {busy ? 'Salvando…' : 'Salvar alterações'}
      </button>
    </Form>
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
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="text"
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={errors?.length ? true : undefined}
        className={inputClass(Boolean(errors?.length), 'small')}
      />
      <ErrorList id={`${name}-erros`} errors={errors ?? undefined} />
    </div>
  )
}
