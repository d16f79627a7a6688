// /r/:code — a tracked contact (ADR 224, 258): counts the click (a person's first of the hour; no user
// agent or a bot counts none; no cookie, no personal data) and answers a redirect to
// https://wa.me/55…?text= naming the property and its code (?canal=telefone: the phone). An
// unknown or archived property's code is 404.
import type { Route } from './+types/contact'
import { clientIpContext } from '~/context'
import { pageNotFound } from '~/utils/params'
import { trackedContact } from '~/workflows/leads.server'
import { shortLinkRedirect } from './short-link.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const location = await trackedContact(context, {
    code: params.code,
    phone: new URL(request.url).searchParams.get('canal') === 'telefone',
    // Only a GET counts: a HEAD opens nothing.
    visitor:
      request.method === 'GET'
        ? { address: context.get(clientIpContext), userAgent: request.headers.get('user-agent') }
        : null,
  })
  if (!location) throw pageNotFound(request)
  return shortLinkRedirect(location)
}
