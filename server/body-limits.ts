// How many bytes a request's body may carry, by route (ADR 257): decided at the HTTP boundary
// (server/request-handler.ts) from the path alone, before a byte of the body is read.
// - A form without a file field, JSON, text, anything else: 1 MB, whatever its content type.
// - A multipart form to a route that accepts files: that route's own limit. The routes that read
//   their form themselves (readLimitedFormData) answer their own 413 with their own message; the
//   boundary's limit is theirs plus a megabyte, for a body far past it.
import { IMAGE_LIMITS } from '~/integrations/images/images.server'
import { PHOTO_MAX_BYTES } from '~/workflows/home-form-files.server'
import { MAX_FORM_BYTES } from '~/workflows/home-form.server'
import { MAX_UPLOAD_BYTES } from '~/workflows/feed-source.server'
import { AUTHORIZATION_MAX_BYTES } from '~/domain/compliance-schema'

const KB = 1024
const MB = KB * KB

/** A body with no file: a form, the auth API's JSON, Stripe's events. */
export const TEXT_BODY_BYTES = MB

/** A route that accepts files: its multipart limit, and whether it reads its form itself. */
export type FileRoute = { path: RegExp; bytes: number; readsItsOwnForm: boolean }

const own = (path: RegExp, limit: number): FileRoute => ({ path, bytes: limit + MB, readsItsOwnForm: true })

export const FILE_ROUTES: readonly FileRoute[] = [
  // The property form's one-photo upload (JavaScript), then the whole form without it.
  own(/^\/imoveis\/fotos$/, PHOTO_MAX_BYTES + 64 * KB),
  own(/^\/imoveis\/[^/]+$/, MAX_FORM_BYTES),
  // The owner's signed authorisation on the property's "Documentação" page.
  own(/^\/imoveis\/[^/]+\/documentacao$/, AUTHORIZATION_MAX_BYTES + 64 * KB),
  // Photos shared from the phone's share sheet.
  own(/^\/compartilhar$/, MAX_FORM_BYTES),
  // The logo (brand, its preview, the welcome step) and the profile photo.
  own(/^\/(minha-conta\/marca(\/previa)?|minha-conta\/perfil|boas-vindas)$/, IMAGE_LIMITS.maxBytes + 64 * KB),
  // A feed file (XML or CSV) and its replacement.
  own(/^\/integracoes(\/feeds\/[^/]+)?$/, MAX_UPLOAD_BYTES + MB),
  // A template's form: its photo fields at 10 MB each, read whole by React Router's form reader.
  { path: /^\/modelos\/(?!historico$)[^/]+$/, bytes: 64 * MB, readsItsOwnForm: false },
]

const MULTIPART = /^multipart\/form-data/i

/** Routes that read their body as it is (JSON, a signed payload); every other route reads a form. */
const RAW_BODY_ROUTES = /^\/(auth\/v1\/|api\/stripe\/webhook$)/

export const readsRawBody = (pathname: string) => RAW_BODY_ROUTES.test(pathname)

/** The limit for a body sent to `pathname` (a `.data` request's too) with `contentType`. */
export function bodyLimit(
  pathname: string,
  contentType: string | undefined,
): { bytes: number; readsItsOwnForm: boolean } {
  if (contentType && MULTIPART.test(contentType)) {
    const path = pathname.replace(/\.data$/, '')
    const route = FILE_ROUTES.find((candidate) => candidate.path.test(path))
    if (route) return route
  }
  return { bytes: TEXT_BODY_BYTES, readsItsOwnForm: false }
}
