// Reads an XML feed as it arrives, one listing at a time, in bounded memory (saxes, a streaming
// parser): only the listing being read is held as a tree. The root element says the format:
// <ListingDataFeed> is VRSync, <Carga> the older ZAP/ImovelWeb layout. Malformed XML stops the
// read with a FeedReadError (pt-BR, with the line), never a crash. ADR 121. What one listing
// may hold (elements, characters, depth) and how many listings a feed may have are bounded, so a
// hostile or broken feed costs a bounded amount of memory whatever its byte size (issue 66).
import { SaxesParser } from 'saxes'
import { FeedReadError, type FeedFormat, type FeedItem } from '~/domain/feeds'
import { mapCargaListing, mapVrsyncListing, type XmlNode } from '~/domain/feed-formats'

const ROOTS: Record<string, FeedFormat> = { ListingDataFeed: 'vrsync', Carga: 'carga' }
const LISTING_ELEMENT: Record<FeedFormat, string> = { vrsync: 'Listing', carga: 'Imovel' }
const MAPPERS: Record<FeedFormat, (node: XmlNode) => FeedItem> = { vrsync: mapVrsyncListing, carga: mapCargaListing }

export const UNKNOWN_FORMAT_MESSAGE =
  'O arquivo não é um feed VRSync (<ListingDataFeed>) nem Carga (<Carga>). Confira o endereço ou o arquivo exportado pelo seu CRM.'

