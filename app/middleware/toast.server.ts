// Reads a flashed toast before the routes run and clears it after the root loader showed it. On
// the way out the toast cookie is marked Secure as this request asks (an https request, or
// production), since the actions that flash it have no request at hand.
import type { Route } from '../+types/root'
import { envContext, toastContext } from '~/context'
import { cookiesAreSecure } from '~/env.server'
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
  if (cookiesAreSecure(context.get(envContext), request)) secureToastCookies(response.headers)
  return response
}

/** Adds Secure to the toast's Set-Cookie headers that lack it; the others are left as they are. */
export function secureToastCookies(headers: Headers) {
  const cookies = headers.getSetCookie()
  if (!cookies.some((c) => c.startsWith(`${TOAST_COOKIE}=`) && !/;\s*secure\b/i.test(c))) return
  headers.delete('Set-Cookie')
  for (const c of cookies)
    headers.append('Set-Cookie', c.startsWith(`${TOAST_COOKIE}=`) && !/;\s*secure\b/i.test(c) ? `${c}; Secure` : c)
}
