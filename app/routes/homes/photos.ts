// POST /imoveis/fotos — one photo or floor plan uploaded as soon as it is picked (the form's
// JavaScript enhancement). Answers the stored item, or a pt-BR error naming the file. The file
// waits under tmp/ until the form is saved (ADR 070).
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/photos'
import { storageContext } from '~/context'
import { readLimitedFormData, sentFile } from '~/utils/form-body.server'
import { PHOTO_MAX_BYTES, storePickedFile } from '~/workflows/home-form-files.server'
import { requireUser } from '~/utils/session.server'

/** The picked file (none, or an empty nameless part: "Escolha um arquivo.") and its kind. */
const PickedFile = z.object({ file: z.instanceof(File), kind: z.string().optional() })

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const formData = await readLimitedFormData(request, PHOTO_MAX_BYTES + 64 * 1024)
  if (!formData) return data({ error: `O arquivo tem mais de ${PHOTO_MAX_BYTES / 1024 / 1024} MB.` }, { status: 413 })
  const submission = parseWithZod(formData, { schema: PickedFile })
  if (submission.status !== 'success') return data({ error: 'Escolha um arquivo.' }, { status: 400 })
  const folder = submission.value.kind === 'plans' ? 'plans' : 'photos'
  const file = await sentFile(submission.value.file)
  const stored = await storePickedFile(context.get(storageContext), user.accountId, file, folder)
  return 'item' in stored ? data(stored) : data(stored, { status: 400 })
}

export function loader(): never {
  throw data('Use POST.', { status: 405 })
}
