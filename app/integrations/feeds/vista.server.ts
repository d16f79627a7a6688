// Vista CRM's REST API: GET {apiHost}/imoveis/listar?key=…&pesquisa={fields, paginacao} in pages
// of 50, answered as an object keyed by each property's code plus total/paginas/pagina. The key
// travels as Vista asks (query string) and is kept sealed at rest (ADR 122).
import { FeedReadError, type FeedItem } from '~/domain/feeds'
import { VISTA_FIELDS, mapVistaRecord } from '~/domain/feed-vista'
import { feedFetch, type FeedFetchOptions } from './fetch.server'

export const VISTA_PAGE_SIZE = 50
/** Beyond this many pages (25,000 properties) a sync stops: a CRM answering forever is a fault. */
const MAX_PAGES = 500

export type VistaCredentials = { apiHost: string; apiKey: string }

/** 'cliente-rest.vistahost.com.br' → 'https://cliente-rest.vistahost.com.br'. */
export function normaliseVistaHost(host: string): string {
  const trimmed = host.trim().replace(/\/+$/, '')
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
}

type VistaPage = { records: Record<string, unknown>[]; pages: number }

async function fetchPage(
  credentials: VistaCredentials,
  page: number,
  size: number,
  options: FeedFetchOptions,
): Promise<VistaPage> {
  const url = new URL(`${normaliseVistaHost(credentials.apiHost)}/imoveis/listar`)
  url.searchParams.set('key', credentials.apiKey)
  url.searchParams.set('showtotal', '1')
  url.searchParams.set(
    'pesquisa',
    JSON.stringify({ fields: VISTA_FIELDS, paginacao: { pagina: page, quantidade: size } }),
  )
  const response = await feedFetch(url.toString(), options, { accept: 'application/json' })
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
  if (response.status === 401 || response.status === 403)
    throw new FeedReadError('O Vista recusou a chave de API. Confira a chave e o endereço do seu Vista.')
  if (!response.ok || !body || typeof body !== 'object')
    throw new FeedReadError(`O Vista respondeu com erro (HTTP ${response.status}). Tente de novo mais tarde.`)
  if (typeof body.message === 'string' && !('total' in body))
    throw new FeedReadError(`O Vista respondeu: ${body.message}`)
  const records = Object.entries(body)
    .filter(
      ([key, value]) =>
        !['total', 'paginas', 'pagina', 'quantidade'].includes(key) && value && typeof value === 'object',
    )
    .map(([, value]) => value as Record<string, unknown>)
  return { records, pages: Math.max(1, Number(body.paginas) || 1) }
}

/** Every property, page by page (50 at a time), mapped. */
export async function* readVista(
  credentials: VistaCredentials,
  options: FeedFetchOptions = {},
): AsyncGenerator<FeedItem> {
  let page = 1
  let pages = 1
  do {
    const result = await fetchPage(credentials, page, VISTA_PAGE_SIZE, options)
    pages = Math.min(result.pages, MAX_PAGES)
    for (const record of result.records) yield mapVistaRecord(record)
    page++
  } while (page <= pages)
}

/** The connection test before saving: one property asked for; throws a pt-BR FeedReadError. */
export async function testVista(credentials: VistaCredentials, options: FeedFetchOptions = {}): Promise<void> {
  await fetchPage(credentials, 1, 1, options)
}
