// The pictures of /modelos (ADR 173): each template's first slide as the agent would get it,
// made from the chosen property (its own photos and facts) or from a sample property (the demo's
// facts and photos drawn in code), with the agent's own brand. Planned and written the way a
// generation is (planSlides, the offline writer with a fixed seed, so the same inputs always
// draw the same picture), drawn by the post renderer at full size and shrunk to a small WebP.
// Kept in an in-process LRU by version. See ADR 173.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { Home } from '~/models/homes.server'
import type { PostTemplate } from '~/models/templates.server'
import { withComposition } from '~/domain/compositions'
import { DEMO_HOME } from '~/domain/demo-home'
import type { HomeFacts } from '~/domain/home-facts'
import type { MediaItem } from '~/domain/media'
import { buildPostContent, mainSlide, type OwnerInput } from '~/domain/post-content'
import { planSlides, readTemplateDesign, seededRandom, type TemplateFormat } from '~/domain/post-plan'
import { templateFormFields } from '~/domain/fields/template-fields'
import { formatSize } from '~/domain/slides'
import { writeOfflineCopy } from '~/domain/copywriter/offline'
import { applyCopy } from '~/domain/copy'
import {
  RENDERER_VERSION,
  renderElement,
  slideInput,
  storageImageLoader,
  type ImageLoader,
} from '~/integrations/render/render.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { createRenderQueue } from './post-image-cache.server'
// The seed's photos, drawn in code (SVG → sharp): no image comes from the web.
import { floorPlan, roomPhoto, type Scene } from '~/integrations/images/sample-photos.server'

/** Width of a preview in pixels (two columns of cards on a phone at 2× density). */
export const PREVIEW_WIDTH = 360

/** The preview's size in pixels for a template's format. */
export function previewSize(format: string): { width: number; height: number } {
  const size = formatSize(format)
  return { width: PREVIEW_WIDTH, height: Math.round((PREVIEW_WIDTH * size.height) / size.width) }
}

// ------------------------------------------------------------------ the sample property

const SAMPLE_PREFIX = '/amostra/'
const SAMPLE_SCENES: Scene[] = ['facade', 'living', 'kitchen', 'bedroom', 'pool']
const SAMPLE_PLAN = `${SAMPLE_PREFIX}planta.png`

const sampleItem = (scene: Scene, index: number): MediaItem => ({
  name: `${scene}.jpg`,
  url: `${SAMPLE_PREFIX}${scene}.jpg`,
  featured: index === 0,
  width: 1080,
  height: 810,
})

/** The sample property: the demo apartment's facts with photos drawn in code. */
export const SAMPLE_HOME: HomeFacts = {
  ...DEMO_HOME,
  name: 'Apartamento 3 suítes com varanda gourmet no Itaim Bibi',
  gallery: SAMPLE_SCENES.map(sampleItem),
  floor_plans: [{ name: 'planta.png', url: SAMPLE_PLAN }],
}

/** The sample for rent templates (category 'aluguel'): the same apartment, to let. */
const SAMPLE_RENTAL: HomeFacts = { ...SAMPLE_HOME, status: 'rent', price: null, rental_price: 650000 }

const samplePhotos = new Map<string, Promise<Buffer>>()

/** A sample photo's bytes by its URL (drawn once per process); null for anything else. */
function samplePhoto(ref: string): Promise<Buffer> | null {
  if (!ref.startsWith(SAMPLE_PREFIX)) return null
  let bytes = samplePhotos.get(ref)
  if (!bytes) {
    const index = SAMPLE_SCENES.findIndex((scene) => ref === `${SAMPLE_PREFIX}${scene}.jpg`)
    if (index < 0 && ref !== SAMPLE_PLAN) return null
    bytes = index < 0 ? floorPlan(3) : roomPhoto(SAMPLE_SCENES[index]!, index, { width: 1080, height: 810, grain: 0 })
    bytes.catch(() => samplePhotos.delete(ref))
    samplePhotos.set(ref, bytes)
  }
  return bytes
}

// ------------------------------------------------------------------ version and render

export type PreviewTemplate = Pick<
  PostTemplate,
  'id' | 'name' | 'format' | 'design' | 'fields' | 'needs_home' | 'updated_at'
> & {
  category_slug?: string | null
}
export type PreviewOwner = OwnerInput & { updated_at: Date }
type PreviewHome = Pick<Home, 'id' | 'updated_at'>

/**
 * Changes whenever the picture would: the renderer, the template, the property (none: the
 * sample) or the agent's brand. Short and URL-safe: it goes in the image's address and ETag.
 */
export function previewVersion(
  template: Pick<PostTemplate, 'id' | 'updated_at'>,
  home: PreviewHome | null,
  ownerUpdatedAt: Date | null,
): string {
  return createHash('sha256')
    .update(
      [
        RENDERER_VERSION,
        'preview-1',
        template.id,
        template.updated_at.toISOString(),
        home ? `${home.id}@${home.updated_at.toISOString()}` : 'sample',
        ownerUpdatedAt?.toISOString() ?? '',
      ].join('|'),
    )
    .digest('base64url')
    .slice(0, 16)
}

/** Rendered previews by version (≈ 15–30 KB each). */
const queue = createRenderQueue(24 * 1024 * 1024)

/** Reads sample photos from memory, everything else (the property's photos, the logo) from storage. */
function previewLoader(storage: Storage, userId: string, home: Home | null): ImageLoader {
  const stored = storageImageLoader({
    storage,
    ownerId: userId,
    media: [...(home?.gallery ?? []), ...(home?.floor_plans ?? [])],
  })
  return async (ref, need) => (await samplePhoto(ref)) ?? stored(ref, need)
}

async function drawPreview(input: {
  template: PreviewTemplate
  home: Home | null
  owner: PreviewOwner | null
  storage: Storage
  userId: string
}) {
  const { template, owner } = input
  const format = template.format as TemplateFormat
  const design = readTemplateDesign(template.design)
  // A template that does not need a property is previewed without one, as most agents use it.
  const sample = template.category_slug === 'aluguel' ? SAMPLE_RENTAL : SAMPLE_HOME
  const home: HomeFacts | null = template.needs_home ? (input.home ?? sample) : null
  const random = seededRandom(template.id)
  const planned = planSlides({ design, format, home, random })
  const copy = writeOfflineCopy(
    {
      template: { name: template.name, kind: design.kind, format },
      home,
      fields: templateFormFields(template),
      values: {},
      agent: owner ? { name: owner.full_name, phone: owner.phone, email: null } : null,
      slides: planned,
      messages: [],
    },
    random,
  )
  const content = buildPostContent({
    post: {
      id: 0,
      template: null,
      format,
      // The template's own cover composition, as a new post of it gets.
      meta: { slides: applyCopy(planned, copy), fields: withComposition({}, design) },
      media: null,
    },
    home,
    owner,
  })
  const rendered = await slideInput(content, mainSlide(content), previewLoader(input.storage, input.userId, input.home))
  const png = await renderElement(rendered, { format: 'png' })
  const size = previewSize(format)
  return sharp(png).resize(size.width, size.height, { kernel: 'lanczos3' }).webp({ quality: 72, effort: 2 }).toBuffer()
}

/** A template's preview as WebP, from the cache when this version was drawn before. */
export function templatePreview(input: {
  template: PreviewTemplate
  home: Home | null
  owner: PreviewOwner | null
  storage: Storage
  userId: string
}): Promise<Uint8Array> {
  const version = previewVersion(input.template, input.home, input.owner?.updated_at ?? null)
  return queue.get(`${input.userId}:${version}`, () => drawPreview(input))
}
