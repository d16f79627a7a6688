// /minha-conta/marca?pagina — the public page's address form (ADR 223), beside the brand's own.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { dbContext } from '~/context'
import { HANDLE_TAKEN, HandleSchema } from '~/domain/leads'
import { savePublicPage } from '~/models/public-pages.server'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readForm } from '~/utils/form-body.server'

export async function publicPageAction(request: Request, context: Readonly<RouterContextProvider>) {
  // The public page is the agency's, like its brand (ADR 218).
  const user = requirePermission(context, request, 'brand')
  const submission = parseWithZod(await readForm(request), { schema: HandleSchema })
  if (submission.status !== 'success') return data({ pageResult: submission.reply() }, { status: 400 })
  const saved = await savePublicPage(context.get(dbContext), user.accountId, submission.value)
  if (saved === 'taken') {
    return data({ pageResult: submission.reply({ fieldErrors: { handle: [HANDLE_TAKEN] } }) }, { status: 400 })
  }
  return redirectWithToast('/minha-conta/marca', {
    type: 'success',
    title: 'Página pública salva',
    description: `Seu endereço: /c/${submission.value.handle}`,
  })
}
