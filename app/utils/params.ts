// Route params validation (spec §2): a param that fails its rule is a 404
// 'Page Not Found: {path}', never a 500 or another route's data.
import { data } from 'react-router'
import { z } from 'zod'
import { PUBLIC_ID_PATTERN } from '~/domain/public-links'

export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
export const uuidParam = z.uuid()
/** A public id (ADR 141); a serial id in its place is a 404. */
export const publicIdParam = z.string().regex(PUBLIC_ID_PATTERN)

export function pageNotFound(request: Request) {
  return data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 })
}

export function parseParams<T extends z.ZodRawShape>(
  request: Request,
  params: Record<string, string | undefined>,
  shape: T,
): z.output<z.ZodObject<T>> {
  const result = z.object(shape).safeParse(params)
  if (!result.success) throw pageNotFound(request)
  return result.data
}
