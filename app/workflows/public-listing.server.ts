// The agent's and a property's public pages (ADR 223), read through the handle: photos by signed
// /uploads links (ADR 021), buttons through short links (/r/{code}), the share image (the post
// renderer's cover at 1200×630), the JSON-LD, the sitemap. Nothing shows the owner's e-mail.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { Home } from '~/models/homes.server'
import { brandContacts, brandPostTheme, creciLabel } from '~/domain/brand'
import { plainTextOf } from '~/domain/feeds'
import { homeAmenityLabel, homeCategoryLabel, homeFeatureLabel, homeStatusLabel } from '~/domain/home'
import { SHARE_IMAGE, homeCode, idOfSlug, listingPath, listingSlug, publicPagePath, whatsappUrl } from '~/domain/leads'
import { coverOf, type MediaItem } from '~/domain/media'
import { formatBRL } from '~/domain/money'
import { nearbyFacts } from '~/domain/nearby'
import { buildPostContent, mainSlide } from '~/domain/post-content'
import { absoluteUrl } from '~/domain/public-links'
import {
  RENDERER_VERSION,
  agentCardPhotoBoxes,
  prepareImage,
  renderAgentCard,
  renderSlide,
  storageImageLoader,
  storageKeyOf,
} from '~/integrations/render/render.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { signedOwnUploadUrl } from '~/integrations/storage/upload-links.server'
import {
  findPageByHandle,
  getPublicHome,
  listPublicCities,
  listPublicHomes,
  listSitemapEntries,
  type PageOwner,
  type PublicHomeFilters,
} from '~/models/public-pages.server'
import { findShortLink, shortLinkFor } from '~/models/listing-stats.server'
import type { ListingEvent } from '~/workflows/listing-counts.server'
import type { Database } from '~/utils/db.server'
import { currentLogger } from '~/utils/logger.server'
import { listingConsentText } from '~/workflows/lead-privacy.server'

/** Signed links expire on a day boundary, so a page's HTML stays the same all day. */
function signer(secret: string, ownerId: string, now = Date.now()) {
  const day = 24 * 3600 * 1000
  const issued = Math.floor(now / day) * day
  return (ref: string | null | undefined, variant?: string | null): string | null => {
    const key = ref ? storageKeyOf(ref) : null
    if (!key || !key.startsWith(`users/${ownerId}/`)) return null
    return signedOwnUploadUrl(secret, ownerId, variant ?? key, 8 * 24 * 3600, issued)
  }
}

const photoUrl = (sign: ReturnType<typeof signer>, item: MediaItem, size: 400 | 1080) =>
  sign(item.url, item.variants?.[`w${size}`] ?? item.variants?.original)

export type ResponsivePhoto = { src: string; srcSet: string | null; alt: string }

/**
 * A photo as the page shows it: the 1080 px file, and the 400, 800 and 1080 px ones for the
 * browser to choose from (`srcset` with each file's real width: a portrait photo is narrower).
 */
function responsivePhoto(sign: ReturnType<typeof signer>, item: MediaItem, alt: string): ResponsivePhoto | null {
  const src = photoUrl(sign, item, 1080)
  if (!src) return null
  const widthAt = (side: number) =>
    item.width && item.height ? Math.round(item.width * Math.min(1, side / Math.max(item.width, item.height))) : side
  const candidates = ([400, 800, 1080] as const)
    .map((side) => ({ key: item.variants?.[`w${side}`], width: widthAt(side) }))
    .filter((c): c is { key: string; width: number } => Boolean(c.key))
    .map((c) => ({ url: sign(item.url, c.key), width: c.width }))
    .filter((c, i, all) => c.url && all.findIndex((o) => o.width === c.width) === i)
  return {
    src,
    srcSet: candidates.length > 1 ? candidates.map((c) => `${c.url} ${c.width}w`).join(', ') : null,
    alt,
  }
}

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

/** The page's price: a price never given (a feed's "sob consulta") reads "Sob consulta". */
const priceOf = (home: Pick<Home, 'status' | 'price' | 'rental_price'>) => {
  const cents = home.status === 'rent' ? home.rental_price : home.price
  return cents == null ? 'Sob consulta' : formatBRL(cents)
}
const priceSuffix = (home: Pick<Home, 'status' | 'rental_price'>) =>
  home.status === 'rent' && home.rental_price != null ? '/mês' : ''

