// A body that cannot be read as a form (malformed multipart, a missing boundary, bytes that are
// not a form at all) is the sender's mistake: every action's `request.formData()` then answers a
// pt-BR 400 instead of failing as a 500 (issue 20, the form fuzzer; ADR 142).
//
// React Router hands actions a copy of the request it received (it strips its own query
// parameters), so a middleware cannot wrap the action's request object: the composition root
// wraps Request.prototype.formData once, at start-up. Nothing is parsed twice.
//
// The same wrapper drops every NUL (U+0000) from the form's text values: no keyboard types one,
// and Postgres refuses it in text, so a NUL reaching an insert was a 500 on any form (the form
// fuzzer; ADR 206). Dropping it here covers every action at once.
import { data } from 'react-router'

export const UNREADABLE_FORM = 'Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.'

/** Throws the 400 a malformed form body deserves. */
export function unreadableForm(): never {
  throw data(UNREADABLE_FORM, { status: 400 })
}

/** The form with every NUL removed from its text values; the same object when none holds one. */
export function withoutNul(form: FormData): FormData {
  let found = false
  for (const value of form.values()) if (typeof value === 'string' && value.includes('\u0000')) found = true
  if (!found) return form
  const clean = new FormData()
  for (const [name, value] of form) {
    if (typeof value === 'string') clean.append(name, value.replaceAll('\u0000', ''))
    else clean.append(name, value)
  }
  return clean
}

const GUARDED = Symbol.for('vitrine.formBodyGuard')

export function guardFormBodies() {
  const proto = Request.prototype as Request & { [GUARDED]?: true }
  if (proto[GUARDED]) return
  const read = proto.formData
  Object.defineProperty(proto, 'formData', {
    configurable: true,
    writable: true,
    value: function formData(this: Request) {
      return read.call(this).then(withoutNul, (error: unknown) => {
        // A body already read is a bug of ours, not the sender's: let it be a 500.
        if (error instanceof TypeError && /parse body|FormData|boundary|multipart/i.test(error.message))
          unreadableForm()
        throw error
      })
    },
  })
  Object.defineProperty(proto, GUARDED, { value: true })
}
