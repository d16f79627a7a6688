// Pieces of the auth pages: a labelled field with its pt-BR errors, form-level errors, the
// honeypot and the submit button. Plain HTML first: every form posts without JavaScript.
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { HONEYPOT_FIELD } from '~/domain/auth-constraints'

export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {intro ? <div className="mt-2 text-sm text-slate-600">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  )
}

type InputType = 'email' | 'password' | 'text' | 'tel'

export function Field({
  meta,
  label,
  type = 'text',
  autoComplete,
  hint,
  inputMode,
}: {
  meta: FieldMetadata<string | undefined>
  label: string
  type?: InputType
  autoComplete?: string
  hint?: string
  inputMode?: 'numeric' | 'tel' | 'email' | 'text'
}) {
  const errors = meta.errors ?? []
  const hintId = hint ? `${meta.id}-hint` : undefined
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId })
  return (
    <div className="mb-4">
      <label htmlFor={meta.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none ${
          errors.length ? 'border-red-500' : 'border-slate-300'
        }`}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={errors} />
    </div>
  )
}

export function FieldErrors({ id, errors }: { id?: string; errors: string[] | undefined }) {
  if (!errors?.length) return <div id={id} />
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}

/** Form-level messages (wrong password, rate limit…), announced to screen readers. */
export function FormErrors({ id, errors }: { id?: string; errors: string[] | undefined }) {
  if (!errors?.length) return <div id={id} />
  return (
    <div id={id} role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  )
}

/** A field people never see or fill in; bots that fill every input give themselves away. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Deixe este campo em branco
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

export function SubmitButton({ children, pendingText }: { children: ReactNode; pendingText: string }) {
  const navigation = useNavigation()
  const pending = navigation.state === 'submitting'
  return (
    <button
      type="submit"
      disabled={pending}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
    >
      {pending ? pendingText : children}
    </button>
  )
}

/** "Entrar com Google": a POST to /login (the server starts the OAuth flow, or says it can't). */
export function GoogleButton({ redirectTo }: { redirectTo?: string }) {
  return (
    <Form method="post" action="/login" className="mt-4">
      <input type="hidden" name="intent" value="google" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button
        type="submit"
        className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
      >
        <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
          <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5z" />
          <path fill="#4285F4" d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.5 5.8c4.4-4.1 7.1-10.1 7.1-17.5z" />
          <path fill="#FBBC05" d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z" />
          <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z" />
        </svg>
        Entrar com Google
      </button>
    </Form>
  )
}
