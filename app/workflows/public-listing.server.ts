// The agent's public page and a property's public page (issue 40): what a guest sees, read
// through the handle; the photos by signed /uploads links (ADR 021) of the owner's own files; the
// buttons through short links (/r/{code}); the share image (the post renderer's cover at 1200×630);
// the schema.org JSON-LD; the sitemap. Nothing here shows the owner's e-mail.
import sharp from 'sharp'
import type { Home } from '~/models/homes.server'
import { brandContacts, brandPostTheme, creciLabel } from '~/domain/brand'
import { homeAmenityLabel, homeCategoryLabel, homeFeatureLabel, homeStatusLabel, nearbyPlaceLabel } from '~/domain/home'
import { SHARE_IMAGE, homeCode, idOfSlug, listingPath, listingSlug, publicPagePath, whatsappUrl } from '~/domain/leads'
import { coverOf, type MediaItem } from '~/domain/media'
import { formatBRL } from '~/domain/money'
import { buildPostContent, mainSlide } from '~/domain/post-content'
import { absoluteUrl } from '~/domain/public-links'
import { renderSlide, storageImageLoader, storageKeyOf } from '~/integrations/render/render.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { signedUploadUrl } from '~/integrations/storage/upload-links.server'
import {
  findPageByHandle,
  getPublicHome,
  listPublicCities,
  listPublicHomes,
  listSitemapEntries,
  type PageOwner,
  type PublicHomeFilters,
} from '~/models/public-pages.server'
import { findShortLink, recordListingEvent, shortLinkFor } from '~/models/listing-stats.server'
import type { Database } from '~/utils/db.server'

/** Signed links expire on a day boundary, so a page's HTML stays the same all day. */
function signer(secret: string, ownerId: string, now = Date.now()) {
  const day = 24 * 3600 * 1000
  const issued = Math.floor(now / day) * day
  return (ref: string | null | undefined, variant?: string | null): string | null => {
    const key = ref ? storageKeyOf(ref) : null
    if (!key || !key.startsWith(`users/${ownerId}/`)) return null
    return signedUploadUrl(secret, variant ?? key, 8 * 24 * 3600, issued)
  }
}

const photoUrl = (sign: ReturnType<typeof signer>, item: MediaItem, size: 400 | 1080) =>
  sign(item.url, item.variants?.[`w${size}`] ?? item.variants?.original)

export type AgentCard = {
  name: string
  photo: string | null
  logo: string | null
  creci: string | null
  instagram: string | null
  whatsapp: string | null
  color: string
  accent: string
  pageHref: string
}

function agentCard(owner: PageOwner, sign: ReturnType<typeof signer>): AgentCard {
  const theme = brandPostTheme(owner.theme)
  const contacts = brandContacts(owner.theme)
  return {
    name: owner.full_name?.trim() || owner.handle,
    photo: sign(owner.avatar),
    logo: sign(owner.theme.logo),
    creci: creciLabel(owner.theme.creci),
    instagram: contacts.instagram ?? null,
    whatsapp: contacts.whatsapp ?? null,
    color: theme.primary,
    accent: theme.secondary,
    pageHref: publicPagePath(owner.handle),
  }
}

const priceOf = (home: Pick<Home, 'status' | 'price' | 'rental_price'>) =>
  home.status === 'rent' ? formatBRL(home.rental_price) : formatBRL(home.price)
const priceSuffix = (home: Pick<Home, 'status' | 'rental_price'>) =>
  home.status === 'rent' && home.rental_price != null ? '/mês' : ''

