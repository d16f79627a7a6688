// Writes sample listings as the portals' feeds: VRSync (<ListingDataFeed>, ZAP/Viva Real/OLX),
// the older Carga (<Carga><Imoveis><Imovel>, ZAP/ImovelWeb), and Vista CRM's /imoveis/listar
// records. Photo addresses point at `photoBase` (a local photo server in tests and the bench).
import { SAMPLE_FEATURES, type SampleListing } from './sample-listings'

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const reais = (cents: number) => (cents / 100).toFixed(2)
export const photoUrl = (base: string, listing: SampleListing, n: number) => `${base}/fotos/${listing.id}-${n + 1}.jpg`

function vrsyncListing(l: SampleListing, photoBase: string): string {
  const media = Array.from(
    { length: l.photos },
    (_, n) =>
      `        <Item medium="image" caption="Foto ${n + 1}"${n === 0 ? ' primary="true"' : ''}>${escape(photoUrl(photoBase, l, n))}</Item>`,
  ).join('\n')
  const price = l.price === null ? '' : `\n        <ListPrice currency="BRL">${reais(l.price)}</ListPrice>`
  const rent =
    l.rent === null ? '' : `\n        <RentalPrice currency="BRL" period="Monthly">${reais(l.rent)}</RentalPrice>`
  const condo =
    l.condo === null
      ? ''
      : `\n        <PropertyAdministrationFee currency="BRL">${reais(l.condo)}</PropertyAdministrationFee>`
  return `    <Listing>
      <ListingID>${l.id}</ListingID>
      <Title><![CDATA[${l.title}]]></Title>
      <TransactionType>${l.deal === 'sale' ? 'For Sale' : 'For Rent'}</TransactionType>
      <PublicationType>STANDARD</PublicationType>
      <Media>
${media}
      </Media>
      <Details>
        <UsageType>${l.kind.commercial ? 'Commercial' : 'Residential'}</UsageType>
        <PropertyType>${l.kind.vrsync}</PropertyType>
        <Description><![CDATA[${l.description}]]></Description>${price}${rent}${condo}
        <YearlyTax currency="BRL">${reais(l.iptu ?? 0)}</YearlyTax>
        <LivingArea unit="square metres">${l.area}</LivingArea>
        <Bedrooms>${l.bedrooms}</Bedrooms>
        <Bathrooms>${l.bathrooms}</Bathrooms>
        <Suites>${l.suites}</Suites>
        <Garage type="Parking Space">${l.parking}</Garage>
        <Features>
${l.features.map((f) => `          <Feature>${escape(f)}</Feature>`).join('\n')}
        </Features>
      </Details>
      <Location displayAddress="Street">
        <Country abbreviation="BR">Brasil</Country>
        <State abbreviation="${l.place.state}">${l.place.state}</State>
        <City>${escape(l.place.city)}</City>
        <Neighborhood>${escape(l.place.neighborhood)}</Neighborhood>
        <Address>${escape(l.place.street)}</Address>
        <StreetNumber>${l.place.number}</StreetNumber>
        <PostalCode>${l.place.zipcode.replace('-', '')}</PostalCode>
        <Latitude>${l.place.lat}</Latitude>
        <Longitude>${l.place.lng}</Longitude>
      </Location>
      <ContactInfo>
        <Name>Imobiliária Exemplo</Name>
        <Email>contato@imobiliaria-exemplo.com.br</Email>
      </ContactInfo>
    </Listing>`
}

