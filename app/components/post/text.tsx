// Text slide: a kicker, a title, a paragraph and an optional button on the style's backdrop
// (backdrop.tsx: brand colour with a texture, never a flat square). Also the cover of a post
// that has no photo.
import { Fragment } from 'react'
import { Accent, BODY_FONT, BrandFooter, FitText, Frame, PAD, safeInsets } from './parts'
import { slideBackdrop, type Backdrop } from './backdrop'
import type { SlideKit } from './kit'
import { occasionArt, type ArtLayout } from './occasions'
import { ButtonPill, Pill } from './labels'
import { headingType, styleOf } from './style'
import type { LayoutProps } from './types'
import { luminance, readableOn } from '~/domain/post-theme'
import { postFormat } from './format'

export function TextSlide(props: LayoutProps & { kicker?: string | null }) {
  const { slide, home, brand } = props
  const H = props.kit.height
  const safe = safeInsets(props.kit)
  const art = props.art ? occasionArt(props.kit, props.art) : null
  // On occasion art the footer and labels take the art's colours, not the brand's.
  const kit = art ? artKit(props.kit, art) : props.kit
  const look: Backdrop = art ? artLook(art) : slideBackdrop(kit)
  const type = headingType(kit)
  const radius = styleOf(kit).radius
  const title = slide.title?.trim() || home?.name || ''
  const description = slide.description?.trim() || ''
  const button = slide.button?.trim() || ''
  const kicker = props.kicker?.trim() || art?.kicker || ''
  const footerTop = H - safe.bottom - PAD - 96
  const inset = look.align === 'center' ? 64 : 40
  const box = art?.box ?? {
    left: PAD + inset / 2 + (look.align === 'center' ? 0 : 8),
    top: safe.top + PAD + 40,
    width: kit.width - 2 * PAD - inset,
    height: footerTop - (safe.top + PAD + 40) - 60,
  }
  const width = box.width
  const room = box.height
  const fixed = (kicker ? 110 : 0) + 40 + (button ? 170 : 0)
  const titleShare = description ? 0.5 : 1
  const titleHeight = Math.max(120, (room - fixed) * titleShare)
  const descHeight = Math.max(80, room - fixed - titleHeight - 40)
  const hasBrand = Boolean(brand.logo || brand.name || brand.phone)

  return (
    <Frame kit={kit} background={look.background} style={look.style}>
      {look.decor}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: look.align === 'center' ? 'center' : 'flex-start',
          position: 'absolute',
          left: kit.u(box.left),
          top: kit.u(box.top),
          width: kit.u(width),
          height: kit.u(room),
          gap: kit.u(32),
        }}
      >
        {kicker ? (
          <div style={{ display: 'flex' }}>
            <Pill
              kit={kit}
              text={kicker}
              background={look.button.background}
              color={look.button.color}
              size={30}
              maxWidth={width}
              radius={radius ? undefined : 0}
            />
          </div>
        ) : (
          <Accent kit={kit} width={120} color={look.accent} />
        )}
        {title ? (
          <FitText
            kit={kit}
            text={title}
            font={art?.font ?? type.font}
            weight={art?.font ? 700 : type.weight}
            uppercase={type.uppercase}
            letterSpacing={type.letterSpacing}
            width={width}
            height={titleHeight}
            max={postFormat(kit).pick({ square: 92, portrait: 104, story: 104 })}
            min={44}
            color={look.ink}
            lineHeight={1.08}
            align={look.align}
          />
        ) : null}
        {description ? (
          <FitText
            kit={kit}
            text={description}
            font={BODY_FONT}
            weight={400}
            width={width}
            height={descHeight}
            max={42}
            min={28}
            color={look.muted}
            lineHeight={1.4}
            align={look.align}
          />
        ) : null}
        {button ? (
          <div style={{ display: 'flex', marginTop: kit.u(12) }}>
            <ButtonPill
              kit={kit}
              text={button}
              maxWidth={width}
              background={look.button.background}
              color={look.button.color}
              radius={radius ? undefined : 0}
            />
          </div>
        ) : null}
      </div>
      {hasBrand ? <BrandFooter kit={kit} brand={brand} top={footerTop} dark={look.dark} /> : null}
    </Frame>
  )
}

/** The kit with the art's colours as the theme, so the footer and labels match the drawing. */
function artKit(kit: SlideKit, art: ArtLayout): SlideKit {
  const p = art.palette
  // The footer writes in `onPrimary` on a dark art and in `primary` on a light one.
  const footerInk = p.dark ? (luminance(p.ink) > 0.5 ? p.ink : '#FFFFFF') : p.ink
  return {
    ...kit,
    theme: {
      ...kit.theme,
      primary: p.dark ? p.background : footerInk,
      onPrimary: p.dark ? footerInk : readableOn(footerInk),
      secondary: p.accent,
      onSecondary: p.onAccent,
    },
  }
}

/** What the text needs of the art, in the backdrop's terms. */
function artLook(art: ArtLayout): Backdrop {
  const p = art.palette
  return {
    background: p.background,
    style: {},
    decor: [<Fragment key="art">{art.drawing}</Fragment>],
    ink: p.ink,
    muted: p.muted,
    accent: p.accent,
    button: { background: p.accent, color: p.onAccent },
    align: art.align,
    dark: p.dark,
  }
}
