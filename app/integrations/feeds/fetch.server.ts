// Fetches what an agent's connection points at (a feed's address, its photos, a Vista host)
// through the outbound guard (ADR 209): http(s) only, every hop's address checked as numbers and
// connected to as checked, with a time limit here and a size cap on the body. Loopback and private
// networks only when the operator allows them (FEED_PRIVATE_HOSTS, never in production).
import { FeedReadError } from '~/domain/feeds'
import { OutboundError, outboundFetch, type OutboundOptions } from '~/integrations/outbound/outbound-fetch.server'

export type FeedFetchOptions = OutboundOptions

const asFeedError = (error: unknown) => (error instanceof OutboundError ? new FeedReadError(error.message) : error)

/** GET with the guard's checks; the response is returned for streaming. */
export async function feedFetch(
  url: string,
  options: FeedFetchOptions = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  try {
    return await outboundFetch(url, options, headers)
  } catch (error) {
    throw asFeedError(error)
  }
}

/** A response body as chunks, stopping past `maxBytes` (a FeedReadError in pt-BR). */
export async function* bodyChunks(response: Response, maxBytes: number): AsyncGenerator<Uint8Array> {
  if (!response.body) return
  let size = 0
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length
      if (size > maxBytes) throw new FeedReadError(`O arquivo passa de ${Math.round(maxBytes / 1024 / 1024)} MB.`)
      yield chunk
    }
  } catch (error) {
    throw asFeedError(error)
  }
}

/** The whole body, at most `maxBytes` (photos). */
export async function bodyBytes(response: Response, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const chunk of bodyChunks(response, maxBytes)) parts.push(chunk)
  return Buffer.concat(parts)
}
