// Feedback that survives a redirect with JavaScript off: a short-lived signed cookie that the
// root loader reads once (STYLE.md "cookie toasts").
import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import { cookiesAreSecure, DEV_SESSION_SECRET, sessionSecret, type Env } from '~/env.server'

export const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(['success', 'error', 'info']).default('info'),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.output<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

export const TOAST_COOKIE = 'vitrine_toast'

type ToastCookieSettings = { secure: boolean; secret: string }

// Set once at start-up by the composition root (server/app.ts), from the validated environment:
// the toast is written from many actions that have no router context at hand. Until then
// (unit tests), the development values.
let settings: ToastCookieSettings = { secure: false, secret: DEV_SESSION_SECRET }

/** Signs toast cookies with SESSION_SECRET and marks them Secure as the environment says. */
export function configureToastCookie(env: Env) {
  settings = { secure: cookiesAreSecure(env), secret: sessionSecret(env) }
}

function toastCookie() {
  return createCookie(TOAST_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60,
    secure: settings.secure,
    secrets: [settings.secret],
  })
}

export async function toastHeader(toast: ToastInput) {
  return toastCookie().serialize(ToastSchema.parse(toast))
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { ...init, headers })
}

/** Reads the flashed toast, if any, and the header that clears it. */
export async function readToast(request: Request) {
  const cookieHeader = request.headers.get('Cookie')
  if (!cookieHeader?.includes(TOAST_COOKIE)) return { toast: null, clear: null }
  const value = await toastCookie().parse(cookieHeader)
  const parsed = ToastSchema.safeParse(value)
  const clear = await toastCookie().serialize('', { maxAge: 0 })
  return { toast: parsed.success ? parsed.data : null, clear }
}
