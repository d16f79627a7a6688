// "Títulos sugeridos" (ADR 165): the copywriter's three headline options for a generated post;
// choosing one puts it on the cover slide and the post is drawn again. One plain form with a
// submit button per option (`_intent=headline:N`), so it works without JavaScript. With it the
// form still reloads the page: the editor's inputs below are uncontrolled and would otherwise
// keep showing the old cover title.
import { Form } from 'react-router'
import { headlineSlideIndex } from '~/domain/headlines'
import type { Slide } from '~/domain/slides'
import { Button } from '~/components/ui/button'

export type HeadlinePost = {
  id: number
  generating: boolean
  error: string | null
  slides: Slide[]
  headlines: string[]
}

export function HeadlinePicker({ post }: { post: HeadlinePost }) {
  if (post.generating || post.error || post.headlines.length === 0) return null
  const cover = post.slides[headlineSlideIndex(post.slides)]
  const current = cover?.title?.trim() ?? ''
  return (
    <section
      aria-labelledby="titulos-sugeridos"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 id="titulos-sugeridos" className="text-base font-semibold text-slate-900">
        Títulos sugeridos
      </h3>
      <p className="mt-1 text-sm text-slate-600">Escolha um para a capa do post.</p>
      <Form method="post" reloadDocument className="mt-3">
        <input type="hidden" name="_post" value={post.id} />
        <ol className="space-y-2" aria-label="Títulos sugeridos">
          {post.headlines.map((headline, index) => {
            const inUse = headline === current
            return (
              <li
                key={headline}
                className="flex flex-col items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0 font-medium break-words text-slate-900 sm:flex-1">{headline}</span>
                {inUse ? (
                  <span className="text-sm font-semibold text-emerald-700">Na capa</span>
                ) : (
                  <Button variant="secondary" size="sm" name="_intent" value={`headline:${index}`}>
                    Usar este título<span className="sr-only"> ({index + 1})</span>
                  </Button>
                )}
              </li>
            )
          })}
        </ol>
      </Form>
    </section>
  )
}
