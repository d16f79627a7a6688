// The pieces of /modelos: the search (a GET form), the category chips and a category's cards.
import { Form, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { TEMPLATE_FORMAT_LABELS, type TemplateFormat } from '~/domain/post-plan'
import { Icon } from '~/components/template-fields/icons'

export function TemplateSearch({ search, category, home }: { search: string; category: string; home: number | null }) {
  return (
    <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
      {category ? <input type="hidden" name="categoria" value={category} /> : null}
      {home ? <input type="hidden" name="imovel" value={home} /> : null}
      <label htmlFor="busca" className="sr-only">
        Buscar modelos
      </label>
      <Input
        id="busca"
        type="search"
        name="q"
        defaultValue={search}
        placeholder="Buscar modelos (ex.: aluguel, carrossel, Natal)"
      />
      <Button>
        <Icon name="search" className="size-4" />
        Buscar
      </Button>
    </Form>
  )
}

const chip = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
    active
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'
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
        <Link
          key={item.slug}
          to={link(item.slug)}
          className={chip(category === item.slug)}
          aria-current={category === item.slug ? 'page' : undefined}
        >
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
  /** The template's picture (first slide, small WebP) and its size in pixels. */
  preview: { src: string; width: number; height: number }
}

export function TemplateGroup({
  group,
  home,
  eager = 0,
}: {
  group: { slug: string | null; name: string; templates: TemplateCardData[] }
  home: number | null
  /** How many of the first pictures load at once (above the fold); the rest load lazily. */
  eager?: number
}) {
  const id = `categoria-${group.slug ?? 'outros'}`
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {group.name}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {group.templates.map((template, index) => (
          <li key={template.id}>
            <TemplateCard template={template} home={home} eager={index < eager} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function TemplateCard({ template, home, eager }: { template: TemplateCardData; home: number | null; eager: boolean }) {
  const { preview } = template
  return (
    <Link
      to={`/modelos/${template.id}${home && template.needs_home ? `?imovel=${home}` : ''}`}
      prefetch="intent"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-500"
    >
      <span className="flex min-w-0 flex-1 flex-col p-3">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span
            className="flex size-6 shrink-0 items-center justify-center rounded-md text-white"
            style={{ backgroundColor: template.color ?? '#0f766e' }}
          >
            <Icon name={template.icon} className="size-3.5" />
          </span>
          <span className="font-semibold leading-snug text-slate-900">{template.name}</span>
          {template.featured ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Destaque</span>
          ) : null}
        </span>
        <span className="mt-1 line-clamp-2 text-sm text-slate-600 sm:line-clamp-3">{template.description}</span>
        <span className="mt-auto block pt-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
          {TEMPLATE_FORMAT_LABELS[template.format as TemplateFormat] ?? template.format}
          {template.needs_home ? ' · usa um imóvel' : ''}
        </span>
      </span>
      {/* What the template makes, drawn by the post renderer; the box keeps its place while it loads.
          Shown first, after the words in the link's name (which starts with the template's name). */}
      <span className="order-first flex aspect-[4/5] items-center justify-center bg-slate-100">
        <img
          src={preview.src}
          alt={`Prévia: ${template.name}`}
          width={preview.width}
          height={preview.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-contain"
        />
      </span>
    </Link>
  )
}
