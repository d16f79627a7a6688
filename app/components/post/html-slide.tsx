// A slide in the page: the same layout the PNG is drawn from, sized to its container (every
// length is a share of the container's width, so it scales to any screen without JavaScript).
import type { SlideArt } from '~/domain/occasion-art'
import type { BrandContent, HomeContent, SlidePosition } from '~/domain/post-content'
import type { PostTheme } from '~/domain/post-theme'
import type { FormatSize, Slide } from '~/domain/slides'
import { makeKit } from './kit'
import { PostSlide } from './post-slide'

export function HtmlSlide(props: {
  slide: Slide
  home: HomeContent | null
  brand: BrandContent
  theme: PostTheme
  size: FormatSize
  /** Stored URL → link the browser can load (signed). */
  sources: Record<string, string>
  label: string
  art?: SlideArt | null
  position?: SlidePosition | null
}) {
  const { size } = props
  const kit = makeKit({ target: 'html', size, theme: props.theme, src: (ref) => props.sources[ref] ?? null })
  return (
    <div
      role="img"
      aria-label={props.label}
      data-slide-frame=""
      style={{
        containerType: 'inline-size',
        width: '100%',
        aspectRatio: `${size.width} / ${size.height}`,
        overflow: 'hidden',
      }}
    >
      <PostSlide
        kit={kit}
        slide={props.slide}
        home={props.home}
        brand={props.brand}
        art={props.art}
        position={props.position}
      />
    </div>
  )
}
