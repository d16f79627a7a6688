// Above the cards of /modelos: which property the pictures (and the forms) are for, and a way to
// pick one of the agent's properties or go back to the sample. A GET form: works without JavaScript.
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Select } from '~/components/ui/input'

type HomeChoice = { id: number; name: string; place: string }

export function PreviewHomePicker({
  home,
  homes,
  search,
  category,
}: {
  home: { id: number; name: string } | null
  homes: HomeChoice[]
  search: string
  category: string
}) {
  const sample = new URLSearchParams()
  if (search) sample.set('q', search)
  if (category) sample.set('categoria', category)
  const sampleLink = sample.size ? `/modelos?${sample}` : '/modelos'
  return (
    <section
      aria-label="Prévias"
      className="mt-5 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:p-4"
    >
      {home ? (
        <p className="text-slate-800">
          Modelos para o imóvel <strong className="font-semibold text-slate-900">{home.name}</strong>.{' '}
          <Link
            to={sampleLink}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
          >
            Usar o imóvel de exemplo
          </Link>
        </p>
      ) : (
        <p className="text-slate-700">As prévias usam um imóvel de exemplo.</p>
      )}
      {homes.length ? (
        <Form method="get" className="mt-2 flex items-end gap-2">
          {search ? <input type="hidden" name="q" value={search} /> : null}
          {category ? <input type="hidden" name="categoria" value={category} /> : null}
          <label htmlFor="imovel-previas" className="sr-only">
            Ver as prévias com
          </label>
          <Select
            id="imovel-previas"
            name="imovel"
            defaultValue={home ? String(home.id) : ''}
            className="min-w-0 flex-1"
          >
            {home ? null : <option value="">Ver com um imóvel seu…</option>}
            {homes.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.place ? `${choice.name} — ${choice.place}` : choice.name}
              </option>
            ))}
          </Select>
          <Button variant="secondary" className="shrink-0">
            Ver
          </Button>
        </Form>
      ) : null}
    </section>
  )
}
