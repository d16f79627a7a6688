// Feedback that survives a redirect with JavaScript off: a short-lived signed cookie that the
// root loader reads once (STYLE.md "cookie toasts").
import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import { DEV_SESSION_SECRET } from '~/env.server'

export const ToastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(['success', 'error', 'info']).default('info'),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.output<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

export const TOAST_COOKIE = 'vitrine_toast'

function toastCookie() {
  return createCookie(TOAST_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60,
    secure: process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true',
    secrets: [process.env.SESSION_SECRET || DEV_SESSION_SECRET],
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
