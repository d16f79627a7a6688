// The return address of e-mail links (token_hash + type) and of Google sign-in (code). Opens
// the session, then goes on to `next`.
import type { EmailOtpType } from '@supabase/supabase-js'
import { redirect } from 'react-router'
import type { Route } from './+types/confirm'
import { GOOGLE_SIGN_IN_FAILED } from '~/domain/auth-messages'
import { getSupabase } from '~/utils/auth.server'
import { countFailure, exhaustedLimits } from '~/workflows/auth-limits.server'
import { clientIp, sameSitePath } from '~/utils/request-origin.server'
import { authLimits } from '~/models/rate-limits.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'

const GOOGLE_FAILED_TOAST = { type: 'error', title: 'Login com o Google', description: GOOGLE_SIGN_IN_FAILED } as const

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Confirmando acesso', matches)

const OTP_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const

/** Where each kind of link leads when it names no `next`. */
const defaultNext: Record<string, string> = {
  recovery: '/redefinir-senha',
  invite: '/definir-senha',
}

const expired = () =>
  redirectWithToast('/login', {
    type: 'error',
    title: 'O link do e-mail é inválido ou expirou.',
    description: 'Peça um novo link e tente de novo.',
  })

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  const code = params.get('code')
  const tokenHash = params.get('token_hash')
  const type = params.get('type') ?? ''
  const next = sameSitePath(context, params.get('next'), defaultNext[type] ?? '/')
  const supabase = getSupabase(context)

  // Google (through the auth service) sends people back with an error instead of a code.
  if (params.get('error') || params.get('error_description')) return redirectWithToast('/login', GOOGLE_FAILED_TOAST)

  const limits: [typeof authLimits.verifyIp, string][] = [[authLimits.verifyIp, clientIp(context)]]
  if (await exhaustedLimits(context, limits)) return expired()

  let result
  if (code) result = await supabase.auth.exchangeCodeForSession(code)
  else if (tokenHash && (OTP_TYPES as readonly string[]).includes(type))
    result = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: type as EmailOtpType })
  else return redirect('/login')

  if (result.error || !result.data.user) {
    await countFailure(context, limits)
    return code && !tokenHash ? redirectWithToast('/login', GOOGLE_FAILED_TOAST) : expired()
  }
  // An account with a verified second factor proves it before going on.
  if (result.data.user.factors?.some((factor) => factor.status === 'verified'))
    return redirect(`/login/verificacao?${new URLSearchParams({ redirectTo: next })}`)
  if (type === 'signup' || type === 'email' || type === 'email_change')
    return redirectWithToast(next, {
      type: 'success',
      title: 'E-mail confirmado',
      description: 'Sua conta está ativa. Boas-vindas à Vitrine!',
    })
  return redirect(next)
}

export default function Confirm() {
  return <div className="mx-auto max-w-md py-16 text-center text-slate-600">Confirmando acesso…</div>
}
