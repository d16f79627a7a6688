// A media kit's files, drawn on demand from the kit and its property: the post pieces by the slide
// renderer (Takumi, ADR 045), the A4 flyer by pdf-lib (ADR 110), the texts, and the whole kit as
// a streamed stored zip named after the property. Only public listing data reaches a file: the
// agent's name, their phone when the kit shows it, CRECI; never the e-mail or the account id.
// What the public maker page may see is made here too (publicKit): photos get public names.
import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  KIT_FORMAT_LABELS,
  KIT_PIECE_LABELS,
  kitFiles,
  kitPiece,
  kitTexts,
  piecesWithoutPhone,
  type KitFile,
  type KitFormat,
  type KitPiece,
} from '~/domain/media-kit'
import { homeContent, initialsOf, type BrandContent, type HomeContent, type PostContent } from '~/domain/post-content'
import { resolvePostTheme, type PostTheme } from '~/domain/post-theme'
import { A4, formatSize, visibleSlides, type FormatSize, type Slide } from '~/domain/slides'
import { RENDERER_VERSION, renderSlide, storageImageLoader, storageKeyOf } from '~/integrations/render/render.server'
import { streamStoredZip } from '~/integrations/render/zip.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { kitBrand, type KitBrand, type KitWithHome } from '~/models/media-kits.server'
import { shortLinkFor } from '~/models/listing-stats.server'
import { getPublicPage } from '~/models/public-pages.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import { createRenderQueue } from './post-image-cache.server'

/** Everything a kit's files are drawn from. */
export type KitData = KitWithHome & {
  /** The listing page's short address (/l/{code}, counted for this kit), when the agent has a page. */
  listingUrl: string | null
  brand: KitBrand
  theme: PostTheme
  homeContent: HomeContent
  brandContent: BrandContent & { creci: string | null }
}

/** The kit's short link to the listing page: the one its texts carry (made with the kit), or null
 * when the agent has no public page or the address of the site is unknown. */
async function kitListingUrl(db: Database, data: KitWithHome, siteUrl: string | null | undefined) {
  if (!siteUrl || !(await getPublicPage(db, data.kit.user_id))) return null
  const code = await shortLinkFor(db, data.kit.user_id, data.home.id, { kitId: data.kit.id })
  return `${siteUrl.replace(/\/$/, '')}/l/${code}`
}

export async function loadKitData(db: Database, data: KitWithHome, siteUrl?: string | null): Promise<KitData> {
  const [brand, listingUrl] = await Promise.all([kitBrand(db, data.kit.user_id), kitListingUrl(db, data, siteUrl)])
  const theme = resolvePostTheme(data.home.theme, brand.theme)
  // Not shown means nowhere: the words written with the phone lose it too.
  const kit = data.kit.show_phone ? data.kit : { ...data.kit, pieces: piecesWithoutPhone(data.kit.pieces, brand.phone) }
  return {
    ...data,
    kit,
    listingUrl,
    brand,
    theme,
    homeContent: homeContent(data.home),
    brandContent: {
      name: brand.name,
      phone: data.kit.show_phone ? brand.phone : null,
      initials: initialsOf(brand.name),
      logo: theme.logo,
      creci: brand.creci,
    },
  }
}

export function pieceSize(format: KitFormat): FormatSize {
  return format === 'a4' ? { width: Math.round(A4.width), height: Math.round(A4.height) } : formatSize(format)
}

function pieceContent(data: KitData, piece: KitPiece): PostContent {
  return {
    postId: data.kit.id,
    template: null,
    size: pieceSize(piece.format),
    theme: data.theme,
    home: data.homeContent,
    brand: data.brandContent,
    slides: piece.slides,
    media: null,
  }
}

/** Changes whenever anything a file shows changes. */
function fileEtag(data: KitData, piece: KitPiece | null, file: KitFile): string {
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        RENDERER_VERSION,
        data.kit.id,
        data.kit.show_phone,
        piece,
        data.home.updated_at,
        data.brandContent,
        data.theme,
        data.listingUrl,
        file.name,
      ]),
    )
    .digest('base64url')
    .slice(0, 22)
  return `"kit-${hash}"`
}

export const KIT_CONTENT_TYPES: Record<KitFile['type'], string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  text: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
}

/** The kit's files: with the listing page's QR code when there is a page. */
export const kitFilesOf = (data: Pick<KitData, 'kit' | 'listingUrl'>) =>
  kitFiles(data.kit.pieces, { qr: Boolean(data.listingUrl) })

/** The owner's stored photo (original: the flyer prints it), or null. */
async function ownPhoto(storage: Storage, data: KitData, ref: string | null | undefined): Promise<Uint8Array | null> {
  const key = ref ? storageKeyOf(ref) : null
  if (!key || !key.startsWith(`users/${data.kit.user_id}/`)) return null
  return storage.get(key)
}

async function flyerFile(storage: Storage, data: KitData, piece: KitPiece): Promise<Uint8Array> {
  const [cover, ...strip] = piece.slides
  const photos = data.homeContent.photos
  const [hero, logo] = await Promise.all([
    ownPhoto(storage, data, cover?.image ?? photos[0]),
    ownPhoto(storage, data, data.brandContent.logo),
  ])
  const stripBytes = await Promise.all(
    strip.filter((s) => !s.hide).map((slide) => ownPhoto(storage, data, slide.image)),
  )
  const plan = data.home.floor_plans.find((item) => item?.url)
  const planBytes = plan ? await ownPhoto(storage, data, plan.url) : null
  // pdf-lib and fontkit (≈ 0.4 s to load) come in with the first flyer, not at start-up (ADR 194).
  const { flyerPdf } = await import('~/integrations/render/flyer-pdf.server')
  return flyerPdf({
    theme: data.theme,
    home: data.homeContent,
    title: cover?.title?.trim() || data.home.name,
    body: piece.text ?? '',
    contact: data.brandContent,
    logo,
    hero,
    strip: stripBytes.filter((b): b is Uint8Array => b !== null),
    link: data.listingUrl,
    floorPlan: planBytes ? { bytes: planBytes, caption: plan?.caption ?? null } : null,
  })
}

