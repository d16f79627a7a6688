// Reads an XML feed as it arrives, one listing at a time, in bounded memory (saxes, a streaming
// parser): only the listing being read is held as a tree. The root element says the format:
// <ListingDataFeed> is VRSync, <Carga> the older ZAP/ImovelWeb layout. Malformed XML stops the
// read with a FeedReadError (pt-BR, with the line), never a crash. ADR 121.
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

type ParserState = {
  format: FeedFormat | null
  stack: XmlNode[]
  ready: XmlNode[]
  error: string | null
  depth: number
}

function createParser(state: ParserState): SaxesParser {
  const parser = new SaxesParser()
  parser.on('opentag', (tag) => {
    if (state.error) return
    state.depth++
    if (state.depth === 1) {
      state.format = ROOTS[tag.name] ?? null
      if (!state.format) throw new FeedReadError(UNKNOWN_FORMAT_MESSAGE)
      return
    }
    const node: XmlNode = { name: tag.name, attrs: tag.attributes as Record<string, string>, text: '', children: [] }
    if (state.stack.length) state.stack.at(-1)!.children.push(node)
    if (state.stack.length || tag.name === LISTING_ELEMENT[state.format!]) state.stack.push(node)
  })
  const addText = (text: string) => {
    if (state.error) return
    const top = state.stack.at(-1)
    if (top && top.text.length < 20_000) top.text += text
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  parser.on('closetag', () => {
    if (state.error) return
    state.depth--
    const node = state.stack.pop()
    if (node && state.stack.length === 0) state.ready.push(node)
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
  const state: ParserState = { format: null, stack: [], ready: [], error: null, depth: 0 }
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
    for (const node of state.ready.splice(0)) yield MAPPERS[state.format!](node)
    if (state.error) throw new FeedReadError(state.error)
  }
  parser.write((decoder ?? new TextDecoder()).decode())
  parser.close()
  for (const node of state.ready.splice(0)) yield MAPPERS[state.format!](node)
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
