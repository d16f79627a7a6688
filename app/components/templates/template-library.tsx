// The pieces of /modelos: the search (a GET form), the category chips and a category's cards.
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { TEMPLATE_FORMAT_LABELS, type TemplateFormat } from '~/domain/post-plan'
import { Icon } from '../template-fields/icons'

export function TemplateSearch({ search, category, home }: { search: string; category: string; home: number | null }) {
  return (
    <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
      {category ? <input type="hidden" name="categoria" value={category} /> : null}
      {home ? <input type="hidden" name="imovel" value={home} /> : null}
      <label htmlFor="busca" className="sr-only">
        Buscar modelos
      </label>
      <Input id="busca" type="search" name="q" defaultValue={search} placeholder="Buscar modelos (ex.: aluguel, carrossel, Natal)" />
      <Button>
        <Icon name="search" className="size-4" />
        Buscar
      </Button>
    </Form>
  )
}

const chip = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
    active ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'
  }`

export function CategoryChips({
  categories,
  category,
  link,
}: {
  categories: Array<{ slug: string; name: string }>
  category: string
  link: (slug: string) => string
}) {
  return (
    <nav aria-label="Categorias" className="mt-4 flex flex-wrap gap-2">
      <Link to={link('')} className={chip(!category)} aria-current={!category ? 'page' : undefined}>
        Todas
      </Link>
      {categories.map((item) => (
        <Link key={item.slug} to={link(item.slug)} className={chip(category === item.slug)} aria-current={category === item.slug ? 'page' : undefined}>
          {item.name}
        </Link>
      ))}
    </nav>
  )
}

export type TemplateCardData = {
  id: number
  name: string
  description: string | null
  color: string | null
  icon: string | null
  format: string
  featured: boolean
  needs_home: boolean
}

export function TemplateGroup({
  group,
  home,
}: {
  group: { slug: string | null; name: string; templates: TemplateCardData[] }
  home: number | null
}) {
  const id = `categoria-${group.slug ?? 'outros'}`
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {group.name}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {group.templates.map((template) => (
          <li key={template.id}>
            <TemplateCard template={template} home={home} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function TemplateCard({ template, home }: { template: TemplateCardData; home: number | null }) {
  return (
    <Link
      to={`/modelos/${template.id}${home && template.needs_home ? `?imovel=${home}` : ''}`}
      prefetch="intent"
      className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg text-white" style={{ backgroundColor: template.color ?? '#0f766e' }}>
        <Icon name={template.icon} />
      </span>
      <span className="min-w-0">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{template.name}</span>
          {template.featured ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Destaque</span> : null}
        </span>
        <span className="mt-1 block text-sm text-slate-600">{template.description}</span>
        <span className="mt-2 block text-xs font-medium tracking-wide text-slate-500 uppercase">
          {TEMPLATE_FORMAT_LABELS[template.format as TemplateFormat] ?? template.format}
          {template.needs_home ? ' · usa um imóvel' : ''}
        </span>
      </span>
    </Link>
  )
}
