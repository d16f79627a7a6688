// Every request to an address a user gave us (a feed, its photos, a Vista host) goes through here
// (ADR 209). The host is resolved once, every address it resolves to is checked as numbers
// (address-ranges.server.ts), and the socket connects to the address that was checked: no
// second look-up for a rebinding DNS server to answer differently. Redirects are followed by hand,
// each hop checked again, at most five. Messages are pt-BR: they reach the agent's form or report.
import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { ipLiteral, refusedRange } from './address-ranges.server'

export type OutboundOptions = {
  /**
   * Loopback and private addresses allowed (tests' local servers, FEED_PRIVATE_HOSTS outside
   * production). Off unless a caller sets it.
   */
  allowPrivateHosts?: boolean
  /** The whole exchange of one hop, body included. */
  timeoutMs?: number
  maxRedirects?: number
  /** The host's addresses (dns.lookup, all of them, when unset): tests stand in a resolver here. */
  resolve?: (host: string) => Promise<string[]>
  /** The address check (refusedRange); tests stand in one that lets their local server pass. */
  rangeOf?: (address: string) => string | null
}

/** A request refused or failed; `message` is pt-BR and fit to show the agent. */
export class OutboundError extends Error {
  constructor(
    readonly reason: 'invalid' | 'refused' | 'not-found' | 'timeout' | 'connection' | 'redirect',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'OutboundError'
  }
}

const systemResolve = async (host: string) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address)

export function parseOutboundUrl(url: string | URL): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch (error) {
    throw new OutboundError(
      'invalid',
      'Endereço inválido: use um endereço completo, como https://seucrm.com.br/feed.xml.',
      { cause: error },
    )
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OutboundError('invalid', 'Use um endereço http:// ou https://.')
  return parsed
}

type Checked = { address: string; family: 4 | 6 }

/** The addresses the socket may use: resolved once, every answer checked. */
export async function checkedAddresses(url: URL, options: OutboundOptions = {}): Promise<Checked[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const literal = ipLiteral(host)
  const addresses = literal
    ? [literal.address]
    : await (options.resolve ?? systemResolve)(host).catch(() => [] as string[])
  const checked = addresses.map(ipLiteral).filter((entry) => entry !== null)
  if (checked.length === 0 || checked.length < addresses.length)
    throw new OutboundError('not-found', `Não encontramos o servidor ${host}.`)
  const refused = addresses.find((address) => (options.rangeOf ?? refusedRange)(address))
  if (refused && !options.allowPrivateHosts) {
    const shown = refused === host ? host : `${host} (${refused})`
    throw new OutboundError('refused', `O endereço ${shown} é de uma rede interna e não pode ser lido.`)
  }
  return checked
}

/** A `lookup` that answers the checked addresses whatever it is asked (no second resolution). */
function pinnedLookup(checked: Checked[]): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, checked)
    else callback(null, checked[0]!.address, checked[0]!.family)
  }) as LookupFunction
}

const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
}

/** The body as a web stream, decoded; a transfer that breaks off is a pt-BR OutboundError. */
function bodyOf(message: IncomingMessage, host: string, signal: AbortSignal): ReadableStream<Uint8Array> {
  const decoder = DECODERS[String(message.headers['content-encoding'] ?? '').toLowerCase()]
  const stream: Readable = decoder ? (message.pipe(decoder()) as unknown as Readable) : message
  if (decoder) message.on('error', (error) => stream.destroy(error))
  const chunks = stream[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(new Uint8Array(next.value as Buffer))
      } catch {
        controller.error(
          signal.aborted
            ? new OutboundError('timeout', `O servidor ${host} demorou demais para responder.`)
            : new OutboundError('connection', `A conexão com ${host} caiu no meio do download.`),
        )
      }
    },
    cancel() {
      message.destroy()
      stream.destroy()
    },
  })
}

function toResponse(message: IncomingMessage, host: string, signal: AbortSignal): Response {
  const headers = new Headers()
  for (let i = 0; i < message.rawHeaders.length; i += 2)
    headers.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!)
  const status = message.statusCode ?? 0
  if (status < 200 || status > 599)
    throw new OutboundError('connection', `O servidor ${host} deu uma resposta inválida.`)
  const empty = status === 204 || status === 205 || status === 304
  if (empty) message.resume()
  headers.delete('content-encoding')
  return new Response(empty ? null : bodyOf(message, host, signal), { status, headers })
}

/** One hop: a GET to `url` on the checked address, answered as a web Response. */
function requestOnce(url: URL, checked: Checked[], headers: Record<string, string>, timeoutMs: number) {
  const signal = AbortSignal.timeout(timeoutMs)
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<Response>((resolve, reject) => {
    const outgoing = request(url, {
      method: 'GET',
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
      lookup: pinnedLookup(checked),
      agent: false,
      signal,
    })
    outgoing.on('response', (message) => {
      try {
        resolve(toResponse(message, url.host, signal))
      } catch (error) {
        message.destroy()
        reject(
          error instanceof OutboundError
            ? error
            : new OutboundError('connection', `O servidor ${url.host} deu uma resposta inválida.`),
        )
      }
    })
    outgoing.on('error', () =>
      reject(
        signal.aborted
          ? new OutboundError('timeout', `O servidor ${url.host} demorou demais para responder.`)
          : new OutboundError('connection', `Não foi possível conectar a ${url.host}.`),
      ),
    )
    outgoing.end()
  })
}

/**
 * GET `url` with the checks above; the response is returned for streaming (its body already
 * decoded). A refused address throws an OutboundError before any connection is opened.
 */
export async function outboundFetch(
  url: string | URL,
  options: OutboundOptions = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  let target = parseOutboundUrl(url)
  for (let hop = 0; ; hop++) {
    const checked = await checkedAddresses(target, options)
    const response = await requestOnce(target, checked, headers, options.timeoutMs ?? 30_000)
    if (response.status < 300 || response.status >= 400 || response.status === 304) return response
    await response.body?.cancel().catch(() => undefined)
    const location = response.headers.get('location')
    if (!location)
      throw new OutboundError('redirect', `O servidor ${target.host} respondeu com um redirecionamento sem destino.`)
    if (hop >= (options.maxRedirects ?? 5))
      throw new OutboundError('redirect', `O servidor ${target.host} redirecionou vezes demais.`)
    target = parseOutboundUrl(new URL(location, target))
  }
}
