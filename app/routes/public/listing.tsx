// /c/:handle/:slug — a property's public page (issue 40): gallery, price ('R$ -,--' rule),
// facts, features, amenities, nearby places, the map after a tap, the agent's card with tracked
// WhatsApp and phone buttons (/r/{code}), the lead form. Open Graph and Twitter tags with the
// renderer's cover at 1200×630, schema.org RealEstateListing + Offer JSON-LD. No JavaScript.
import type { SubmissionResult } from '@conform-to/react'
import { isbot } from 'isbot'
import { redirect } from 'react-router'
import type { Route } from './+types/listing'
import { AgentCard, whatsappButtonClass } from '~/components/public/agent-card'
import { LeadForm } from '~/components/public/lead-form'
import { ListingDetails, ListingGallery } from '~/components/public/listing-details'
import { dbContext, envContext, sessionSecretContext } from '~/context'
import { clip } from '~/domain/clip'
import { NO_SCRIPTS } from '~/utils/guest-page'
import { pageNotFound } from '~/utils/params'
import { submitLead } from '~/workflows/leads.server'
import { listingPageData, resolveListing } from '~/workflows/public-listing.server'
import { SHARE_IMAGE } from '~/domain/leads'

export const handle = NO_SCRIPTS

const validParams = (params: { handle?: string; slug?: string }) =>
  /^[a-z0-9-]{3,30}$/.test(params.handle ?? '') && /^[a-z0-9-]{1,80}$/.test(params.slug ?? '')

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!validParams(params)) throw pageNotFound(request)
  const url = new URL(request.url)
  const from = url.searchParams.get('de')
  const page = await listingPageData(context.get(dbContext), {
    secret: context.get(sessionSecretContext),
    origin: context.get(envContext).APP_URL ?? url.origin,
    handle: params.handle!,
    slug: params.slug!,
    from,
    countView: request.method === 'GET' && !isbot(request.headers.get('user-agent') ?? ''),
  })
  if (!page) throw pageNotFound(request)
  if (!page.slugMatches) throw redirect(`${page.canonical}${url.search}`, 301)
  return page
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!validParams(params)) throw pageNotFound(request)
  const found = await resolveListing(context.get(dbContext), params.handle!, params.slug!)
  if (!found) throw pageNotFound(request)
  return submitLead(request, context, { userId: found.owner.user_id, homeId: found.home.id })
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: 'Imóvel não encontrado' }]
  const title = `${data.home.name} · ${data.home.price}`
  const description = clip(data.home.description || `${data.home.kind} em ${data.home.place}.`, 160)
  return [
    { title: `${data.home.name} · ${data.agent.name}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: data.pageUrl },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: data.pageUrl },
    { property: 'og:image', content: data.imageUrl },
    { property: 'og:image:type', content: 'image/jpeg' },
    { property: 'og:image:width', content: String(SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE.height) },
    { property: 'og:image:alt', content: data.home.name },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: data.imageUrl },
    ...(data.noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
    { 'script:ld+json': data.jsonLd },
  ]
}

export default function Listing({ loaderData: data, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="min-w-0">
        <ListingGallery photos={data.home.photos} />
        <ListingDetails home={data.home} code={data.codeLabel} />
      </div>
      <aside className="flex flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
        <AgentCard agent={data.agent}>
          {data.hasPhone ? (
            <>
              <a href={`/r/${data.code}`} rel="nofollow" className={whatsappButtonClass}>
                Conversar no WhatsApp
              </a>
              <a
                href={`/r/${data.code}?canal=telefone`}
                rel="nofollow"
                className="inline-flex min-h-12 items-center justify-center rounded-xl border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50"
              >
                Ligar
              </a>
            </>
          ) : null}
        </AgentCard>
        <section id="interesse" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <LeadForm
            result={actionData?.result as SubmissionResult<string[]> | undefined}
            sent={Boolean(actionData?.sent)}
            from={data.code}
            homeName={data.home.name}
          />
        </section>
      </aside>
    </div>
  )
}
