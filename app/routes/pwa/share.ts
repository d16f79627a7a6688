// POST /compartilhar — the installed app's share target (the manifest's `share_target`): photos,
// text or a link shared from the gallery or WhatsApp, for a signed-in person (ADR 256, 283). The
// HTTP boundary has already refused another site's post (server/http-boundary.ts); signed out,
// the post is answered before a byte of its body is read. The photos are processed as they stream
// in, within the property form's limits, and the person lands on "Novo imóvel" with them.
import { data, redirect } from 'react-router'
import type { Route } from './+types/share'
import { rateLimiterContext, storageContext, userContext } from '~/context'
import { readStreamedForm, type StreamedFormRefusal } from '~/utils/streamed-form.server'
import { redirectWithToast } from '~/utils/toast.server'
import {
  addSharedPhoto,
  keepShare,
  SHARE_LIMITS,
  sharedDescription,
  type SharedPhotos,
} from '~/workflows/shared-photos.server'

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

/** A busy agent's day of shares is far below it. */
const SHARES_PER_PERSON = { name: 'share:person', limit: 30, windowSeconds: 3600 }

const MB = 1024 * 1024

const REFUSED: Record<StreamedFormRefusal, { title: string; description: string }> = {
  'too-large': {
    title: 'Fotos demais de uma vez',
    description: `O envio passou de ${SHARE_LIMITS.maxTotalBytes / MB} MB. Compartilhe as fotos em partes menores.`,
  },
  'too-many-files': {
    title: 'Fotos demais de uma vez',
    description: `Compartilhe no máximo ${SHARE_LIMITS.maxFiles} fotos de cada vez.`,
  },
  'file-too-large': {
    title: 'Foto grande demais',
    description: `Cada foto pode ter até ${SHARE_LIMITS.maxFileBytes / MB} MB. Compartilhe as outras sem ela.`,
  },
  unreadable: {
    title: 'Não foi possível receber as fotos',
    description: 'O compartilhamento chegou incompleto. Compartilhe as fotos de novo.',
  },
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext)
  // Nothing of the body is read for someone signed out: after the sign-in, they share again.
  if (!user)
    return redirectWithToast(`/login?${new URLSearchParams({ redirectTo: '/imoveis/novo' })}`, {
      type: 'info',
      title: 'Entre para receber as fotos',
      description: 'Entre na sua conta e compartilhe as fotos de novo.',
    })
  const limit = await context.get(rateLimiterContext).hit(SHARES_PER_PERSON, user.id)
  if (!limit.allowed)
    throw data(`Muitos compartilhamentos seguidos. Tente de novo em ${Math.ceil(limit.retryAfterSeconds / 60)} min.`, {
      status: 429,
    })
  const storage = context.get(storageContext)
  // Each photo is processed as its part ends, before the next is read: one photo in memory at a time.
  const shared: SharedPhotos = { gallery: [], description: '', errors: [] }
  const read = await readStreamedForm(request, SHARE_LIMITS, async (file) => {
    if (file.fieldName !== 'fotos' || (file.size === 0 && !file.name)) return null
    await addSharedPhoto(storage, user.accountId, shared, {
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })
    return null
  })
  if (!read.ok) return redirectWithToast('/imoveis/novo', { type: 'error', ...REFUSED[read.refusal] })
  const { form } = read
  shared.description = sharedDescription({
    title: text(form.get('title')),
    text: text(form.get('text')),
    url: text(form.get('url')),
  })
  const token = await keepShare(storage, user.id, shared)
  return redirect(`/imoveis/novo?${new URLSearchParams({ compartilhado: token })}`)
}

export function loader(): never {
  throw data('Use POST.', { status: 405 })
}
