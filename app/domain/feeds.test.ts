import { describe, expect, test } from 'vitest'
import { areaOf, plainTextOf, reaisToCents, zipcodeOf } from './feeds'
import { categoryOf, mapAmenities } from './feed-vocabulary'
import { mapVrsyncListing, type XmlNode } from './feed-formats'
import { mapVistaRecord, vistaStateOf } from './feed-vista'

const el = (name: string, text = '', children: XmlNode[] = [], attrs: Record<string, string> = {}): XmlNode => ({
  name,
  attrs,
  text,
  children,
})

describe('values as Brazilian feeds write them', () => {
  test('prices in reais become integer cents whatever the notation', () => {
    expect(reaisToCents('850000')).toBe(85_000_000)
    expect(reaisToCents('850000.50')).toBe(85_000_050)
    expect(reaisToCents('R$ 1.234.567,89')).toBe(123_456_789)
    expect(reaisToCents('1.200')).toBe(120_000)
    expect(reaisToCents('1200,5')).toBe(120_050)
    expect(reaisToCents('sob consulta')).toBeNull()
    expect(reaisToCents('')).toBeNull()
  })

  test('areas, CEPs, categories and features map to our vocabulary', () => {
    expect(areaOf('72,5')).toBe(72.5)
    expect(zipcodeOf('01310100')).toBe('01310-100')
    expect(categoryOf('Residential / Penthouse')).toBe('penthouse')
    expect(categoryOf('Casa de Condomínio')).toBe('condo')
    expect(categoryOf('Galpão')).toBeNull()
    expect(mapAmenities(['Pool', 'Pets Allowed', 'Heliport', 'Salão de Festas'])).toEqual({
      features: ['accepts_pets'],
      amenities: ['party_room', 'pool'],
      unknown: ['Heliport'],
    })
  })
})

describe('a VRSync listing', () => {
  const listing = (details: XmlNode[], extra: XmlNode[] = []) =>
    el('Listing', '', [
      el('ListingID', 'AP-1'),
      el('Title', 'Apartamento no Centro'),
      el('TransactionType', 'For Sale'),
      el('Details', '', details),
      el('Location', '', [
        el('State', 'São Paulo', [], { abbreviation: 'SP' }),
        el('City', 'São Paulo'),
        el('Neighborhood', 'Centro'),
      ]),
      ...extra,
    ])

  test('keeps what does not map in raw and reports it, and takes the first photo as featured', () => {
    const item = mapVrsyncListing(
      listing(
        [el('PropertyType', 'Residential / Galpão'), el('ListPrice', '500000'), el('Orientation', 'Norte')],
        [el('Media', '', [el('Item', 'http://x/1.jpg'), el('Item', 'http://x/2.jpg')])],
      ),
    )
    if (!item.ok) throw new Error(item.error.reason)
    expect(item.listing.home).toMatchObject({ category: 'apartment', state: 'SP', price: 50_000_000, status: 'sale' })
    expect(item.listing.unknown).toEqual([
      { field: 'PropertyType', value: 'Residential / Galpão' },
      { field: 'Details/Orientation', value: 'Norte' },
    ])
    expect(item.listing.raw).toMatchObject({ 'Details/Orientation': 'Norte' })
    expect(item.listing.photos.map((p) => p.featured)).toEqual([true, false])
  })

  test('ListPrice 0 or absent ("sob consulta") imports the listing for sale with no price', () => {
    for (const details of [[el('ListPrice', '0')], [el('ListPrice', '0.00')], [el('ListPrice', 'Sob consulta')], []]) {
      const item = mapVrsyncListing(listing([el('PropertyType', 'Residential / Apartment'), ...details]))
      if (!item.ok) throw new Error(item.error.reason)
      expect(item.listing.home).toMatchObject({ status: 'sale', price: null, rental_price: null })
    }
  })

  test('a listing with neither price nor transaction is an error in pt-BR with its code', () => {
    const node = listing([el('PropertyType', 'Residential / Apartment')])
    node.children = node.children.filter((c) => c.name !== 'TransactionType')
    expect(mapVrsyncListing(node)).toEqual({
      ok: false,
      error: { externalId: 'AP-1', reason: 'Sem preço de venda nem de aluguel: não importado.' },
    })
  })

  test('an HTML description (CDATA with <br>, <b>, <p>, entities) becomes plain text with its line breaks', () => {
    const html =
      '<p><b>Apartamento&nbsp;reformado</b> no Centro.<br>3 quartos &amp; 2 vagas.<br/>Sal&atilde;o de festas</p>' +
      '<p>Pr&oacute;ximo ao metr&ocirc; &#8211; &lt;5 min&gt;</p><ul><li>Piscina</li><li>Academia</li></ul>'
    const item = mapVrsyncListing(listing([el('ListPrice', '500000'), el('Description', html)]))
    if (!item.ok) throw new Error(item.error.reason)
    expect(item.listing.home.description).toBe(
      'Apartamento reformado no Centro.\n3 quartos & 2 vagas.\nSalão de festas\n\nPróximo ao metrô – <5 min>\n\n• Piscina\n• Academia',
    )
    expect(plainTextOf('Sem HTML nenhum.\nDuas linhas.')).toBe('Sem HTML nenhum.\nDuas linhas.')
    expect(plainTextOf('<script>alert(1)</script><b></b>')).toBeNull()
  })
})

test('Vista statuses: sold and rented archive, the rest stays', () => {
  expect(vistaStateOf('Vendido Terceiros')).toBe('sold')
  expect(vistaStateOf('Alugado')).toBe('rented')
  expect(vistaStateOf('Venda e Aluguel')).toBe('active')
  const item = mapVistaRecord({
    Codigo: '77',
    Categoria: 'Cobertura',
    Status: 'Aluguel',
    ValorLocacao: '4500.00',
    Bairro: 'Batel',
    Cidade: 'Curitiba',
    UF: 'PR',
    Caracteristicas: { Piscina: 'Sim', Sauna: 'Nao' },
  })
  if (!item.ok) throw new Error(item.error.reason)
  expect(item.listing.home).toMatchObject({
    status: 'rent',
    category: 'penthouse',
    rental_price: 450_000,
    amenities: ['pool'],
  })
})
