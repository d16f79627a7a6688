// The action of /minha-conta/perfil: four small forms in one multipart POST, told apart by
// `intent` (an unknown one saves the name and phone, as the plain form does).
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { EmailChangeSchema, ProfileSchema } from '~/domain/account-schemas'
import { readLimitedFormData, sentFile } from '~/utils/form-body.server'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { changeAvatar, changeEmail, removeAvatar, saveProfile } from '~/workflows/account-profile.server'
import { IMAGE_MAX_BYTES } from '~/workflows/uploads.server'

type Context = Readonly<RouterContextProvider>
export type ProfileIntent = 'profile' | 'email' | 'avatar' | 'remove-avatar'

const HERE = '/minha-conta/perfil'

const Intent = z.object({
  intent: z.enum(['profile', 'email', 'avatar', 'remove-avatar']).catch('profile'),
})
const AvatarSchema = z.object({ avatar: z.instanceof(File, { error: 'Escolha uma foto' }) })

const fail = (intent: ProfileIntent, result: unknown, status = 400) => data({ intent, result }, { status })
const avatarError = (message: string, status = 400) =>
  fail('avatar', { status: 'error', error: { avatar: [message] } }, status)

async function profile(formData: FormData, context: Context, userId: string) {
  const submission = parseWithZod(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') return fail('profile', submission.reply())
  await saveProfile(context, userId, submission.value)
  return redirectWithToast(HERE, {
    type: 'success',
    title: 'Perfil salvo',
    description: 'Seu nome e telefone foram atualizados.',
  })
}

async function email(formData: FormData, context: Context, current: string) {
  const submission = parseWithZod(formData, { schema: EmailChangeSchema })
  if (submission.status !== 'success') return fail('email', submission.reply())
  const address = submission.value.email
  const outcome = await changeEmail(context, current, address, HERE)
  if (outcome.status === 'same')
    return fail('email', submission.reply({ fieldErrors: { email: ['Este já é o e-mail da conta'] } }))
  if (outcome.status === 'refused')
    return fail('email', submission.reply({ fieldErrors: { email: [outcome.message] } }))
  if (outcome.status === 'changed')
    return redirectWithToast(HERE, {
      type: 'success',
      title: 'E-mail alterado',
      description: 'Use o novo e-mail para entrar.',
    })
  return redirectWithToast(HERE, {
    type: 'info',
    title: 'Confirme o novo e-mail',
    description: `Enviamos um link para ${address}. O e-mail da conta muda quando você abrir o link.`,
  })
}

async function avatar(formData: FormData, context: Context, userId: string) {
  const submission = parseWithZod(formData, { schema: AvatarSchema })
  if (submission.status !== 'success') return avatarError(submission.error?.avatar?.[0] ?? 'Escolha uma foto')
  const outcome = await changeAvatar(context, userId, await sentFile(submission.value.avatar))
  if (outcome.status === 'rejected') return avatarError(outcome.message)
  return redirectWithToast(HERE, {
    type: 'success',
    title: 'Foto atualizada',
    description: 'Sua foto de perfil foi trocada.',
  })
}

export async function profileAction(request: Request, context: Context) {
  const user = requireUser(context, request)
  const formData = await readLimitedFormData(request, IMAGE_MAX_BYTES + 64 * 1024)
  if (!formData) return avatarError(`A foto tem mais de ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`, 413)
  const chosen = parseWithZod(formData, { schema: Intent })
  const intent = chosen.status === 'success' ? chosen.value.intent : 'profile'
  if (intent === 'email') return email(formData, context, user.email)
  if (intent === 'avatar') return avatar(formData, context, user.id)
  if (intent === 'remove-avatar') {
    await removeAvatar(context, user.id)
    return redirectWithToast(HERE, {
      type: 'success',
      title: 'Foto removida',
      description: 'Seu perfil está sem foto.',
    })
  }
  return profile(formData, context, user.id)
}
