// A body that cannot be read as a form (malformed multipart, a missing boundary, bytes that are
// not a form at all) is the sender's mistake: every action's `request.formData()` then answers a
// pt-BR 400 instead of failing as a 500 (issue 20, the form fuzzer; ADR 142).
//
// React Router hands actions a copy of the request it received (it strips its own query
// parameters), so a middleware cannot wrap the action's request object: the composition root
// wraps Request.prototype.formData once, at start-up. Nothing is parsed twice.
import { data } from 'react-router'

export const UNREADABLE_FORM = 'Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.'

/** Throws the 400 a malformed form body deserves. */
export function unreadableForm(): never {
  throw data(UNREADABLE_FORM, { status: 400 })
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
      return read.call(this).catch((error: unknown) => {
        // A body already read is a bug of ours, not the sender's: let it be a 500.
        if (error instanceof TypeError && /parse body|FormData|boundary|multipart/i.test(error.message)) unreadableForm()
        throw error
      })
    },
  })
  Object.defineProperty(proto, GUARDED, { value: true })
}
