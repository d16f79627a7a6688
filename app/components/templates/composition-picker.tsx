// "Capa": the post's cover drawn in each composition, as thumbnails; choosing one draws the post
// again with it. One plain form with a submit button per composition (`_intent=composition:ID`),
// so it works without JavaScript; the page reloads, as the headline picker does.
import { Form } from 'react-router'
import { COMPOSITIONS, type CompositionId } from '~/domain/compositions'

export type CompositionPost = {
  id: number
  generating: boolean
  error: string | null
  /** Its cover's composition now, and the version its thumbnails are drawn at. */
  composition: CompositionId | null
  /** The layouts this post's message allows (a stamp only on "Vendido", a date only on a visit). */
  compositions: CompositionId[]
  version: string | null
}

export function CompositionPicker({ post }: { post: CompositionPost }) {
  if (post.generating || post.error || !post.composition || !post.version) return null
  return (
    <section aria-labelledby="capa-do-post" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="capa-do-post" className="text-base font-semibold text-slate-900">
        Capa
      </h3>
      <p className="mt-1 text-sm text-slate-600">Escolha o layout da capa. As fotos e os textos continuam os mesmos.</p>
      <Form method="post" reloadDocument className="mt-3">
        <input type="hidden" name="_post" value={post.id} />
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4" aria-label="Layouts da capa">
          {post.compositions.map((id) => {
            const current = id === post.composition
            return (
              <li key={id}>
                <button
                  type="submit"
                  name="_intent"
                  value={`composition:${id}`}
                  aria-pressed={current}
                  disabled={current}
                  className="group flex w-full flex-col items-stretch gap-1 rounded-lg p-1 text-left outline-offset-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-default aria-pressed:bg-brand-50 aria-pressed:ring-2 aria-pressed:ring-brand-600"
                >
                  <img
                    src={`/modelos/capas/${post.id}/${id}?v=${post.version}`}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full rounded-md bg-slate-100 object-cover object-top"
                  />
                  <span className="text-xs font-medium text-slate-800">
                    {COMPOSITIONS[id].label}
                    {current ? <span className="block font-semibold text-emerald-700">Em uso</span> : null}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      </Form>
    </section>
  )
}
