// What the buttons of /admin/usuarios/:id do. Disabling bans the account in the auth service
// (its sessions end and it can no longer sign in); enabling lifts the ban. The role lives in the
// app's own users row. The password reset sends the usual recovery e-mail. Each change is
// written to the audit log.
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser, authBackendContext } from '~/context'
import type { AuditAction } from '~/domain/audit'
import { z } from '~/domain/validation'
import { setUserRole } from '~/models/admin-users.server'
import { recordAudit } from '~/models/audit-log.server'
import { createAdminClient } from '~/utils/auth.server'
import { confirmUrl } from '~/utils/request-origin.server'
import { redirectWithToast } from '~/utils/toast.server'

/** Supabase's way to say "banned until further notice": about a hundred years. */
export const BAN_FOREVER = '876000h'

const UserIntent = z.enum(['disable', 'enable', 'make-admin', 'remove-admin', 'password-reset'])
export type UserIntent = z.output<typeof UserIntent>

type Args = {
  context: Readonly<RouterContextProvider>
  admin: SessionUser
  user: { id: string; email: string }
  formData: FormData
}

const TOASTS: Record<UserIntent, string> = {
  disable: 'Usuário desativado: ele não consegue mais entrar.',
  enable: 'Usuário reativado.',
  'make-admin': 'Agora é administrador.',
  'remove-admin': 'Não é mais administrador.',
  'password-reset': 'E-mail de redefinição de senha enviado.',
}

const AUDIT: Record<UserIntent, AuditAction> = {
  disable: 'user.disable',
  enable: 'user.enable',
  'make-admin': 'user.make-admin',
  'remove-admin': 'user.remove-admin',
  'password-reset': 'user.password-reset',
}

async function inAuthService(context: Args['context'], intent: UserIntent, user: Args['user']) {
  const auth = createAdminClient(context.get(authBackendContext)).auth
  if (intent === 'password-reset') {
    const { error } = await auth.resetPasswordForEmail(user.email, {
      redirectTo: confirmUrl(context, '/redefinir-senha'),
    })
    if (error) throw error
    return
  }
  const { error } = await auth.admin.updateUserById(user.id, {
    ban_duration: intent === 'disable' ? BAN_FOREVER : 'none',
  })
  if (error) throw error
}

export async function userAction({ context, admin, user, formData }: Args) {
  const parsed = UserIntent.safeParse(formData.get('_intent'))
  if (!parsed.success) throw data('Pedido inválido.', { status: 400 })
  const intent = parsed.data
  const here = `/admin/usuarios/${user.id}`
  // An admin never locks themself out.
  if (user.id === admin.id && (intent === 'disable' || intent === 'remove-admin'))
    return redirectWithToast(here, {
      type: 'error',
      title: 'Não é possível',
      description: 'Você não pode desativar nem rebaixar a própria conta.',
    })
  const db = context.get(dbContext)
  const actor = { id: admin.id, email: admin.email }
  if (intent === 'make-admin' || intent === 'remove-admin') {
    await setUserRole(db, actor, user.id, intent === 'make-admin' ? 'admin' : 'user')
  } else {
    await inAuthService(context, intent, user)
    await recordAudit(db, { actor, action: AUDIT[intent], target: { type: 'user', id: user.id, label: user.email } })
  }
  return redirectWithToast(here, {
    type: 'success',
    title: TOASTS[intent],
    description: 'A alteração foi registrada no histórico do painel.',
  })
}
