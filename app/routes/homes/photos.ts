// POST /imoveis/fotos — one photo or floor plan uploaded as soon as it is picked (the form's
// JavaScript enhancement). Answers the stored item, or a pt-BR error naming the file. The file
// waits under tmp/ until the form is saved (ADR 070).
import { data } from 'react-router'
import type { Route } from './+types/photos'
import { storageContext } from '~/context'
import { readLimitedFormData } from '~/workflows/home-form.server'
import { PHOTO_MAX_BYTES, storePickedFile } from '~/workflows/home-form-files.server'
import { requireUser } from '~/utils/session.server'

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const formData = await readLimitedFormData(request, PHOTO_MAX_BYTES + 64 * 1024)
  if (!formData) return data({ error: `O arquivo tem mais de ${PHOTO_MAX_BYTES / 1024 / 1024} MB.` }, { status: 413 })
  const file = formData.get('file')
  if (!file || typeof file === 'string') return data({ error: 'Escolha um arquivo.' }, { status: 400 })
  const folder = formData.get('kind') === 'plans' ? 'plans' : 'photos'
  const stored = await storePickedFile(context.get(storageContext), user.accountId, file, folder)
  return 'item' in stored ? data(stored) : data(stored, { status: 400 })
}

export function loader(): never {
  throw data('Use POST.', { status: 405 })
}
