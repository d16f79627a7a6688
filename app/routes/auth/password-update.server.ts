// The action behind /redefinir-senha and /definir-senha: the signed-in user's new password.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { authMessage, authMessages } from '~/domain/auth-messages'
import { NewPasswordSchema } from '~/domain/auth-schemas'
import { getSupabase } from '~/utils/auth.server'
import { redirectWithToast } from '~/utils/toast.server'
import { readForm } from '~/utils/form-body.server'

export async function updatePasswordAction(request: Request, context: Readonly<RouterContextProvider>) {
  const submission = parseWithZod(await readForm(request), { schema: NewPasswordSchema })
  const hideFields = ['password', 'confirmPassword']
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 400 })
  const { error } = await getSupabase(context).auth.updateUser({ password: submission.value.password })
  if (error) {
    const messages = error.code === 'weak_password' ? authMessages(error) : [authMessage(error)]
    const onField = error.code === 'weak_password' || error.code === 'same_password'
    return data(
      {
        result: submission.reply({
          hideFields,
          ...(onField ? { fieldErrors: { password: messages } } : { formErrors: messages }),
        }),
      },
      { status: 400 },
    )
  }
  return redirectWithToast('/', {
    type: 'success',
    title: 'Senha salva',
    description: 'Use a nova senha na próxima vez que entrar.',
  })
}
