// /minha-conta/perfil's steps: name and phone, the e-mail change (a link sent to the new address
// through the auth service, ADR 132), the profile photo (sharp, then storage).
import type { RouterContextProvider } from 'react-router'
import { dbContext, loggerContext, storageContext } from '~/context'
import { authMessage } from '~/domain/auth-messages'
import type { SentFile } from '~/domain/media'
import { ImageRejectedError } from '~/integrations/images/images.server'
import { processAvatar, storeAccountImage } from '~/integrations/images/logo.server'
import { setAvatar, updateProfile } from '~/models/users.server'
import { getSupabase } from '~/utils/auth.server'
import { confirmUrl } from '~/utils/request-origin.server'

type Context = Readonly<RouterContextProvider>

/** Saves the name and phone; the auth user's metadata follows. */
export async function saveProfile(context: Context, userId: string, input: { full_name: string; phone?: string }) {
  const { full_name, phone } = input
  await updateProfile(context.get(dbContext), userId, { full_name, phone: phone || null })
  // The auth user's metadata follows (what a hosted dashboard shows); a failure there is harmless.
  await getSupabase(context)
    .auth.updateUser({ data: { full_name, phone: phone || null } })
    .catch((error: unknown) => context.get(loggerContext).warn('auth user metadata not updated', { error }))
}

export type EmailChangeOutcome =
  | { status: 'same' }
  | { status: 'refused'; message: string }
  /** The auth service changed it at once (no confirmation asked). */
  | { status: 'changed' }
  | { status: 'link-sent' }

/** Asks the auth service to move the account to `email`; `back` is where its link returns. */
export async function changeEmail(
  context: Context,
  current: string,
  email: string,
  back: string,
): Promise<EmailChangeOutcome> {
  if (email === current) return { status: 'same' }
  const { data: changed, error } = await getSupabase(context).auth.updateUser(
    { email },
    { emailRedirectTo: confirmUrl(context, back) },
  )
  if (error) return { status: 'refused', message: authMessage(error) }
  return changed.user?.email?.toLowerCase() === email ? { status: 'changed' } : { status: 'link-sent' }
}

/** The new profile photo, stored as a JPEG; the old one deleted. A file that is no photo is refused. */
export async function changeAvatar(
  context: Context,
  userId: string,
  file: SentFile,
): Promise<{ status: 'saved' } | { status: 'rejected'; message: string }> {
  try {
    const jpeg = await processAvatar(file.bytes, file.name)
    const url = await storeAccountImage(context.get(storageContext), userId, 'avatar', jpeg, 'jpg')
    await removeOld(context, await setAvatar(context.get(dbContext), userId, url))
  } catch (error) {
    if (error instanceof ImageRejectedError) return { status: 'rejected', message: error.message }
    throw error
  }
  return { status: 'saved' }
}

export async function removeAvatar(context: Context, userId: string) {
  await removeOld(context, await setAvatar(context.get(dbContext), userId, null))
}

async function removeOld(context: Context, url: string | null) {
  const key = url?.replace(/^\/uploads\//, '')
  if (!key) return
  await context
    .get(storageContext)
    .delete(key)
    .catch((error) => context.get(loggerContext).warn('old profile photo not deleted', { error }))
}