/** The share card's version: the profile and the properties it shows. */
const agentCardVersion = (owner: PageOwner, homes: Home[]) =>
  createHash('sha256')
    .update(
      [
        RENDERER_VERSION,
        owner.updated_at.getTime(),
        homes.length,
        ...homes.slice(0, 3).map((h) => `${h.id}:${h.updated_at.getTime()}`),
      ].join('|'),
    )
    .digest('base64url')
    .slice(0, 16)

/** schema.org RealEstateAgent: who the page is, how to reach them, where they work. */
function agentJsonLd(owner: PageOwner, agent: AgentCard, pageUrl: string, imageUrl: string, cities: string[]) {
  const digits = (owner.theme.whatsapp || owner.phone || '').replace(/\D/g, '')
  const national = digits.startsWith('55') && digits.length > 11 ? digits.slice(2) : digits
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: agent.name,
    url: pageUrl,
    image: agent.logo || agent.photo ? absoluteUrl(new URL(pageUrl).origin, (agent.logo || agent.photo)!) : imageUrl,
    telephone: national.length >= 10 ? `+55${national}` : undefined,
    areaServed: cities.length ? cities.map((name) => ({ '@type': 'City', name })) : undefined,
    sameAs: owner.theme.instagram ? [`https://www.instagram.com/${owner.theme.instagram}`] : undefined,
    identifier: agent.creci ?? undefined,
  }
}

/** /c/{handle}: the agent and the active properties, with the page's filters. */
export async function publicPageData(
  db: Database,
  options: { secret: string; origin: string; handle: string; filters: PublicHomeFilters },
) {
  const owner = await findPageByHandle(db, options.handle)
  if (!owner) return null
  const sign = signer(options.secret, owner.user_id)
  const [homes, all, cities] = await Promise.all([
    listPublicHomes(db, owner.user_id, options.filters),
    listPublicHomes(db, owner.user_id),
    listPublicCities(db, owner.user_id),
  ])
  const agent = agentCard(owner, sign)
  const digits = owner.theme.whatsapp || owner.phone || ''
  const path = publicPagePath(owner.handle)
  const pageUrl = absoluteUrl(options.origin, path)
  const imageUrl = absoluteUrl(options.origin, `${path}/capa.jpg?v=${agentCardVersion(owner, all)}`)
  return {
    agent,
    pageUrl,
    imageUrl,
    jsonLd: agentJsonLd(owner, agent, pageUrl, imageUrl, cities),
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

function jsonLd(home: Home, pageUrl: string, images: string[], agent: AgentCard, description: string) {
  const price = home.status === 'rent' ? home.rental_price : home.price
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: home.name,
    url: pageUrl,
    image: images,
    description: description || undefined,
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
      numberOfRooms: home.bedrooms ?? undefined,
      numberOfBathroomsTotal: home.bathrooms ?? undefined,
    },
    offers: {
      '@type': 'Offer',
      price: price != null ? (price / 100).toFixed(2) : undefined,
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      businessFunction:
        home.status === 'rent' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      seller: {
        '@type': 'RealEstateAgent',
        name: agent.name,
        url: absoluteUrl(new URL(pageUrl).origin, agent.pageHref),
      },
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
  options: {
    secret: string
    origin: string
    handle: string
    slug: string
    from: string | null
    /** Counts the view (a person's first of the hour: countListingEvent); none for a HEAD. */
    countView: ((event: ListingEvent) => Promise<unknown>) | null
  },
) {
  const found = await resolveListing(db, options.handle, options.slug)
  if (!found) return null
  const { owner, home } = found
  const sign = signer(options.secret, owner.user_id)
  const agent = agentCard(owner, sign)
  const code = await buttonCode(db, owner, home, options.from)
  if (options.countView)
    await options.countView({ user_id: owner.user_id, home_id: home.id, kind: 'view', link_code: code })
  const path = listingPath(owner.handle, home)
  const pageUrl = absoluteUrl(options.origin, path)
  const imageUrl = absoluteUrl(options.origin, `${path}/capa.jpg?v=${home.updated_at.getTime()}`)
  const photos = home.gallery
    .map((item) => responsivePhoto(sign, item, item.caption || home.name))
    .filter((photo): photo is ResponsivePhoto => photo !== null)
  const floorPlans = home.floor_plans
    .map((item, i) => responsivePhoto(sign, item, item.caption || `Planta ${i + 1} de ${home.name}`))
    .filter((photo): photo is ResponsivePhoto => photo !== null)
  // Feeds send HTML; a description imported before it was cleaned shows as plain text too.
  const description = plainTextOf(home.description) ?? ''
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
      description,
      facts: homeFacts(home),
      features: home.features.map(homeFeatureLabel),
      amenities: home.amenities.map(homeAmenityLabel),
      neighborhood: home.neighborhood,
      nearby: nearbyFacts(home).slice(0, 8),
      photos,
      floorPlans,
      mapHref: home.location ? osmLink(home.location.latitude, home.location.longitude) : null,
    },
    jsonLd: jsonLd(
      home,
      pageUrl,
      [imageUrl, ...photos.map((photo) => absoluteUrl(options.origin, photo.src))],
      agent,
      description,
    ),
    hasPhone: Boolean(owner.theme.whatsapp || owner.phone),
    consentText: listingConsentText(owner, home),
  }
}

