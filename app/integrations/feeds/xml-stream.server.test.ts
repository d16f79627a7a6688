// A hostile or broken XML feed costs a bounded amount of memory whatever its size (issue 66):
// before the bounds, an 11 MB listing of empty elements grew the server by 960 MB.
import { expect, test } from 'vitest'
import { FeedReadError, type FeedItem } from '~/domain/feeds'
import { sampleListings } from '../../../scripts/feeds/sample-listings'
import { vrsyncFeed } from '../../../scripts/feeds/sample-feeds'
import { MAX_ELEMENTS_PER_LISTING, MAX_LISTINGS_PER_FEED, readXmlFeed } from './xml-stream.server'

async function* slices(text: string, size = 64 * 1024) {
  const bytes = new TextEncoder().encode(text)
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function readAll(text: string): Promise<FeedItem[]> {
  const items: FeedItem[] = []
  for await (const item of readXmlFeed(slices(text))) items.push(item)
  return items
}

const feed = (listings: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><ListingDataFeed><Listings>${listings}</Listings></ListingDataFeed>`

/** The sample feed's real listings, to put a hostile one between them. */
const [before, after] = (() => {
  const text = vrsyncFeed(sampleListings(2, { seed: 7, photos: 3 }), 'http://fotos.test')
  return [...text.matchAll(/<Listing>[\s\S]*?<\/Listing>/g)].map((match) => match[0])
})()

test('a listing with too many elements is refused alone, and the listings around it are imported', async () => {
  // ≈ 11 MB: two million empty elements inside one listing, nested one level down.
  const hostile = `<Listing><ListingID>HOSTIL</ListingID><Details>${'<x/>'.repeat(2_000_000)}</Details><Title>depois</Title></Listing>`
  const rssBefore = process.memoryUsage().rss
  const items = await readAll(feed(`${before}${hostile}${after}`))
  const grown = process.memoryUsage().rss - rssBefore
  expect(items.map((item) => (item.ok ? item.listing.externalId : item.error.reason))).toEqual([
    expect.stringMatching(/\w/),
    `O 2º anúncio do feed é grande demais (mais de ${MAX_ELEMENTS_PER_LISTING.toLocaleString('pt-BR')} campos ou 1.000.000 caracteres): não importado.`,
    expect.stringMatching(/\w/),
  ])
  expect(items[0]!.ok && items[2]!.ok).toBe(true)
  expect(grown).toBeLessThan(150 * 1024 * 1024)
})

test('a listing with too many characters (attributes or text) is refused alone', async () => {
  const big = 'a'.repeat(10_000)
  const attributes = `<Listing><ListingID>A</ListingID>${`<Item caption="${big}"/>`.repeat(120)}</Listing>`
  const texts = `<Listing><ListingID>B</ListingID>${`<Feature>${big}</Feature>`.repeat(120)}</Listing>`
  const items = await readAll(feed(`${attributes}${texts}${before}`))
  expect(items.map((item) => item.ok)).toEqual([false, false, true])
  expect(items[1]!.ok ? '' : items[1]!.error.reason).toMatch(/^O 2º anúncio do feed é grande demais/)
})

test('a feed with more listings than the bound stops with a pt-BR message', async () => {
  const text = feed('<Listing/>'.repeat(MAX_LISTINGS_PER_FEED + 1))
  await expect(readAll(text)).rejects.toThrow(
    new FeedReadError('O feed tem mais de 50.000 anúncios: divida-o em mais de uma conexão.'),
  )
})

test('elements nested too deep stop the read', async () => {
  const text = feed(`<Listing>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Listing>`)
  await expect(readAll(text)).rejects.toThrow(/aninha elementos demais/)
})
