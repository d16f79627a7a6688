// The start of "Experimente sem cadastro" and its end, "Salvar meu trabalho" (ADR 269):
// the auth service's anonymous sign-in, the visitor's profile and sample property; then an e-mail
// (and a password) given to that same user, which becomes an account once the address is confirmed.
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { dbContext, storageContext, type SessionUser } from '~/context'
import { authMessage, authMessages } from '~/domain/auth-messages'
import type { SaveWorkSchema } from '~/domain/auth-schemas'
import { nameVisitor } from '~/models/users.server'
import { authLimits } from '~/models/rate-limits.server'
import { ensureProfile } from '~/models/auth-profiles.server'
import { getSupabase } from '~/utils/auth.server'
import { clientIp, confirmUrl } from '~/utils/request-origin.server'
import { hitLimits } from './auth-limits.server'
import { createTrialHome } from './trial.server'

type Context = Readonly<RouterContextProvider>

/** A refusal of the auth service, in pt-BR; `tooMany` when it was its own rate limit. */
type Refused = { status: 'refused'; messages: string[]; tooMany: boolean }

export type TrialStart = { status: 'limited'; wait: number } | Refused | { status: 'started'; homeId: number }

/**
 * Signs a visitor in anonymously (counted like a sign-up, per IP), makes their profile and sample
 * property: the templates open next with it chosen.
 */
export async function startTrial(context: Context): Promise<TrialStart> {
  const wait = await hitLimits(context, [[authLimits.signUpIp, clientIp(context)]])
  if (wait) return { status: 'limited', wait }
  const { data: signedIn, error } = await getSupabase(context).auth.signInAnonymously()
  if (error || !signedIn.user)
    return {
      status: 'refused',
      messages: [error ? authMessage(error) : 'Não foi possível começar o teste. Tente novamente.'],
      tooMany: error?.status === 429,
    }
  const db = context.get(dbContext)
  await ensureProfile(db, signedIn.user)
  const home = await createTrialHome(db, context.get(storageContext), signedIn.user.id)
  return { status: 'started', homeId: home.id }
}

export type SaveWorkOutcome =
  { status: 'limited'; wait: number } | (Refused & { field: 'password' | 'email' | null }) | { status: 'saved' }

/**
 * "Salvar meu trabalho": the registration's fields given to the visitor's own user. The password
 * is set at once; the address (the auth service's e-mail change) once its link or code is used,
 * and that makes the visitor an account with everything they made (same id, ensureProfile).
 */
export async function saveWork(
  context: Context,
  visitor: SessionUser,
  input: z.output<typeof SaveWorkSchema>,
): Promise<SaveWorkOutcome> {
  const wait = await hitLimits(context, [[authLimits.signUpIp, clientIp(context)]])
  if (wait) return { status: 'limited', wait }
  const { full_name, email, phone, password } = input
  const { error } = await getSupabase(context).auth.updateUser(
    { email, password, data: { full_name, phone } },
    { emailRedirectTo: confirmUrl(context, '/') },
  )
  // An address that already has an account: the built-in API answers as for a free one and
  // e-mails its owner; a hosted Supabase says email_exists, answered as saved all the same, so the
  // page never tells whether the address has an account (ADR 307).
  if (error && error.code !== 'email_exists') {
    const field =
      error.code === 'weak_password' || error.code === 'same_password'
        ? 'password'
        : error.code === 'validation_failed' || error.code === 'email_address_invalid'
          ? 'email'
          : null
    const messages = error.code === 'weak_password' ? authMessages(error) : [authMessage(error)]
    return { status: 'refused', field, messages, tooMany: error.status === 429 }
  }
  await nameVisitor(context.get(dbContext), visitor.id, { full_name, phone })
  return { status: 'saved' }
}
