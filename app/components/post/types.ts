import type { SlideArt } from '~/domain/occasion-art'
import type { BrandContent, HomeContent, SlidePosition } from '~/domain/post-content'
import type { Slide } from '~/domain/slides'
import type { SlideKit } from './kit'

/** What every layout receives. Image fields hold stored URLs; `kit.src` turns them into sources. */
export type LayoutProps = {
  kit: SlideKit
  slide: Slide
  home: HomeContent | null
  brand: BrandContent
  /** The occasion art of a text post (datas, dicas, institucional, depoimentos). */
  art?: SlideArt | null
  /** "2/7" on a carousel's slides; absent on a single image. */
  position?: SlidePosition | null
}

/** An image a layout draws, with the box it fills: the renderer prepares it at that size. */
export type ImageNeed = { ref: string; width: number; height: number; fit: 'cover' | 'contain' }
