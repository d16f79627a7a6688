// The public post addresses and the share images make the server draw images on demand (the post
// page warms them, the image, download and Carousel.zip endpoints and the share images render
// them): a per-IP limit keeps one visitor from keeping the renderer busy for everyone (ADR 141). In
// memory per instance; behind a load balancer TRUST_PROXY gives the client's address.
import type { RequestHandler } from 'express'
import { rateLimit } from 'express-rate-limit'

/** /posts/…, /imagens/post/… (the public post page and its images), the public pages' share
 * images (/c/{handle}/capa.jpg, /c/{handle}/{slug}/capa.jpg) and the brand's live preview. */
export const RENDER_PATHS = /^\/(posts\/|imagens\/post\/|c\/[^/]+\/([^/]+\/)?capa\.jpg$|minha-conta\/marca\/previa$)/

export function renderRateLimit(options: { disabled: boolean; limit?: number; windowMs?: number }): RequestHandler {
  const limiter = rateLimit({
    windowMs: options.windowMs ?? 60_000,
    limit: options.limit ?? 240,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skip: (req) => options.disabled || !RENDER_PATHS.test(req.path),
    handler: (_req, res) => {
      res
        .status(429)
        .set('Retry-After', '60')
        .type('text/plain; charset=utf-8')
        .send('Muitas solicitações de imagens deste endereço. Tente de novo em um minuto.')
    },
  })
  // Other pages never enter the limiter (its bookkeeping ran on every request before).
  return (req, res, next) => (RENDER_PATHS.test(req.path) ? limiter(req, res, next) : next())
}
