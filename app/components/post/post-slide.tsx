// One slide of a post, drawn by its layout. The same element renders the HTML post view and,
// through Takumi, the PNG.
import { slidePosition, type BrandContent, type HomeContent, type PostContent } from '~/domain/post-content'
import type { PostTheme } from '~/domain/post-theme'
import { slideLayout, type FormatSize, type Slide, type SlideType } from '~/domain/slides'
import { CarouselMarks } from './carousel-marks'
import { ClosingSlide } from './closing'
import { CoverSlide, coverNeeds } from './cover'
import { FeaturesSlide } from './features'
import { FloorPlanSlide, floorPlanNeeds } from './floor-plan'
import type { SlideKit } from './kit'
import { PhotoSlide, photoNeeds } from './photo'
import { PhotoGridSlide, photoGridNeeds } from './photo-grid'
import { StoryContactFrame, StoryFactsFrame, StoryPhotoFrame, storyFactsNeeds, storyPhotoNeeds } from './story-frames'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'

const LAYOUTS: Record<SlideType, (props: LayoutProps) => React.ReactElement | null> = {
  cover: CoverSlide,
  photo: PhotoSlide,
  'photo-grid': PhotoGridSlide,
  features: FeaturesSlide,
  'floor-plan': FloorPlanSlide,
  text: TextSlide,
  closing: ClosingSlide,
  'story-photo': StoryPhotoFrame,
  'story-facts': StoryFactsFrame,
  'story-contact': StoryContactFrame,
}

/** Boxes the logo is prepared for (the badge and the closing avatar both fit inside). */
export const LOGO_NEED = { width: 440, height: 220, fit: 'contain' as const }

/** Every image a slide draws, at the size it is drawn (the renderer prepares exactly these). */
export function slideImageNeeds(
  slide: Slide,
  content: Pick<PostContent, 'home' | 'brand' | 'slides' | 'media'> & { theme?: Pick<PostTheme, 'cover'> },
  size: FormatSize,
): ImageNeed[] {
  const props = { slide, home: content.home, position: slidePosition(content, slide) }
  const needs: ImageNeed[] = []
  switch (slideLayout(slide)) {
    case 'cover':
      needs.push(...coverNeeds(props, size, content.theme?.cover))
      break
    case 'photo':
      needs.push(...photoNeeds(props, size))
      break
    case 'photo-grid':
      needs.push(...photoGridNeeds(props, size))
      break
    case 'floor-plan':
      needs.push(...floorPlanNeeds(props, size))
      break
    case 'story-photo':
      needs.push(...storyPhotoNeeds(props, size))
      break
    case 'story-facts':
      needs.push(...storyFactsNeeds(props, size))
      break
  }
  if (content.brand.logo) needs.push({ ref: content.brand.logo, ...LOGO_NEED })
  return needs
}

export function PostSlide(props: {
  kit: SlideKit
  slide: Slide
  home: HomeContent | null
  brand: BrandContent
  art?: LayoutProps['art']
  position?: LayoutProps['position']
}) {
  const Layout = LAYOUTS[slideLayout(props.slide)]
  // A Story has Instagram's own progress bar above it: no "2/6" of ours.
  if (!props.position || props.kit.height >= 1800) return <Layout {...props} />
  const { kit } = props
  return (
    <div style={{ display: 'flex', position: 'relative', width: kit.u(kit.width), height: kit.u(kit.height) }}>
      <Layout {...props} />
      <CarouselMarks kit={kit} position={props.position} />
    </div>
  )
}
