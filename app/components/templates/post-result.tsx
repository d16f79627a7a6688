// The generated post under its template's form: its state (generating, failed with a retry
// button, ready). Ready, the post comes first as it will be published (post-preview.tsx), and the
// editor for the caption and each slide (words, photo, hide, avatar and order) is one tap away
// behind "Editar slides e legenda" (a <details>, open with ?editar=1 or when the editor came back
// with errors). Plain forms: everything posts without JavaScript.
import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation, useSearchParams } from 'react-router'
import type { Slide } from '~/domain/slides'
import { AutoRefresh } from '~/components/ui/auto-refresh'
import { Button } from '~/components/ui/button'
import { FieldErrors, Label } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { MultilineText } from './multiline-text'
import { PostPreview } from './post-preview'
import { SlideEditor, type EditorPhoto, type SlideErrors, type TypedSlide } from './slide-editor'

export type { EditorPhoto }

export type ResultPost = {
  id: number
  /** The id of its public addresses (ADR 141). */
  publicId: string
  description: string | null
  generating: boolean
  error: string | null
  generatedAt: string | null
  format: string | null
  slides: Slide[]
}

function GeneratingState() {
  return (
    <div role="status" className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900">
      <AutoRefresh />
      Gerando seu post… isso leva poucos segundos.
    </div>
  )
}

function FailedState({ post, busy }: { post: ResultPost; busy: boolean }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">Não foi possível gerar o post.</p>
      <p className="mt-1 text-sm">{post.error}</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="_post" value={post.id} />
        <Button variant="danger" name="_intent" value="retry" pending={busy} pendingText="Gerando…">
          Tentar de novo
        </Button>
      </Form>
    </div>
  )
}

/** True while a POST of this page is on its way. */
function usePosting() {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post'
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
  const busy = usePosting()
  const [searchParams] = useSearchParams()
  if (post.generating) return <GeneratingState />
  if (post.error) return <FailedState post={post} busy={busy} />
  const editing = editor !== null || searchParams.get('editar') === '1'
  return (
    <div className="space-y-6">
      <PostPreview post={post} />
      <details id="editar" open={editing} className="group rounded-xl border border-slate-200 bg-slate-50">
        <summary className="flex min-h-12 cursor-pointer items-center justify-between gap-2 rounded-xl px-4 font-semibold text-slate-900 hover:bg-slate-100">
          Editar slides e legenda
          <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="border-t border-slate-200 p-4">
          <PostEditor post={post} photos={photos} editor={editor} busy={busy} />
        </div>
      </details>
    </div>
  )
}

function PostEditor({
  post,
  photos,
  editor,
  busy,
}: {
  post: ResultPost
  photos: EditorPhoto[]
  editor: SubmissionResult<string[]> | null
  busy: boolean
}) {
  const errors = (editor?.error ?? {}) as SlideErrors
  const typed = (editor?.initialValue ?? null) as { description?: string; slides?: TypedSlide[] } | null
  const aspect = post.format === 'story' ? 'aspect-[9/16]' : post.format === 'feed' ? 'aspect-square' : 'aspect-[4/5]'
  return (
    <Form method="post" noValidate className="space-y-6" aria-label="Editar post">
      <input type="hidden" name="_post" value={post.id} />
      {/* Enter in a text box saves (the first submit button), never moves a slide. */}
      <button type="submit" name="_intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Salvar
      </button>
      <CaptionField post={post} value={typed?.description} errors={errors.description} />
      <ol className="space-y-4" aria-label="Slides">
        {post.slides.map((slide, index) => (
          <SlideEditor
            key={slide.id}
            publicId={post.publicId}
            slide={slide}
            index={index}
            count={post.slides.length}
            typed={typed?.slides?.[index]}
            errors={errors}
            photos={photos}
            aspect={aspect}
          />
        ))}
      </ol>
      <Button size="lg" name="_intent" value="save" pending={busy} pendingText="Salvando…">
        Salvar alterações
      </Button>
    </Form>
  )
}

function CaptionField({
  post,
  value,
  errors,
}: {
  post: ResultPost
  value: string | undefined
  errors: string[] | null | undefined
}) {
  return (
    <div>
      <Label htmlFor="legenda">Legenda</Label>
      <Textarea
        id="legenda"
        name="description"
        rows={10}
        maxLength={2200}
        defaultValue={value ?? post.description ?? ''}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? 'legenda-erros' : undefined}
        invalid={Boolean(errors)}
      />
      <FieldErrors id="legenda-erros" errors={errors} />
      <details className="mt-2 text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center text-slate-600">Prévia da legenda</summary>
        <MultilineText
          text={post.description ?? ''}
          className="mt-2 rounded-lg bg-white p-3 text-slate-800 shadow-sm"
        />
      </details>
    </div>
  )
}
