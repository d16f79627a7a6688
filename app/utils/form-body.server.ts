// How a route reads its body (ADR 311): counted as it streams in, never past its limit. The
// HTTP boundary (server/http-boundary.ts) has already refused a declared length past the route's
// limit (server/body-limits.ts); a body without one is counted here and refused the same way.
// - Every form without a file, JSON, text: 1 MB (FORM_BYTES); a route that takes files passes
//   its own limit (readLimitedFormData, or readForm with a larger bound).
// - A body that cannot be read as a form (malformed multipart, a missing boundary, JSON sent to
//   a form) is the sender's mistake: a pt-BR 400 instead of a 500 (the form fuzzer; ADR 142).
// - Every NUL (U+0000) is dropped from the form's text values: no keyboard types one, and
//   Postgres refuses it in text (the form fuzzer; ADR 206).
import { data } from 'react-router'
import type { SentFile } from '~/domain/media'

export const UNREADABLE_FORM = 'Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.'
export const BODY_TOO_LARGE = 'O envio passou do tamanho permitido. Envie menos dados ou arquivos menores.'

/** A body with no file: a form, the auth API's JSON, Stripe's events. */
export const FORM_BYTES = 1024 * 1024

/** Throws the 400 a malformed form body deserves. */
export function unreadableForm(): never {
  throw data(UNREADABLE_FORM, { status: 400 })
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

/** Reads the body up to `maxBytes`, counted as it streams in; null when it is larger. */
export async function readLimitedFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  const bytes = await readBodyBytes(request, maxBytes)
  return bytes && formFrom(bytes, request.headers.get('content-type'))
}

/**
 * The action's form, read at most `maxBytes` (FORM_BYTES: a form without files): the 413 past
 * them, the 400 when the body is not a form, an empty form when nothing was sent.
 */
export async function readForm(request: Request, maxBytes = FORM_BYTES): Promise<FormData> {
  const form = await readLimitedFormData(request, maxBytes)
  if (!form) throw data(BODY_TOO_LARGE, { status: 413 })
  return form
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

/** `bytes` as a form of the given content type (none: an empty form); the 400 when they are not one. */
export async function formFrom(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): Promise<FormData> {
  // Nothing sent (a form of buttons only, a fetch without a body) is an empty form.
  if (bytes.byteLength === 0 && !/^multipart\//i.test(contentType ?? '')) return new FormData()
  return new Response(bytes, { headers: { 'content-type': contentType ?? '' } })
    .formData()
    .then(withoutNul, (error: unknown) => {
      if (error instanceof TypeError) unreadableForm()
      throw error
    })
}

/** A file of a parsed form as the server's steps take it (name and bytes). */
export async function sentFile(file: File): Promise<SentFile> {
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
}

/** A parsed form's messages by field, as the pages show them (a field without any left out as []). */
export function fieldErrorsOf(error: Record<string, string[] | null> | null | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(error ?? {}).map(([key, value]) => [key, value ?? []]))
}
