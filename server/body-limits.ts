// How many bytes a request's body may carry, by route (ADR 257): decided at the HTTP boundary
// (server/http-boundary.ts) from the path alone, before a byte of the body is read.
// - A form without a file field, JSON, text, anything else: 1 MB, whatever its content type.
// - A multipart form to a route that accepts files: that route's own limit. The routes count
//   their form as it streams in (readLimitedFormData, readForm) and answer their own 413; the
//   boundary's limit is theirs plus a megabyte, for a body declared far past it.
import { IMAGE_LIMITS } from '~/integrations/images/images.server'
import { PHOTO_MAX_BYTES } from '~/workflows/home-form-files.server'
import { MAX_FORM_BYTES } from '~/workflows/home-form.server'
import { MAX_UPLOAD_BYTES } from '~/workflows/feed-source.server'
import { AUTHORIZATION_MAX_BYTES } from '~/domain/compliance-schema'
import { FORM_BYTES } from '~/utils/form-body.server'
import { TEMPLATE_FORM_BYTES } from '~/domain/fields/schema'

const KB = 1024
const MB = KB * KB

/** A route that accepts files: its multipart limit. */
export type FileRoute = { path: RegExp; bytes: number }

const own = (path: RegExp, limit: number): FileRoute => ({ path, bytes: limit + MB })

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
  // A template's form: its photo fields at 10 MB each (TEMPLATE_FORM_BYTES, read by readForm).
  { path: /^\/modelos\/(?!historico$)[^/]+$/, bytes: TEMPLATE_FORM_BYTES },
]

const MULTIPART = /^multipart\/form-data/i

/** The limit for a body sent to `pathname` (a `.data` request's too) with `contentType`. */
export function bodyLimit(pathname: string, contentType: string | undefined): number {
  if (contentType && MULTIPART.test(contentType)) {
    const path = pathname.replace(/\.data$/, '')
    const route = FILE_ROUTES.find((candidate) => candidate.path.test(path))
    if (route) return route.bytes
  }
  return FORM_BYTES
}
