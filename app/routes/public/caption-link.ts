// /l/:code — the short link a generated caption carries: to the listing page, with the code on
// (?de=), so the page's views, clicks and leads count for the post or kit that carried it.
import type { Route } from './+types/caption-link'
import { pageNotFound } from '~/utils/params'
import { captionLink } from '~/workflows/leads.server'
import { shortLinkRedirect } from './short-link.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const location = await captionLink(context, params.code)
  if (!location) throw pageNotFound(request)
  return shortLinkRedirect(location)
}
