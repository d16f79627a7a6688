import type { BrandContent, HomeContent } from '~/domain/post-content'
import type { Slide } from '~/domain/slides'
import type { SlideKit } from './kit'

/** What every layout receives. Image fields hold stored URLs; `kit.src` turns them into sources. */
export type LayoutProps = {
  kit: SlideKit
  slide: Slide
  home: HomeContent | null
  brand: BrandContent
}

/** An image a layout draws, with the box it fills: the renderer prepares it at that size. */
export type ImageNeed = { ref: string; width: number; height: number; fit: 'cover' | 'contain' }
