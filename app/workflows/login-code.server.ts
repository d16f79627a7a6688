// "Entrar com código": a six-digit code (and a link) e-mailed by the auth service, then typed on
// /login/codigo. The same limits and hold as the password (ADR 211) count the wrong codes;
// the e-mails are counted as recovery e-mails are.
import type { RouterContextProvider } from 'react-router'
import { authMessage, tooManyAttemptsMessage } from '~/domain/auth-messages'
import { getSupabase } from '~/utils/auth.server'
import { authLimits } from '~/models/rate-limits.server'
import { clientIp, confirmUrl } from '~/utils/request-origin.server'
import {
  countFailure,
  exhaustedLimits,
  hitLimits,
  loginCodeLimits,
  signInFailed,
  signInSucceeded,
  signInWait,
  type Limit,
} from './auth-limits.server'

type Context = Readonly<RouterContextProvider>

export type CodeOutcome =
  | { ok: true; secondFactorOwed: boolean }
  | { ok: false; status: 400 | 429; wait?: number; message: string; field?: 'code' }

/**
 * Asks the auth service to e-mail a code to an existing account. The answer is the same whether
 * or not the address has one (and when a code went out a minute ago): nothing is revealed.
 */
export async function sendLoginCode(
  context: Context,
  email: string,
  redirectTo: string,
): Promise<{ ok: true } | { ok: false; status: 400 | 429; wait?: number; message: string }> {
  const wait = await hitLimits(context, loginCodeLimits(context, email))
  if (wait) return { ok: false, status: 429, wait, message: tooManyAttemptsMessage(wait) }
  const { error } = await getSupabase(context).auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: confirmUrl(context, redirectTo) },
  })
  if (error && error.code !== 'otp_disabled' && error.code !== 'over_email_send_rate_limit')
    return { ok: false, status: 400, message: authMessage(error) }
  return { ok: true }
}

/** Signs in with the e-mailed code; a verified second factor is still owed afterwards. */
export async function signInWithCode(context: Context, email: string, code: string): Promise<CodeOutcome> {
  // Every wrong code counts per IP as the links do, and per account as a wrong password does.
  const perIp: Limit[] = [[authLimits.verifyIp, clientIp(context)]]
  const wait = Math.max(await signInWait(context, email), await exhaustedLimits(context, perIp))
  if (wait) return { ok: false, status: 429, wait, message: tooManyAttemptsMessage(wait) }
  const { data, error } = await getSupabase(context).auth.verifyOtp({ email, token: code, type: 'email' })
  if (error || !data.user) {
    if (!error || error.code === 'otp_expired') {
      await signInFailed(context, email)
      await countFailure(context, perIp)
      return {
        ok: false,
        status: 400,
        field: 'code',
        message: 'Código inválido ou expirado. Confira o e-mail mais recente.',
      }
    }
    return { ok: false, status: error.status === 429 ? 429 : 400, message: authMessage(error) }
  }
  await signInSucceeded(context, email)
  return { ok: true, secondFactorOwed: Boolean(data.user.factors?.some((factor) => factor.status === 'verified')) }
}