/**
 * /c/{handle}/{slug}/capa.jpg: what the share image is (the canonical slug, its version, whether
 * its page is noindex), read without drawing it; `render` draws it.
 * The share image: the post renderer's cover of the property (1080×1080, as the agent's posts)
 * centred on a 1200×630 card over a blurred, darkened copy of itself, JPEG. The cover's layout is
 * drawn for a square: laid out at 1200×630 its badges ran into the title.
 */
export async function listingCover(db: Database, storage: Storage, handle: string, slug: string) {
  const found = await resolveListing(db, handle, slug)
  if (!found) return null
  const { owner, home } = found
  return {
    canonicalSlug: listingSlug(home),
    // The property, the agent's brand on it, the renderer's own version.
    version: createHash('sha256')
      .update(`${home.id}:${home.updated_at.getTime()}:${owner.updated_at.getTime()}:${RENDERER_VERSION}`)
      .digest('hex')
      .slice(0, 20),
    noindex: owner.noindex,
    render: () => drawListingCover(storage, owner, home),
  }
}

async function drawListingCover(storage: Storage, owner: PageOwner, home: Home) {
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
  return sharp(backdrop)
    .composite([{ input: square, left: Math.round((width - height) / 2), top: 0 }])
    .jpeg({ quality: 82, chromaSubsampling: '4:2:0' })
    .toBuffer()
}

/**
 * /c/{handle}/capa.jpg, the agent page's share image (1200×630): the agent's brand (logo or
 * initials, name, CRECI, the page's address) beside up to three of their properties' photos,
 * drawn by the post renderer (Takumi).
 */
export async function agentCover(db: Database, storage: Storage, handle: string, origin: string) {
  const owner = await findPageByHandle(db, handle)
  if (!owner) return null
  const homes = await listPublicHomes(db, owner.user_id)
  const version = agentCardVersion(owner, homes)
  return { version, noindex: owner.noindex, render: () => drawAgentCard(storage, owner, homes, origin) }
}

async function drawAgentCard(storage: Storage, owner: PageOwner, homes: Home[], origin: string) {
  const ownPrefix = `users/${owner.user_id}/`
  const read = async (ref: string | null | undefined, variant: string | undefined, box: ShareBox) => {
    const key = variant ?? (ref ? storageKeyOf(ref) : null)
    if (!key || !key.startsWith(ownPrefix)) return null
    const bytes = await storage.get(key)
    if (!bytes) return null
    return prepareImage(bytes, { ref: key, ...box }).catch((error: unknown) => {
      currentLogger().warn('listing photo unreadable; drawn without it', { key, error })
      return null
    })
  }
  const shown = homes.slice(0, 3)
  const boxes = agentCardPhotoBoxes(shown.length)
  const [logo, ...photos] = await Promise.all([
    read(owner.theme.logo ?? owner.avatar, undefined, { width: 160, height: 160, fit: 'contain' }),
    ...shown.map((home, i) => {
      const cover = coverOf(home.gallery)
      return read(cover?.url, cover?.variants?.w1080, { ...boxes[i]!, fit: 'cover' })
    }),
  ])
  const theme = brandPostTheme(owner.theme)
  const images = [
    ...(logo ? [{ src: 'logo', data: logo }] : []),
    ...photos.flatMap((data, i) => (data ? [{ src: `photo-${i}`, data }] : [])),
  ]
  return renderAgentCard(
    {
      name: owner.full_name?.trim() || owner.handle,
      creci: creciLabel(owner.theme.creci),
      address: absoluteUrl(origin, publicPagePath(owner.handle)).replace(/^https?:\/\//, ''),
      count: homes.length,
      color: theme.primary,
      accent: theme.secondary,
      logo: logo ? 'logo' : null,
      homes: shown.map((home, i) => ({
        photo: photos[i] ? `photo-${i}` : null,
        name: home.name,
        price: priceOf(home) + priceSuffix(home),
        place: home.neighborhood,
      })),
    },
    images,
  )
}

type ShareBox = { width: number; height: number; fit: 'cover' | 'contain' }

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
