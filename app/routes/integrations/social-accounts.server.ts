// /integracoes, social accounts panel: its loader data and its actions (dispatched on `intent`).
// Meta's OAuth itself runs through /integracoes/meta/conectar and /integracoes/meta/retorno.
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser, publishingContext } from '~/context'
import { disconnectAccount, ensureOutboxAccount, listAccounts } from '~/models/social-accounts.server'
import { redirectWithToast } from '~/utils/toast.server'
import { idParam } from '~/utils/params'

type Context = Readonly<RouterContextProvider>

export const SOCIAL_INTENTS = ['social-disconnect'] as const

export async function socialAccountsData(context: Context, user: SessionUser) {
  const db = context.get(dbContext)
  await ensureOutboxAccount(db, user.accountId)
  const accounts = await listAccounts(db, user.accountId)
  return {
    metaConfigured: !!context.get(publishingContext).metaLogin,
    facebookConfigured: !!context.get(publishingContext).facebookLogin,
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      provider: account.provider,
      reconnect: account.reconnect_reason,
      expiresAt: account.expires_at?.toISOString() ?? null,
    })),
  }
}

/** Handles the panel's intents; null when the intent is not one of this panel's. */
export async function socialAccountsAction(context: Context, user: SessionUser, form: FormData) {
  const intent = String(form.get('intent') ?? '')
  if (intent !== 'social-disconnect') return null
  const id = idParam.safeParse(String(form.get('account') ?? ''))
  if (!id.success || !(await disconnectAccount(context.get(dbContext), user.accountId, id.data)))
    return data({ panel: 'social', error: 'Conta não encontrada.' }, { status: 404 })
  return redirectWithToast('/integracoes', {
    type: 'success',
    title: 'Conta desconectada',
    description: 'Os agendamentos desta conta não serão publicados.',
  })
}
