// Route params validation: a param that fails its rule is a 404
// 'Page Not Found: {path}', never a 500 or another route's data.
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import { PUBLIC_ID_PATTERN } from '~/domain/public-links'

export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
export const uuidParam = z.uuid()
/** An id a form or query string sends, read as a number: any integer ('' or absent is none). */
export const intField = z.string().transform(Number).pipe(z.number().int())
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

/** The property id a form or query string names (`home_id`, `?imovel=`): null when it names none,
 * a 404 when it is no id (a property of another account is the workflow's 'not-found'). */
export function askedHomeId(request: Request, source: FormData | URLSearchParams, name: 'home_id' | 'imovel') {
  const asked = parseWithZod(source, { schema: z.object({ [name]: intField.optional() }) })
  if (asked.status !== 'success') throw pageNotFound(request)
  return (asked.value[name] as number | undefined) ?? null
}
