// POST /consentimento: the cookie banner and the privacy policy's preferences form. Without
// JavaScript it redirects back to the page the visitor was on; with it, it answers in place.
import { data, redirect } from 'react-router'
import type { Route } from './+types/consent'
import { envContext } from '~/context'
import { consentFromForm, consentState } from '~/domain/consent'
import { cookiesAreSecure } from '~/env.server'
import { consentCookieHeader, removalHeaders } from '~/utils/consent.server'
import { redirectWithToast, toastHeader } from '~/utils/toast.server'
import { safeRedirect } from '~/utils/redirect'
import { readForm } from '~/utils/form-body.server'

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const redirectTo = safeRedirect(form.get('redirectTo'), '/')
  const consent = consentFromForm(form)
  if (!consent) {
    const toast = {
      type: 'error' as const,
      title: 'Escolha uma opção de cookies',
      description: 'Aceite, recuse ou personalize os cookies opcionais.',
    }
    if (form.get('enhanced')) {
      return data({ ok: false }, { status: 400, headers: { 'Set-Cookie': await toastHeader(toast) } })
    }
    return redirectWithToast(redirectTo, toast, { status: 303 })
  }

  const headers = new Headers({ 'Cache-Control': 'no-store' })
  headers.append(
    'Set-Cookie',
    consentCookieHeader(consent, { secure: cookiesAreSecure(context.get(envContext), request) }),
  )
  for (const header of removalHeaders(request, consent)) headers.append('Set-Cookie', header)
  const toast = {
    type: 'success' as const,
    title: 'Preferências de cookies salvas',
    description: 'Você pode mudá-las quando quiser na Política de privacidade.',
  }

  if (form.get('enhanced')) {
    headers.append('Set-Cookie', await toastHeader(toast))
    return data({ ok: true, consent: consentState(consent) }, { headers })
  }
  return redirectWithToast(redirectTo, toast, { status: 303, headers })
}

/** Someone who opens the address gets the page where the choice is made. */
export function loader() {
  return redirect('/politica-de-privacidade#cookies')
}