/** /c/{handle}: the agent and the active properties, with the page's filters. */
export async function publicPageData(db: Database, secret: string, handle: string, filters: PublicHomeFilters) {
  const owner = await findPageByHandle(db, handle)
  if (!owner) return null
  const sign = signer(secret, owner.user_id)
  const [homes, cities] = await Promise.all([
    listPublicHomes(db, owner.user_id, filters),
    listPublicCities(db, owner.user_id),
  ])
  const agent = agentCard(owner, sign)
  const digits = owner.theme.whatsapp || owner.phone || ''
  return {
    agent,
    noindex: owner.noindex,
    cities,
    // The page's own button names no property: it opens WhatsApp directly (the counts are per property).
    whatsappHref: whatsappUrl(digits, `Olá, ${agent.name}! Vi sua página de imóveis e gostaria de mais informações.`),
    homes: homes.map((home) => {
      const cover = coverOf(home.gallery)
      return {
        href: listingPath(owner.handle, home),
        name: home.name,
        kind: `${homeCategoryLabel(home.category)} · ${homeStatusLabel(home.status)}`,
        place: `${home.neighborhood}, ${home.city}`,
        price: priceOf(home),
        priceSuffix: priceSuffix(home),
        cover: cover ? photoUrl(sign, cover, 400) : null,
      }
    }),
  }
}

/** The page's property and owner from the address, or null (unknown, archived, the slug of another id). */
export async function resolveListing(db: Database, handle: string, slug: string) {
  const owner = await findPageByHandle(db, handle)
  const id = idOfSlug(slug)
  if (!owner || !id) return null
  const home = await getPublicHome(db, owner.user_id, id)
  return home ? { owner, home } : null
}

/** The code the page's buttons carry: the post's or kit's (?de=) when it is this property's, else the page's own. */
async function buttonCode(db: Database, owner: PageOwner, home: Home, from: string | null) {
  const link = from ? await findShortLink(db, from) : null
  if (link && link.home_id === home.id && link.user_id === owner.user_id) return link.code
  return shortLinkFor(db, owner.user_id, home.id)
}

function jsonLd(home: Home, pageUrl: string, imageUrl: string, agent: AgentCard) {
  const price = home.status === 'rent' ? home.rental_price : home.price
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: home.name,
    url: pageUrl,
    image: imageUrl,
    description: home.description ?? undefined,
    datePosted: home.created_at.toISOString().slice(0, 10),
    about: {
      '@type': home.type === 'commercial' ? 'Place' : 'Accommodation',
      address: {
        '@type': 'PostalAddress',
        addressLocality: home.city,
        addressRegion: home.state,
        addressCountry: 'BR',
      },
      floorSize: home.area ? { '@type': 'QuantitativeValue', value: home.area, unitCode: 'MTK' } : undefined,
      numberOfBedrooms: home.bedrooms ?? undefined,
    },
    offers: {
      '@type': 'Offer',
      price: price != null ? (price / 100).toFixed(2) : undefined,
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      businessFunction:
        home.status === 'rent' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      seller: { '@type': 'RealEstateAgent', name: agent.name },
    },
  }
}

