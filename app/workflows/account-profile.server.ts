// The form-reader of /minha-conta/perfil: name and phone, the e-mail change (a link sent to the
// new address through the auth service, ADR 132), the profile photo (sharp, then storage).
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, loggerContext, storageContext } from '~/context'
import { EmailChangeSchema, ProfileSchema } from '~/domain/account-schemas'
import { authMessage } from '~/domain/auth-messages'
import { ImageRejectedError, IMAGE_LIMITS } from '~/integrations/images/images.server'
import { processAvatar, storeAccountImage } from '~/integrations/images/logo.server'
import { setAvatar, updateProfile } from '~/models/users.server'
import { readLimitedFormData } from '~/workflows/home-form.server'
import { getSupabase } from '~/utils/auth.server'
import { confirmUrl } from '~/utils/request-origin.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

type Context = Readonly<RouterContextProvider>
export type ProfileIntent = 'profile' | 'email' | 'avatar' | 'remove-avatar'

const HERE = '/minha-conta/perfil'

const fail = (intent: ProfileIntent, result: unknown, status = 400) => data({ intent, result }, { status })

async function saveProfile(formData: FormData, context: Context, userId: string) {
  const submission = parseWithZod(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') return fail('profile', submission.reply())
  const { full_name, phone } = submission.value
  await updateProfile(context.get(dbContext), userId, { full_name, phone: phone || null })
  // The auth user's metadata follows (what a hosted dashboard shows); a failure there is harmless.
  await getSupabase(context)
    .auth.updateUser({ data: { full_name, phone: phone || null } })
    .catch(() => undefined)
  return redirectWithToast(HERE, {
    type: 'success',
    title: 'Perfil salvo',
    description: 'Seu nome e telefone foram atualizados.',
  })
}

async function changeEmail(formData: FormData, context: Context, current: string) {
  const submission = parseWithZod(formData, { schema: EmailChangeSchema })
  if (submission.status !== 'success') return fail('email', submission.reply())
  const email = submission.value.email
  if (email === current)
    return fail('email', submission.reply({ fieldErrors: { email: ['Este já é o e-mail da conta'] } }))
  const { data: changed, error } = await getSupabase(context).auth.updateUser(
    { email },
    { emailRedirectTo: confirmUrl(context, HERE) },
  )
  if (error) return fail('email', submission.reply({ fieldErrors: { email: [authMessage(error)] } }))
  if (changed.user?.email?.toLowerCase() === email)
    return redirectWithToast(HERE, {
      type: 'success',
      title: 'E-mail alterado',
      description: 'Use o novo e-mail para entrar.',
    })
  return redirectWithToast(HERE, {
    type: 'info',
    title: 'Confirme o novo e-mail',
    description: `Enviamos um link para ${email}. O e-mail da conta muda quando você abrir o link.`,
  })
}

async function changeAvatar(formData: FormData, context: Context, userId: string) {
  const file = formData.get('avatar')
  if (!file || typeof file === 'string' || file.size === 0)
    return fail('avatar', { status: 'error', error: { avatar: ['Escolha uma foto'] } })
  const storage = context.get(storageContext)
  try {
    const jpeg = await processAvatar(new Uint8Array(await file.arrayBuffer()), file.name)
    const url = await storeAccountImage(storage, userId, 'avatar', jpeg, 'jpg')
    await removeOld(context, await setAvatar(context.get(dbContext), userId, url))
  } catch (error) {
    if (error instanceof ImageRejectedError)
      return fail('avatar', { status: 'error', error: { avatar: [error.message] } })
    throw error
  }
  return redirectWithToast(HERE, {
    type: 'success',
    title: 'Foto atualizada',
    description: 'Sua foto de perfil foi trocada.',
  })
}

async function removeOld(context: Context, url: string | null) {
  const key = url?.replace(/^\/uploads\//, '')
  if (!key) return
  await context
    .get(storageContext)
    .delete(key)
    .catch((error) => context.get(loggerContext).warn('old profile photo not deleted', { error: String(error) }))
}

export async function profileAction(request: Request, context: Context) {
  const user = requireUser(context, request)
  const formData = await readLimitedFormData(request, IMAGE_LIMITS.maxBytes + 64 * 1024)
  if (!formData)
    return fail(
      'avatar',
      { status: 'error', error: { avatar: [`A foto tem mais de ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`] } },
      413,
    )
  const intent = String(formData.get('intent') ?? 'profile') as ProfileIntent
  if (intent === 'email') return changeEmail(formData, context, user.email)
  if (intent === 'avatar') return changeAvatar(formData, context, user.id)
  if (intent === 'remove-avatar') {
    await removeOld(context, await setAvatar(context.get(dbContext), user.id, null))
    return redirectWithToast(HERE, {
      type: 'success',
      title: 'Foto removida',
      description: 'Seu perfil está sem foto.',
    })
  }
  return saveProfile(formData, context, user.id)
}
