// The thumbnails of the "Capa" picker: the post's own cover drawn in another composition, small
// (WebP, 270 px wide), so the agent sees their photo and words in each layout before switching.
// Kept in an in-process LRU by the post's version and the composition.
import sharp from 'sharp'
import type { CompositionId } from '~/domain/compositions'
import { mainSlide } from '~/domain/post-content'
import { renderElement, slideInput, storageImageLoader } from '~/integrations/render/render.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { createRenderQueue } from './post-image-cache.server'
import type { PublicPost } from './post-images.server'

export const OPTION_WIDTH = 270

const queue = createRenderQueue(12 * 1024 * 1024)

async function drawOption(data: PublicPost, composition: CompositionId, storage: Storage): Promise<Uint8Array> {
  const content = { ...data.content, theme: { ...data.content.theme, cover: composition } }
  const slides = content.slides.filter((slide) => !slide.hide)
  const slide = slides.find((s) => s.type === 'cover') ?? mainSlide(content)
  const load = storageImageLoader({
    storage,
    ownerId: data.post.user_id,
    media: [...(data.home?.gallery ?? []), ...(data.home?.floor_plans ?? [])],
  })
  const png = await renderElement(await slideInput(content, slide, load), { format: 'png' })
  const height = Math.round((OPTION_WIDTH * content.size.height) / content.size.width)
  return sharp(png).resize(OPTION_WIDTH, height).webp({ quality: 70, effort: 2 }).toBuffer()
}

/** The post's cover in `composition`, as a small WebP (from the cache when drawn before). */
export function coverOption(data: PublicPost, composition: CompositionId, storage: Storage): Promise<Uint8Array> {
  return queue.get(`${data.version}:${composition}`, () => drawOption(data, composition, storage))
}
