// Fetches what an agent's connection points at (a feed's address, its photos, a Vista host).
// Only http(s), never the server's own network unless the operator allows it
// (FEED_PRIVATE_HOSTS=true: tests and local test servers), with a time limit and a size cap.
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { FeedReadError } from '~/domain/feeds'

export type FeedFetchOptions = {
  /** Allow loopback and private addresses (local test servers); false in production. */
  allowPrivateHosts?: boolean
  timeoutMs?: number
  fetch?: typeof fetch
}

function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number)
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    )
  }
  const v6 = address.toLowerCase()
  return v6 === '::1' || v6 === '::' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80')
}

/** Checks the address a connection may reach; the message is pt-BR. */
export async function assertReachable(url: string, options: FeedFetchOptions = {}): Promise<URL> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new FeedReadError('Endereço inválido: use um endereço completo, como https://seucrm.com.br/feed.xml.')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new FeedReadError('Use um endereço http:// ou https://.')
  if (options.allowPrivateHosts) return parsed
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true })
        .then((all) => all.map((a) => a.address))
        .catch(() => [])
  if (addresses.length === 0) throw new FeedReadError(`Não encontramos o servidor ${host}.`)
  if (addresses.some(isPrivateAddress))
    throw new FeedReadError(`O endereço ${host} é de uma rede interna e não pode ser lido.`)
  return parsed
}

/** GET with the checks above; the response is returned for streaming. */
export async function feedFetch(
  url: string,
  options: FeedFetchOptions = {},
  init: RequestInit = {},
  hops = 0,
): Promise<Response> {
  const parsed = await assertReachable(url, options)
  const doFetch = options.fetch ?? fetch
  let response: Response
  try {
    response = await doFetch(parsed, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new FeedReadError(
      timedOut
        ? `O servidor ${parsed.host} demorou demais para responder.`
        : `Não foi possível conectar a ${parsed.host}.`,
    )
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location')
    if (!location || hops >= 5)
      throw new FeedReadError(`O servidor ${parsed.host} respondeu com um redirecionamento sem destino.`)
    return feedFetch(new URL(location, parsed).toString(), options, init, hops + 1)
  }
  return response
}

/** A response body as chunks, stopping past `maxBytes` (a FeedReadError in pt-BR). */
export async function* bodyChunks(response: Response, maxBytes: number): AsyncGenerator<Uint8Array> {
  if (!response.body) return
  let size = 0
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    if (size > maxBytes) throw new FeedReadError(`O arquivo passa de ${Math.round(maxBytes / 1024 / 1024)} MB.`)
    yield chunk
  }
}

/** The whole body, at most `maxBytes` (photos). */
export async function bodyBytes(response: Response, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const chunk of bodyChunks(response, maxBytes)) parts.push(chunk)
  return Buffer.concat(parts)
}
