// The answers of the HTTP boundary when it refuses a post, another site's or a body it cannot
// take (server/http-boundary.ts): a pt-BR
// page for a browser's form, a JSON `{ error }` for the page's own scripts and API clients.
import { CROSS_ORIGIN_REFUSED } from '~/middleware/same-origin.server'
import { BODY_TOO_LARGE, UNREADABLE_FORM } from '~/utils/form-body.server'

export type Refusal = 400 | 403 | 413

const MESSAGES: Record<Refusal, { title: string; text: string }> = {
  400: {
    title: 'Não foi possível ler o formulário',
    text: UNREADABLE_FORM,
  },
  403: {
    title: 'Pedido recusado',
    text: CROSS_ORIGIN_REFUSED,
  },
  413: {
    title: 'O envio passou do tamanho permitido',
    text: BODY_TOO_LARGE,
  },
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** `back`: the page the form was sent from (its path), where the person tries again. */
export function refusalPage(status: Refusal, accept: string, back: string): { type: string; body: string } {
  const { title, text } = MESSAGES[status]
  if (!/text\/html/i.test(accept))
    return { type: 'application/json; charset=utf-8', body: JSON.stringify({ error: text }) }
  const body = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Vitrine</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc}main{max-width:32rem;margin:0 auto;padding:4rem 1rem;text-align:center}
p{color:#475569;line-height:1.5}a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#0f172a;color:#fff;text-decoration:none;font-weight:600}</style>
</head><body><main><p>Erro ${status}</p><h1>${title}</h1>
<p>${text}</p>
<a href="${escapeHtml(back)}">Voltar ao formulário</a></main></body></html>`
  return { type: 'text/html; charset=utf-8', body }
}
