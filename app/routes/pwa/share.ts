// POST /compartilhar — the installed app's share target (the manifest's `share_target`): photos,
// text or a link shared from the gallery or WhatsApp. They are kept under a token, then the agent
// lands on "Novo imóvel" with them (after signing in, when needed: the layout sends them there).
import { data, redirect } from 'react-router'
import type { Route } from './+types/share'
import { clientIpContext, rateLimiterContext, storageContext } from '~/context'
import { MAX_FORM_BYTES } from '~/workflows/home-form.server'
import { readLimitedFormData } from '~/utils/form-body.server'
import { keepSharedPhotos } from '~/workflows/shared-photos.server'
import { redirectWithToast } from '~/utils/toast.server'

/** A share of the form's whole allowance: 40 phone photos at ~4 MB, as a form sent without JavaScript. */
const SHARE_MAX_BYTES = MAX_FORM_BYTES

/** Anyone may post here (the cookie may not come with the share sheet's post): files kept per
 * address are bounded, as a busy agent's day of shares is far below it. */
const SHARES_PER_IP = { name: 'share:ip', limit: 30, windowSeconds: 3600 }

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

export async function action({ request, context }: Route.ActionArgs) {
  const limit = await context.get(rateLimiterContext).hit(SHARES_PER_IP, context.get(clientIpContext))
  if (!limit.allowed)
    throw data(`Muitos compartilhamentos seguidos. Tente de novo em ${Math.ceil(limit.retryAfterSeconds / 60)} min.`, {
      status: 429,
    })
  const formData = await readLimitedFormData(request, SHARE_MAX_BYTES)
  if (!formData)
    return redirectWithToast('/imoveis/novo', {
      type: 'error',
      title: 'Fotos demais de uma vez',
      description: `O envio passou de ${SHARE_MAX_BYTES / 1024 / 1024} MB. Compartilhe as fotos em partes menores.`,
    })
  const files = formData.getAll('fotos').filter((v): v is File => typeof v !== 'string' && v.size > 0)
  const token = await keepSharedPhotos(context.get(storageContext), {
    files,
    title: text(formData.get('title')),
    text: text(formData.get('text')),
    url: text(formData.get('url')),
  })
  return redirect(`/imoveis/novo?${new URLSearchParams({ compartilhado: token })}`)
}

export function loader(): never {
  throw data('Use POST.', { status: 405 })
}