/** The map only after a tap: a link to OpenStreetMap at the property's position. */
const osmLink = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`

function homeFacts(home: Home) {
  const facts: string[] = []
  if (home.area) facts.push(`${String(home.area).replace('.', ',')} m²`)
  if (home.bedrooms != null) facts.push(`${home.bedrooms} ${home.bedrooms === 1 ? 'quarto' : 'quartos'}`)
  if (home.suites) facts.push(`${home.suites} ${home.suites === 1 ? 'suíte' : 'suítes'}`)
  if (home.bathrooms != null) facts.push(`${home.bathrooms} ${home.bathrooms === 1 ? 'banheiro' : 'banheiros'}`)
  if (home.parking_spaces) facts.push(`${home.parking_spaces} ${home.parking_spaces === 1 ? 'vaga' : 'vagas'}`)
  return facts
}

/** /c/{handle}/{slug}: the property's page, its share tags' data and its JSON-LD; counts one view. */
export async function listingPageData(
  db: Database,
  options: { secret: string; origin: string; handle: string; slug: string; from: string | null; countView: boolean },
) {
  const found = await resolveListing(db, options.handle, options.slug)
  if (!found) return null
  const { owner, home } = found
  const sign = signer(options.secret, owner.user_id)
  const agent = agentCard(owner, sign)
  const code = await buttonCode(db, owner, home, options.from)
  if (options.countView)
    await recordListingEvent(db, { user_id: owner.user_id, home_id: home.id, kind: 'view', link_code: code })
  const path = listingPath(owner.handle, home)
  const pageUrl = absoluteUrl(options.origin, path)
  const imageUrl = absoluteUrl(options.origin, `${path}/capa.jpg?v=${home.updated_at.getTime()}`)
  return {
    canonical: path,
    slugMatches: listingSlug(home) === options.slug,
    pageUrl,
    imageUrl,
    noindex: owner.noindex,
    agent,
    code,
    codeLabel: homeCode(home.id),
    home: {
      name: home.name,
      kind: `${homeCategoryLabel(home.category)} · ${homeStatusLabel(home.status)}`,
      place: `${home.neighborhood}, ${home.city} – ${home.state}`,
      price: priceOf(home),
      priceSuffix: priceSuffix(home),
      condominium: home.condominium_price ? formatBRL(home.condominium_price) : null,
      iptu: home.iptu_price ? formatBRL(home.iptu_price) : null,
      description: home.description ?? '',
      facts: homeFacts(home),
      features: home.features.map(homeFeatureLabel),
      amenities: home.amenities.map(homeAmenityLabel),
      nearby: home.nearby_places.slice(0, 8).map((place) => ({ name: place.name, kind: nearbyPlaceLabel(place) })),
      photos: home.gallery
        .map((item) => ({ src: photoUrl(sign, item, 1080), alt: item.caption || home.name }))
        .filter((photo): photo is { src: string; alt: string } => Boolean(photo.src)),
      mapHref: home.location ? osmLink(home.location.latitude, home.location.longitude) : null,
    },
    jsonLd: jsonLd(home, pageUrl, imageUrl, agent),
    hasPhone: Boolean(owner.theme.whatsapp || owner.phone),
  }
}

/**
 * The share image: the post renderer's cover of the property (1080×1080, as the agent's posts)
 * centred on a 1200×630 card over a blurred, darkened copy of itself, JPEG. The cover's layout is
 * drawn for a square: laid out at 1200×630 its badges ran into the title.
 */
export async function listingCoverJpeg(db: Database, storage: Storage, handle: string, slug: string) {
  const found = await resolveListing(db, handle, slug)
  if (!found) return null
  const { owner, home } = found
  const content = buildPostContent({
    post: { id: 0, template: null, format: 'feed', meta: {}, media: null },
    home,
    owner: { full_name: owner.full_name, phone: owner.phone, theme: owner.theme },
  })
  const load = storageImageLoader({ storage, ownerId: owner.user_id, media: home.gallery })
  const cover = await renderSlide(content, mainSlide(content), load, { format: 'jpeg' })
  const { width, height } = SHARE_IMAGE
  const [backdrop, square] = await Promise.all([
    sharp(cover).resize(width, height, { fit: 'cover' }).blur(24).modulate({ brightness: 0.55 }).toBuffer(),
    sharp(cover).resize(height, height).toBuffer(),
  ])
  const bytes = await sharp(backdrop)
    .composite([{ input: square, left: Math.round((width - height) / 2), top: 0 }])
    .jpeg({ quality: 82, chromaSubsampling: '4:2:0' })
    .toBuffer()
  return { bytes, version: home.updated_at.getTime() }
}

/** sitemap.xml: every indexable public page and its properties. */
export async function sitemapXml(db: Database, origin: string): Promise<string> {
  const rows = await listSitemapEntries(db)
  const urls = new Map<string, string | null>()
  for (const row of rows) {
    urls.set(absoluteUrl(origin, publicPagePath(row.handle)), null)
    if (row.id && row.name) {
      urls.set(
        absoluteUrl(origin, listingPath(row.handle, { id: row.id, name: row.name })),
        row.updated_at?.toISOString() ?? null,
      )
    }
  }
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const entries = [...urls].map(
    ([loc, lastmod]) =>
      `<url><loc>${escape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>\n`
}
