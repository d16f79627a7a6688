// /c/:handle/:slug — a property's public page (ADR 223): gallery, price ('R$ -,--' rule),
// facts, features, amenities, nearby places, the map after a tap, the agent's card with tracked
// WhatsApp and phone buttons (/r/{code}), the lead form. Open Graph and Twitter tags with the
// renderer's cover at 1200×630, schema.org RealEstateListing + Offer JSON-LD. No JavaScript.
import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/listing'
import { AgentBrandBar, AgentCard, whatsappButtonClass } from '~/components/public/agent-card'
import { LeadForm } from '~/components/public/lead-form'
import { ListingDetails, ListingGallery } from '~/components/public/listing-details'
import { clientIpContext, dbContext, rateLimiterContext, sessionSecretContext } from '~/context'
import { clip } from '~/domain/clip'
import { AGENT_PAGE } from '~/utils/guest-page'
import { FORM_REJECTED, honeypotFilled } from '~/utils/honeypot.server'
import { appNameFrom } from '~/utils/meta'
import { pageNotFound } from '~/utils/params'
import { submitLead } from '~/workflows/leads.server'
import { countListingEvent } from '~/workflows/listing-counts.server'
import { listingPageData, resolveListing } from '~/workflows/public-listing.server'
import { listingConsentText } from '~/workflows/lead-privacy.server'
import { LeadSchema, SHARE_IMAGE } from '~/domain/leads'
import { siteOrigin } from '~/utils/request-origin.server'
import { readForm } from '~/utils/form-body.server'

export const handle = AGENT_PAGE

const validParams = (params: { handle?: string; slug?: string }) =>
  /^[a-z0-9-]{3,30}$/.test(params.handle ?? '') && /^[a-z0-9-]{1,80}$/.test(params.slug ?? '')

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!validParams(params)) throw pageNotFound(request)
  const url = new URL(request.url)
  const from = url.searchParams.get('de')
  const db = context.get(dbContext)
  const visitor = { address: context.get(clientIpContext), userAgent: request.headers.get('user-agent') }
  const page = await listingPageData(db, {
    secret: context.get(sessionSecretContext),
    origin: siteOrigin(context),
    handle: params.handle!,
    slug: params.slug!,
    from,
    countView:
      request.method === 'GET'
        ? (event) => countListingEvent({ db, limiter: context.get(rateLimiterContext) }, visitor, event)
        : null,
  })
  if (!page) throw pageNotFound(request)
  if (!page.slugMatches) throw redirect(`${page.canonical}${url.search}`, 301)
  return page
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The lead form: a stored lead e-mailed to the responsible agent, or a 400/429 with the typed
  // values. Its body is read (at most 1 MB) before anything else, so that a body too large is
  // the 413 it is whatever the address.
  const formData = await readForm(request)
  if (!validParams(params)) throw pageNotFound(request)
  const found = await resolveListing(context.get(dbContext), params.handle!, params.slug!)
  if (!found) throw pageNotFound(request)
  if (honeypotFilled(formData))
    return data({ result: { status: 'error' as const, error: { '': [FORM_REJECTED] } }, sent: false }, { status: 400 })
  const submission = parseWithZod(formData, { schema: LeadSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
  const outcome = await submitLead(
    context,
    { userId: found.owner.user_id, homeId: found.home.id, consentText: listingConsentText(found.owner, found.home) },
    submission.value,
  )
  if (outcome.status === 'not-found') throw new Response('Not found', { status: 404 })
  if (outcome.status === 'limited')
    return data(
      {
        result: submission.reply({
          formErrors: ['Recebemos muitas mensagens deste endereço. Tente de novo em alguns minutos.'],
        }),
        sent: false,
      },
      { status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
    )
  return data({ result: submission.reply({ resetForm: true }), sent: true })
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: 'Imóvel não encontrado' }]
  const title = `${data.home.name} · ${data.home.price}${data.home.priceSuffix}`
  const description = clip(data.home.description || `${data.home.kind} em ${data.home.place}.`, 160)
  return [
    { title: `${data.home.name} · ${data.agent.name}` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: data.pageUrl },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:site_name', content: appNameFrom(matches) },
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
    <div className="mx-auto max-w-5xl">
      <AgentBrandBar agent={data.agent} />
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
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
            consentText={data.consentText}
          />
        </section>
      </aside>
      </div>
    </div>
  )
}
