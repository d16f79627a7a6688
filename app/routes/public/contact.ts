// /r/:code — a tracked contact (issue 40): counts the click (people only: isbot; no cookie, no
// personal data) and answers a redirect to https://wa.me/55…?text= naming the property and its
// code (?canal=telefone: the phone). An unknown or archived property's code is 404.
import type { Route } from './+types/contact'
import { pageNotFound } from '~/utils/params'
import { trackedContact } from '~/workflows/leads.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const response = await trackedContact(request, context, params.code)
  if (!response) throw pageNotFound(request)
  return response
}