/** A VRSync feed as text (UTF-8). */
export function vrsyncFeed(listings: SampleListing[], photoBase: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Header>
    <Provider>Imobiliária Exemplo</Provider>
    <Email>contato@imobiliaria-exemplo.com.br</Email>
  </Header>
  <Listings>
${listings.map((l) => vrsyncListing(l, photoBase)).join('\n')}
  </Listings>
</ListingDataFeed>
`
}

function cargaListing(l: SampleListing, photoBase: string): string {
  const flags = SAMPLE_FEATURES.filter((f) => l.features.includes(f.vrsync)).map(
    (f) => `      <${f.carga}>1</${f.carga}>`,
  )
  const fotos = Array.from(
    { length: l.photos },
    (_, n) =>
      `        <Foto><NomeArquivo>Foto ${n + 1}</NomeArquivo><URLArquivo>${escape(photoUrl(photoBase, l, n))}</URLArquivo><Principal>${n === 0 ? 1 : 0}</Principal></Foto>`,
  )
  return `    <Imovel>
      <CodigoImovel>${l.id}</CodigoImovel>
      <TituloImovel>${escape(l.title)}</TituloImovel>
      <TipoImovel>${escape(l.kind.pt)}</TipoImovel>
      <CategoriaImovel>${l.kind.commercial ? 'Comercial' : 'Padrão'}</CategoriaImovel>
      <UF>${l.place.state}</UF>
      <Cidade>${escape(l.place.city)}</Cidade>
      <Bairro>${escape(l.place.neighborhood)}</Bairro>
      <Endereco>${escape(l.place.street)}</Endereco>
      <Numero>${l.place.number}</Numero>
      <CEP>${l.place.zipcode.replace('-', '')}</CEP>
      <PrecoVenda>${l.price === null ? '' : reais(l.price).replace('.', ',')}</PrecoVenda>
      <PrecoLocacao>${l.rent === null ? '' : reais(l.rent).replace('.', ',')}</PrecoLocacao>
      <PrecoCondominio>${l.condo === null ? '' : reais(l.condo).replace('.', ',')}</PrecoCondominio>
      <ValorIPTU>${reais(l.iptu ?? 0).replace('.', ',')}</ValorIPTU>
      <AreaUtil>${l.area}</AreaUtil>
      <QtdDormitorios>${l.bedrooms}</QtdDormitorios>
      <QtdSuites>${l.suites}</QtdSuites>
      <QtdBanheiros>${l.bathrooms}</QtdBanheiros>
      <QtdVagas>${l.parking}</QtdVagas>
      <Latitude>${l.place.lat}</Latitude>
      <Longitude>${l.place.lng}</Longitude>
      <Observacao>${escape(l.description)}</Observacao>
${flags.join('\n')}
      <Fotos>
${fotos.join('\n')}
      </Fotos>
    </Imovel>`
}

/** A Carga feed encoded ISO-8859-1, as many older CRMs still publish it. */
export function cargaFeed(listings: SampleListing[], photoBase: string): Buffer {
  const text = `<?xml version="1.0" encoding="ISO-8859-1"?>
<Carga xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Imoveis>
${listings.map((l) => cargaListing(l, photoBase)).join('\n')}
  </Imoveis>
</Carga>
`
  return Buffer.from(text, 'latin1')
}

/** The records Vista's /imoveis/listar returns for these listings (values as strings, like Vista). */
export function vistaRecords(listings: SampleListing[], photoBase: string, status: Record<string, string> = {}) {
  return listings.map((l) => ({
    Codigo: l.id,
    Categoria: l.kind.pt,
    Status: status[l.id] ?? (l.deal === 'sale' ? 'Venda' : 'Aluguel'),
    Finalidade: l.kind.commercial ? 'Comercial' : 'Residencial',
    TituloSite: l.title,
    DescricaoWeb: l.description,
    ValorVenda: l.price === null ? '' : reais(l.price),
    ValorLocacao: l.rent === null ? '' : reais(l.rent),
    ValorCondominio: l.condo === null ? '' : reais(l.condo),
    ValorIptu: reais(l.iptu ?? 0),
    AreaPrivativa: String(l.area),
    Dormitorios: String(l.bedrooms),
    Suites: String(l.suites),
    BanheiroSocialQtd: String(l.bathrooms),
    Vagas: String(l.parking),
    Endereco: l.place.street,
    Numero: l.place.number,
    Bairro: l.place.neighborhood,
    Cidade: l.place.city,
    UF: l.place.state,
    CEP: l.place.zipcode.replace('-', ''),
    Latitude: String(l.place.lat),
    Longitude: String(l.place.lng),
    Caracteristicas: Object.fromEntries(
      SAMPLE_FEATURES.map((f) => [f.vista, l.features.includes(f.vrsync) ? 'Sim' : 'Nao']),
    ),
    Foto: Object.fromEntries(
      Array.from({ length: l.photos }, (_, n) => [
        String(n + 1),
        { Foto: photoUrl(photoBase, l, n), Destaque: n === 0 ? 'Sim' : 'Nao', Ordem: String(n + 1) },
      ]),
    ),
  }))
}