/** The encoding the XML declaration names (feeds in ISO-8859-1 are common), else UTF-8. */
function decoderFor(head: Uint8Array): TextDecoder {
  const declaration = new TextDecoder('latin1').decode(head.subarray(0, 200))
  const named = /encoding=["']([A-Za-z0-9_-]+)["']/.exec(declaration)?.[1]?.toLowerCase()
  try {
    return new TextDecoder(named && named !== 'utf-8' ? named : 'utf-8')
  } catch {
    return new TextDecoder('utf-8')
  }
}

/** A real listing has a few hundred elements (200 photos is ≈ 600); ten times that is a broken one. */
export const MAX_ELEMENTS_PER_LISTING = 5_000
/** Characters of text and attributes one listing may hold (a long description is ≈ 10,000). */
export const MAX_CHARS_PER_LISTING = 1_000_000
/** Nesting below the root: VRSync goes 5 deep. */
const MAX_DEPTH = 64
/** Listings per feed: the largest agencies' feeds hold ≈ 20,000. */
export const MAX_LISTINGS_PER_FEED = 50_000
const MAX_CHARS_PER_TEXT = 20_000

/** The listing being read, with what it has cost so far; `oversized` drops the rest of it. */
type Listing = { stack: XmlNode[]; elements: number; chars: number; oversized: boolean }

type ParserState = {
  format: FeedFormat | null
  listing: Listing | null
  ready: FeedItem[]
  listings: number
  error: string | null
  depth: number
}

const oversizedListing = (number: number): FeedItem => ({
  ok: false,
  error: {
    externalId: null,
    reason: `O ${number.toLocaleString('pt-BR')}º anúncio do feed é grande demais (mais de ${MAX_ELEMENTS_PER_LISTING.toLocaleString('pt-BR')} campos ou ${MAX_CHARS_PER_LISTING.toLocaleString('pt-BR')} caracteres): não importado.`,
  },
})

/** Counts `chars` against the listing; past its bound the listing is dropped, not kept. */
function spend(listing: Listing, elements: number, chars: number): boolean {
  listing.elements += elements
  listing.chars += chars
  if (listing.elements > MAX_ELEMENTS_PER_LISTING || listing.chars > MAX_CHARS_PER_LISTING) {
    // What was read is let go; the open elements stay on the stack only to find the listing's end.
    listing.oversized = true
    listing.stack[0]!.children = []
  }
  return !listing.oversized
}

function createParser(state: ParserState): SaxesParser {
  const parser = new SaxesParser()
  parser.on('opentag', (tag) => {
    if (state.error) return
    state.depth++
    if (state.depth > MAX_DEPTH)
      throw new FeedReadError(
        `O XML do feed aninha elementos demais perto da linha ${parser.line}: a leitura parou ali.`,
      )
    if (state.depth === 1) {
      state.format = ROOTS[tag.name] ?? null
      if (!state.format) throw new FeedReadError(UNKNOWN_FORMAT_MESSAGE)
      return
    }
    const attrs = tag.attributes as Record<string, string>
    const node: XmlNode = { name: tag.name, attrs, text: '', children: [] }
    const listing = state.listing
    if (!listing) {
      if (tag.name !== LISTING_ELEMENT[state.format!]) return
      if (++state.listings > MAX_LISTINGS_PER_FEED)
        throw new FeedReadError(
          `O feed tem mais de ${MAX_LISTINGS_PER_FEED.toLocaleString('pt-BR')} anúncios: divida-o em mais de uma conexão.`,
        )
      state.listing = { stack: [node], elements: 1, chars: 0, oversized: false }
      return
    }
    const size = Object.entries(attrs).reduce((sum, [name, value]) => sum + name.length + value.length, 0)
    if (listing.oversized || !spend(listing, 1, size)) {
      listing.stack.push(node)
      return
    }
    listing.stack.at(-1)!.children.push(node)
    listing.stack.push(node)
  })
  const addText = (text: string) => {
    const listing = state.listing
    if (state.error || !listing || listing.oversized) return
    const top = listing.stack.at(-1)!
    const kept = text.slice(0, Math.max(0, MAX_CHARS_PER_TEXT - top.text.length))
    if (kept && spend(listing, 0, kept.length)) top.text += kept
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  parser.on('closetag', () => {
    if (state.error) return
    state.depth--
    const listing = state.listing
    if (!listing) return
    const node = listing.stack.pop()!
    if (listing.stack.length) return
    state.listing = null
    state.ready.push(listing.oversized ? oversizedListing(state.listings) : MAPPERS[state.format!](node))
  })
  parser.on('error', (error) => {
    state.error ??= `O XML do feed está malformado perto da linha ${parser.line}, coluna ${parser.column}: a leitura parou ali (${error.message.replace(/^(.*?:)?\d+:\d+: /, '').replace(/\.$/, '')}).`
  })
  return parser
}

export type XmlFeedRead = { format: FeedFormat | null; items: AsyncGenerator<FeedItem> }

/** Listings of the feed as they are read; `onFormat` hears the format once the root is read. */
export async function* readXmlFeed(
  chunks: AsyncIterable<Uint8Array>,
  onFormat?: (format: FeedFormat) => void,
): AsyncGenerator<FeedItem> {
  const state: ParserState = { format: null, listing: null, ready: [], listings: 0, error: null, depth: 0 }
  const parser = createParser(state)
  let decoder: TextDecoder | null = null
  let announced = false
  for await (const chunk of chunks) {
    decoder ??= decoderFor(chunk)
    parser.write(decoder.decode(chunk, { stream: true }))
    if (state.format && !announced) {
      announced = true
      onFormat?.(state.format)
    }
    yield* state.ready.splice(0)
    if (state.error) throw new FeedReadError(state.error)
  }
  parser.write((decoder ?? new TextDecoder()).decode())
  parser.close()
  yield* state.ready.splice(0)
  if (state.error) throw new FeedReadError(state.error)
  if (!state.format) throw new FeedReadError(UNKNOWN_FORMAT_MESSAGE)
}

/** The format named by the root element, read from the first 64 KB (the connection test). */
export async function detectXmlFormat(chunks: AsyncIterable<Uint8Array>): Promise<FeedFormat> {
  const parts: Uint8Array[] = []
  let size = 0
  for await (const chunk of chunks) {
    parts.push(chunk)
    size += chunk.length
    if (size >= 65_536) break
  }
  const head = Buffer.concat(parts)
  const text = decoderFor(head)
    .decode(head)
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/g, '')
  const root = /<([A-Za-z_][\w.-]*)[\s>/]/.exec(text)?.[1]
  const format = root ? ROOTS[root] : undefined
  if (!format) throw new FeedReadError(UNKNOWN_FORMAT_MESSAGE)
  return format
}