type Service = { storage: Storage; logger: Logger; queue: ReturnType<typeof createRenderQueue> }

function makeFile(service: Service, data: KitData, file: KitFile): Promise<Uint8Array> {
  const piece = kitPiece(data.kit.pieces, file.piece)
  if (file.type === 'text') return Promise.resolve(Buffer.from(kitTexts(data.home.name, data.kit.pieces), 'utf8'))
  if (!piece) throw new Error(`no piece ${file.piece}`)
  if (file.type === 'svg') {
    const link = data.listingUrl
    if (!link) throw new Error('no listing page for the QR code')
    return import('~/integrations/render/qr.server').then(async ({ qrSvg }) => Buffer.from(await qrSvg(link), 'utf8'))
  }
  return service.queue.get(fileEtag(data, piece, file), async () => {
    if (file.type === 'pdf') return flyerFile(service.storage, data, piece)
    const slides = visibleSlides(piece.slides)
    const slide: Slide | undefined = slides[file.slide ?? 0]
    if (!slide) throw new Error(`no slide ${file.name}`)
    const loader = storageImageLoader({
      storage: service.storage,
      ownerId: data.kit.user_id,
      media: [...data.home.gallery, ...data.home.floor_plans],
    })
    return renderSlide(pieceContent(data, piece), slide, loader, { format: file.type === 'jpeg' ? 'jpeg' : 'png' })
  })
}

function kitZip(service: Service, data: KitData): { stream: Readable; files: string[] } {
  return streamStoredZip(
    kitFilesOf(data).map((file) => ({ name: file.name, bytes: () => makeFile(service, data, file) })),
    {
      concurrency: 2,
      // Dated by the kit's last change: the same kit gives the same bytes.
      modified: data.kit.updated_at,
      onError: (source, error) =>
        service.logger.error('media kit file failed; skipped', {
          kitId: data.kit.id,
          file: source.name,
          error,
        }),
    },
  )
}

export function createKitFiles(options: { storage: Storage; logger: Logger; cacheBytes?: number }) {
  const service: Service = { ...options, queue: createRenderQueue(options.cacheBytes ?? 64 * 1024 * 1024) }
  return {
    file: (data: KitData, file: KitFile) => makeFile(service, data, file),
    etag: (data: KitData, file: KitFile) => fileEtag(data, kitPiece(data.kit.pieces, file.piece), file),
    zip: (data: KitData) => kitZip(service, data),
  }
}

export type KitFiles = ReturnType<typeof createKitFiles>

// ------------------------------------------------------------------ what the public page sees

/** Stored URL → public name ('foto-3', 'planta-1', 'logo'): the page never sees a storage key. */
export function publicRefs(data: KitData): Map<string, string> {
  const refs = new Map<string, string>()
  data.homeContent.photos.forEach((url, i) => refs.set(url, `foto-${i + 1}`))
  data.homeContent.floorPlans.forEach((url, i) => refs.set(url, `planta-${i + 1}`))
  if (data.theme.logo) refs.set(data.theme.logo, 'logo')
  return refs
}

const slidePublic =
  (refs: Map<string, string>) =>
  (slide: Slide): Slide => ({
    ...slide,
    image: slide.image ? (refs.get(slide.image) ?? null) : null,
  })

export type PublicKit = ReturnType<typeof publicKit>

/** The kit as anyone with its link may see it: listing facts, brand, pieces; nothing private. */
export function publicKit(data: KitData) {
  const refs = publicRefs(data)
  const pub = (ref: string) => refs.get(ref) ?? ''
  return {
    home: {
      ...data.homeContent,
      photos: data.homeContent.photos.map(pub),
      floorPlans: data.homeContent.floorPlans.map(pub),
    },
    brand: { ...data.brandContent, logo: data.brandContent.logo ? pub(data.brandContent.logo) : null },
    theme: { ...data.theme, logo: data.theme.logo ? pub(data.theme.logo) : null },
    /** The listing page's short address (public: the kit's texts carry it too). */
    listingUrl: data.listingUrl,
    pieces: data.kit.pieces.map((piece) => ({
      key: piece.key,
      label: KIT_PIECE_LABELS[piece.key],
      formatLabel: KIT_FORMAT_LABELS[piece.format],
      size: pieceSize(piece.format),
      text: piece.text,
      slides: visibleSlides(piece.slides).map(slidePublic(refs)),
    })),
  }
}

/** The stored key behind a public name, for the maker's photo files (the 1080 px derivative). */
export function publicPhotoKey(data: KitData, name: string): string | null {
  for (const [url, publicName] of publicRefs(data)) {
    if (publicName !== name) continue
    const item = [...data.home.gallery, ...data.home.floor_plans].find((media) => media.url === url)
    const key = item?.variants?.w1080 ?? storageKeyOf(url)
    return key && key.startsWith(`users/${data.kit.user_id}/`) ? key : null
  }
  return null
}
