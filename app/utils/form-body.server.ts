// Every request body an action reads goes through here, at start-up, once: the composition root
// wraps Request.prototype's readers (formData, text, json, arrayBuffer, blob, bytes). React Router
// hands actions a copy of the request it received (it strips its own query parameters), so a
// middleware cannot wrap the action's request object; the prototype covers every route at once.
//
// - Size (issue 43): the bytes are counted as they stream in and the read gives up past the
//   route's limit with a 413, whatever Content-Length says or whether it says anything
//   (`Transfer-Encoding: chunked`). Forms with photos read their bodies themselves, with limits
//   of their own (readLimitedFormData in app/workflows/home-form.server.ts). ADR 210.
// - A body that cannot be read as a form (malformed multipart, a missing boundary) is the
//   sender's mistake: a pt-BR 400 instead of a 500 (issue 20, the form fuzzer; ADR 142).
// - Every NUL (U+0000) is dropped from the form's text values: no keyboard types one, and
//   Postgres refuses it in text (the form fuzzer; ADR 206).
import { data } from 'react-router'

export const UNREADABLE_FORM = 'Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.'
export const BODY_TOO_LARGE = 'O envio passou do tamanho permitido. Envie menos dados ou arquivos menores.'

const MB = 1024 * 1024
/** A form without files, the auth API's JSON: a few kilobytes; a megabyte is plenty. */
export const TEXT_BODY_BYTES = MB
/** A multipart form read whole: the template form's photo fields, at 10 MB each. */
export const MULTIPART_BODY_BYTES = 64 * MB
/** Routes whose bodies are smaller still. Stripe's events are far below a megabyte. */
const ROUTE_BODY_BYTES: Record<string, number> = { '/api/stripe/webhook': MB }

/** The most this request's body may carry when an action reads it whole. */
export function bodyLimit(request: Request): number {
  const route = ROUTE_BODY_BYTES[new URL(request.url).pathname]
  if (route) return route
  const type = request.headers.get('content-type') ?? ''
  return /^multipart\/form-data/i.test(type) ? MULTIPART_BODY_BYTES : TEXT_BODY_BYTES
}

/** Throws the 400 a malformed form body deserves. */
export function unreadableForm(): never {
  throw data(UNREADABLE_FORM, { status: 400 })
}

/** Throws the 413 (a Response, so a resource route answers it as it is). */
export function bodyTooLarge(): never {
  throw new Response(BODY_TOO_LARGE, { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/** Reads what is left and throws it away, in the background: the answer does not wait for it,
 * nothing is kept, and the connection is left ready for the client's next request. */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const next = (): Promise<void> => reader.read().then(({ done }) => (done ? undefined : next()))
  next().catch(() => undefined)
}

/** The body's bytes, counted as they arrive; null once they pass `maxBytes` (the rest discarded). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length'))
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  if (Number.isFinite(declared) && declared > maxBytes) {
    discardRest(reader)
    return null
  }
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    total += value.byteLength
    if (total > maxBytes) {
      discardRest(reader)
      return null
    }
    chunks.push(value)
  }
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

/** `bytes` as a form of the given content type: the 400 when they are not one. */
export function formFrom(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): Promise<FormData> {
  return new Response(bytes, { headers: { 'content-type': contentType ?? '' } })
    .formData()
    .then(withoutNul, (error: unknown) => {
      if (error instanceof TypeError) unreadableForm()
      throw error
    })
}

const GUARDED = Symbol.for('vitrine.formBodyGuard')
const READERS = ['text', 'json', 'arrayBuffer', 'blob', 'bytes'] as const

export function guardFormBodies() {
  const proto = Request.prototype as Request & { [GUARDED]?: true }
  if (proto[GUARDED]) return
  const readForm = proto.formData
  // Within its limit, the body as bytes; a body already read is a bug of ours (a 500), so the
  // original reader gives its TypeError.
  const limited = async (request: Request, read: () => Promise<unknown>): Promise<Uint8Array<ArrayBuffer>> => {
    if (request.bodyUsed) return (await read()) as never
    const bytes = await readBodyBytes(request, bodyLimit(request))
    return bytes ?? bodyTooLarge()
  }
  Object.defineProperty(proto, 'formData', {
    configurable: true,
    writable: true,
    value: async function formData(this: Request) {
      const bytes = await limited(this, () => readForm.call(this))
      return formFrom(bytes, this.headers.get('content-type'))
    },
  })
  for (const name of READERS) {
    const read = (proto as unknown as Record<string, (() => Promise<unknown>) | undefined>)[name]
    if (!read) continue
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value: async function (this: Request) {
        const bytes = await limited(this, () => read.call(this))
        const copy = new Response(bytes, { headers: { 'content-type': this.headers.get('content-type') ?? '' } })
        return (copy as unknown as Record<string, () => unknown>)[name]!()
      },
    })
  }
  Object.defineProperty(proto, GUARDED, { value: true })
}
