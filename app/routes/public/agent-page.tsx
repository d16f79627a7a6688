// /c/:handle — the agent's public page ("link na bio", ADR 223): the brand, CRECI, a WhatsApp
// button and the active properties (archived never), filtered by negócio and cidade with a GET
// form. A guest page with no JavaScript at all (handle.noScripts) and no third-party script.
import type { Route } from './+types/agent-page'
import { AgentCard, whatsappButtonClass } from '~/components/public/agent-card'
import { PublicFilters, PublicHomeCards } from '~/components/public/listing-cards'
import { dbContext, sessionSecretContext } from '~/context'
import { SHARE_IMAGE } from '~/domain/leads'
import { pageNotFound } from '~/utils/params'
import { appNameFrom } from '~/utils/meta'
import { AGENT_PAGE } from '~/utils/guest-page'
import { publicPageData } from '~/workflows/public-listing.server'
import { siteOrigin } from '~/utils/request-origin.server'

export const handle = AGENT_PAGE

const STATUS_OF = { venda: 'sale', aluguel: 'rent' } as const

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const handle = params.handle ?? ''
  if (!/^[a-z0-9-]{3,30}$/.test(handle)) throw pageNotFound(request)
  const query = new URL(request.url).searchParams
  const negocio = query.get('negocio') ?? ''
  const cidade = query.get('cidade')?.trim().slice(0, 100) ?? ''
  const status = negocio in STATUS_OF ? STATUS_OF[negocio as keyof typeof STATUS_OF] : null
  const page = await publicPageData(context.get(dbContext), {
    secret: context.get(sessionSecretContext),
    origin: siteOrigin(context),
    handle,
    filters: { status, city: cidade || null },
  })
  if (!page) throw pageNotFound(request)
  return { ...page, filters: { status: status ? negocio : '', city: cidade } }
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const app = appNameFrom(matches)
  if (!data) return [{ title: `Página não encontrada · ${app}` }]
  const description = `Imóveis de ${data.agent.name}${data.agent.creci ? `, ${data.agent.creci}` : ''}.`
  const title = `${data.agent.name} · Imóveis`
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: data.pageUrl },
    { property: 'og:type', content: 'profile' },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:site_name', content: app },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: data.pageUrl },
    { property: 'og:image', content: data.imageUrl },
    { property: 'og:image:type', content: 'image/jpeg' },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: `${data.agent.name} e seus imóveis` },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: data.imageUrl },
    ...(data.noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    { 'script:ld+json': data.jsonLd },
  ]
}

export default function AgentPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl">
      <AgentCard agent={data.agent} heading="h1">
        {data.whatsappHref ? (
          <a href={data.whatsappHref} rel="nofollow" className={whatsappButtonClass}>
            Falar no WhatsApp
          </a>
        ) : null}
      </AgentCard>
      <PublicFilters cities={data.cities} status={data.filters.status} city={data.filters.city} />
      <PublicHomeCards homes={data.homes} />
    </div>
  )
}
