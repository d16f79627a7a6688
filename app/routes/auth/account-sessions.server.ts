// The sessions part of /minha-conta/seguranca: where the account is signed in, and signing out
// of the other devices (logout scope "others") or of all of them (scope "global").
import { decodeJwt } from 'jose'
import { data, type RouterContextProvider } from 'react-router'
import { dbContext } from '~/context'
import { describeDevice } from '~/domain/devices'
import { listSessions } from '~/models/account-data.server'
import { getSupabase } from '~/utils/auth.server'
import { redirectWithToast } from '~/utils/toast.server'
import { formatDateTime } from '~/domain/dates'

type Context = Readonly<RouterContextProvider>

export type SessionView = { id: string; device: string; ip: string | null; lastUsed: string; current: boolean }

function sessionIdOf(accessToken: string | undefined): string | null {
  try {
    const claims = decodeJwt(accessToken ?? '')
    return typeof claims.session_id === 'string' ? claims.session_id : null
  } catch {
    return null
  }
}

/** The open sessions, this one first. */
export async function sessionsOf(context: Context, userId: string): Promise<SessionView[]> {
  const { data: stored } = await getSupabase(context).auth.getSession()
  const currentId = sessionIdOf(stored.session?.access_token)
  const sessions = await listSessions(context.get(dbContext), userId)
  return sessions
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ip: s.ip,
      lastUsed: formatDateTime(s.lastUsedAt.toISOString()),
      current: s.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

export const SESSION_INTENTS = ['logout-others', 'logout-all'] as const

export async function endSessionsAction(intent: (typeof SESSION_INTENTS)[number], context: Context) {
  const scope = intent === 'logout-all' ? 'global' : 'others'
  const { error } = await getSupabase(context).auth.signOut({ scope })
  if (error && scope === 'others')
    return data(
      { enrollment: null, result: undefined, error: 'Não foi possível encerrar as outras sessões.' },
      { status: 400 },
    )
  if (scope === 'global')
    return redirectWithToast('/login', {
      type: 'success',
      title: 'Você saiu de todos os dispositivos',
      description: 'Entre de novo para continuar.',
    })
  return redirectWithToast('/minha-conta/seguranca', {
    type: 'success',
    title: 'Você saiu dos outros dispositivos',
    description: 'Só este aparelho continua conectado.',
  })
}
