// /modelos — the template library by category, featured templates first, with a search. Each
// card shows the template's picture, drawn from the chosen property (?imovel=, the agent's own;
// anything else is ignored) or from a sample property.
import { Link } from 'react-router'
import type { Route } from './+types/index'
import { CategoryChips, TemplateGroup, TemplateSearch } from '~/components/templates/template-library'
import { PreviewHomePicker } from '~/components/templates/preview-home'
import { EmptyState } from '~/components/ui/card'
import { dbContext } from '~/context'
import { requireUser } from '~/utils/session.server'
import { getHome, listHomeChoices } from '~/models/homes.server'
import { groupTemplates, listTemplateCards, listTemplateCategories } from '~/models/templates.server'
import { getAccount } from '~/models/users.server'
import { previewSize, previewVersion } from '~/workflows/template-previews.server'
import { pageTitle } from '~/utils/meta'
import { idParam } from '~/utils/params'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Modelos', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const url = new URL(request.url)
  const search = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const requested = url.searchParams.get('categoria') ?? ''
  // From a property's page: /modelos?imovel=<id> draws the pictures with it and preselects it in
  // the template's form. Only the agent's own property counts.
  const homeParam = idParam.safeParse(url.searchParams.get('imovel') ?? '')
  const [categories, cards, account, home, homes] = await Promise.all([
    listTemplateCategories(db),
    listTemplateCards(db),
    getAccount(db, user.accountId),
    homeParam.success ? getHome(db, user.accountId, homeParam.data) : null,
    listHomeChoices(db, user.accountId),
  ])
  const category = categories.some((item) => item.slug === requested) ? requested : ''
  const groups = groupTemplates(cards, { search, category }).map((group) => ({
    ...group,
    templates: group.templates.map((card) => {
      const own = card.needs_home ? home : null
      const query = new URLSearchParams()
      if (own) query.set('imovel', String(own.id))
      query.set('v', previewVersion(card, own, account?.updated_at ?? null))
      return { ...card, preview: { src: `/modelos/${card.id}/previa.webp?${query}`, ...previewSize(card.format) } }
    }),
  }))
  return {
    search,
    category,
    categories,
    groups,
    home: home ? { id: home.id, name: home.name } : null,
    homes: homes.map((choice) => ({ id: choice.id, name: choice.name, place: choice.place })),
  }
}

/** The video format (Reels, ADR 220): made from a property, so it asks for one first. */
function VideoFormatCard({ home }: { home: { id: number; name: string } | null }) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <p className="font-semibold text-slate-900">Vídeo do imóvel (Reels)</p>
        <p className="text-sm text-slate-600">
          {home
            ? `Vídeo vertical de ${home.name}, com narração e legendas.`
            : 'Escolha um imóvel acima para fazer o vídeo vertical dele, com narração e legendas.'}
        </p>
      </div>
      {home ? (
        <Link
          to={`/imoveis/${home.id}/video`}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white"
        >
          Vídeo do imóvel
        </Link>
      ) : null}
    </div>
  )
}

export default function TemplatesPage({ loaderData }: Route.ComponentProps) {
  const { search, category, categories, groups, home, homes } = loaderData
  const homeId = home?.id ?? null
  const link = (slug: string) => {
    const params = new URLSearchParams()
    if (search) params.set('q', search)
    if (slug) params.set('categoria', slug)
    if (homeId) params.set('imovel', String(homeId))
    const query = params.toString()
    return query ? `/modelos?${query}` : '/modelos'
  }
  let shown = 0
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Modelos</h1>
          <p className="mt-1 text-slate-600">Escolha um modelo, escolha o imóvel e receba o post pronto.</p>
        </div>
        <Link
          to="/modelos/historico"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
        >
          Meus posts
        </Link>
      </div>
      <PreviewHomePicker home={home} homes={homes} search={search} category={category} />
      <VideoFormatCard home={home} />
      <TemplateSearch search={search} category={category} home={homeId} />
      <CategoryChips categories={categories} category={category} link={link} />
      {groups.length === 0 ? (
        <EmptyState className="mt-10">
          Nenhum modelo encontrado{search ? ` para “${search}”` : ''}.{' '}
          <Link to="/modelos" className="font-semibold text-brand-700 hover:underline">
            Ver todos os modelos
          </Link>
        </EmptyState>
      ) : (
        groups.map((group) => {
          // The first pictures are above the fold on a phone: loaded at once, the rest lazily.
          const eager = Math.max(0, 4 - shown)
          shown += group.templates.length
          return <TemplateGroup key={group.slug ?? 'outros'} group={group} home={homeId} eager={eager} />
        })
      )}
    </div>
  )
}
