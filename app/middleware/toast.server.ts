// Reads a flashed toast before the routes run and clears it after the root loader showed it.
import type { Route } from '../+types/root'
import { toastContext } from '~/context'
import { readToast, TOAST_COOKIE, type Toast } from '~/utils/toast.server'

export type Flash = { consume(): Toast | null }

export const toastMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const { toast, clear } = await readToast(request)
  let consumed = false
  context.set(toastContext, {
    consume() {
      consumed = true
      return toast
    },
  })
  const response = await next()
  const setsToast = response.headers.getSetCookie().some((c) => c.startsWith(`${TOAST_COOKIE}=`))
  if (clear && consumed && !setsToast) response.headers.append('Set-Cookie', clear)
  return response
}
