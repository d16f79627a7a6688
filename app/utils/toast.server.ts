// Feedback that survives a redirect with JavaScript off: a short-lived signed cookie that the
// root loader reads once (STYLE.md "cookie toasts").
import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import { randomBytes } from 'node:crypto'
import { cookiesAreSecure, type Env } from '~/env.server'

export const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  // Every notification has a type, a title and a text (and a close button: the stack); ADR 150.
  type: z.enum(['success', 'error', 'info']),
  title: z.string().min(1),
  description: z.string().min(1),
})
export type Toast = z.output<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

export const TOAST_COOKIE = 'vitrine_toast'

type ToastCookieSettings = { secure: boolean; secret: string }

// Set once at start-up by the composition root (server/app.ts), from the validated environment:
// the toast is written from many actions that have no router context at hand. Until then
// (unit tests), a random secret of this process: never a value written in the source (ADR 140).
let settings: ToastCookieSettings = { secure: false, secret: randomBytes(32).toString('base64url') }

/** Signs toast cookies with the session secret and marks them Secure as the environment says. */
export function configureToastCookie(env: Env, secret: string) {
  settings = { secure: cookiesAreSecure(env), secret }
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
