// Pieces the slide layouts share. Flexbox and inline styles only: the page and Takumi draw them alike.
import type { CSSProperties, ReactNode } from 'react'
import type { ThemeFont } from '~/domain/home'
import type { BrandContent } from '~/domain/post-content'
import { withAlpha } from '~/domain/post-theme'
import { dedupeCreci } from '~/domain/brand'
import { fitText, fitTextInBox, textWidthEm } from './fit'
import { Icon, type IconName } from './icons'
import { postFormat } from './format'
import type { SlideKit } from './kit'

export const BODY_FONT: ThemeFont = 'Inter'
export const PAD = 64
/** The smallest text on a slide, in px at 1080 wide: ≈ 10 px on a phone, still readable. */
export const MIN_TEXT = 28

/** Story frames keep clear of Instagram's top bar (250 px) and reply box (340 px) at 1080×1920. */
export function safeInsets(kit: Pick<SlideKit, 'width' | 'height'>): { top: number; bottom: number } {
  return postFormat(kit).safe
}

export function Frame(props: { kit: SlideKit; background: string; children: ReactNode; style?: CSSProperties }) {
  const { kit } = props
  return (
    <div
      style={{
        display: 'flex',
        position: 'relative',
        // The page's frame clips; in the image the canvas edge does.
        overflow: kit.target === 'html' ? 'hidden' : undefined,
        width: kit.u(kit.width),
        height: kit.u(kit.height),
        background: props.background,
        fontFamily: BODY_FONT,
        color: kit.theme.text,
        ...props.style,
      }}
    >
      {props.children}
    </div>
  )
}

/** A photo filling an absolutely placed box. */
export function Photo(props: {
  kit: SlideKit
  src: string
  left: number
  top: number
  width: number
  height: number
  radius?: number
  fit?: 'cover' | 'contain'
}) {
  const { kit } = props
  const box = { width: kit.u(props.width), height: kit.u(props.height) }
  return (
    <img
      src={props.src}
      alt=""
      {...(kit.target === 'image'
        ? { width: props.width, height: props.height }
        : { loading: 'lazy' as const, decoding: 'async' as const })}
      style={{
        position: 'absolute',
        left: kit.u(props.left),
        top: kit.u(props.top),
        ...box,
        objectFit: props.fit ?? 'cover',
        borderRadius: props.radius ? kit.u(props.radius) : 0,
      }}
    />
  )
}

/** A block of text sized to fit `width` × `maxLines`, clamped beyond that. */
export function FitText(props: {
  kit: SlideKit
  text: string
  font: ThemeFont
  weight: number
  width: number
  /** Lines allowed; or give `height` to fit the text in a box. */
  maxLines?: number
  height?: number
  max: number
  min: number
  color: string
  lineHeight?: number
  uppercase?: boolean
  letterSpacing?: number
  align?: 'left' | 'center'
  style?: CSSProperties
}) {
  const { kit, font, weight, width, color } = props
  const text = dedupeCreci(props.text)
  const min = Math.max(MIN_TEXT, props.min)
  const max = Math.max(min, props.max)
  const lineHeight = props.lineHeight ?? 1.15
  const letterSpacing = props.letterSpacing ?? 0
  const fit =
    props.height !== undefined
      ? fitTextInBox(text, {
          font,
          weight,
          width,
          height: props.height,
          max,
          min,
          lineHeight,
          uppercase: props.uppercase,
        })
      : fitText(text, {
          font,
          weight,
          width,
          maxLines: props.maxLines ?? 1,
          max,
          min,
          uppercase: props.uppercase,
          letterSpacing,
        })
  // At the smallest size a text takes the lines it needs: wrapped, never cut (ADR 160).
  const maxLines = props.height !== undefined ? fit.lines : Math.max(fit.lines, props.maxLines ?? 1)
  return (
    <div
      style={{
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: maxLines,
        // Takumi clamps by itself; the browser needs overflow hidden for the clamp.
        overflow: kit.target === 'html' ? 'hidden' : undefined,
        width: kit.u(width),
        maxHeight: kit.u(Math.ceil(fit.fontSize * lineHeight * maxLines) + 2),
        fontFamily: font,
        fontWeight: weight,
        fontSize: kit.u(fit.fontSize),
        lineHeight,
        letterSpacing: letterSpacing ? kit.u(letterSpacing) : undefined,
        textTransform: props.uppercase ? 'uppercase' : undefined,
        textAlign: props.align ?? 'left',
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
        color,
        ...props.style,
      }}
    >
      {text}
    </div>
  )
}

/** The brand in a corner: the logo on a white plate, else the agent's name. */
export function BrandBadge(props: {
  kit: SlideKit
  brand: BrandContent
  light?: boolean
  height?: number
  maxWidth?: number
}) {
  const { kit, brand } = props
  const height = props.height ?? 96
  const logo = kit.src(brand.logo)
  if (logo) {
    return (
      <div
        style={{
          display: 'flex',
          boxSizing: 'border-box',
          alignItems: 'center',
          justifyContent: 'center',
          height: kit.u(height),
          width: kit.u(LOGO_BOX.width + 36),
          padding: `${kit.u(12)} ${kit.u(18)}`,
          borderRadius: kit.u(20),
          background: '#FFFFFF',
        }}
      >
        <img
          src={logo}
          alt=""
          {...(kit.target === 'image' ? { width: LOGO_BOX.width, height: height - 24 } : {})}
          style={{ width: kit.u(LOGO_BOX.width), height: kit.u(height - 24), objectFit: 'contain' }}
        />
      </div>
    )
  }
  if (!brand.name) return null
  const onPhoto = props.light === undefined
  const color = props.light === false ? kit.theme.primary : '#FFFFFF'
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        alignItems: 'center',
        gap: kit.u(14),
        // Over a photo the white name sits on its own dark band, light photo or not (WCAG AA).
        ...(onPhoto
          ? {
              padding: `${kit.u(12)} ${kit.u(24)} ${kit.u(12)} ${kit.u(18)}`,
              borderRadius: kit.u(40),
              background: 'rgba(17,24,39,0.72)',
            }
          : {}),
      }}
    >
      <Icon
        kit={kit}
        name="home"
        size={44}
        color={props.light === false ? kit.theme.secondary : '#FFFFFF'}
        stroke={2.4}
      />
      <FitText
        kit={kit}
        text={brand.name}
        font={kit.theme.font}
        weight={700}
        width={Math.min(props.maxWidth ?? 560, textWidthEm(brand.name, kit.theme.font, false, 700) * 34 + 4)}
        maxLines={2}
        max={34}
        min={MIN_TEXT}
        color={color}
        lineHeight={1.1}
      />
    </div>
  )
}

/** The box a logo is fitted into (contain). */
export const LOGO_BOX = { width: 220, height: 72 }

/** The bottom line of the light slides: brand on the left, phone on the right. */
export function BrandFooter(props: { kit: SlideKit; brand: BrandContent; top: number; dark?: boolean }) {
  const { kit, brand } = props
  const { theme } = kit
  const fg = props.dark ? theme.onPrimary : theme.primary
  const contact = brand.phone || brand.whatsapp || null
  return (
    <div
      style={{
        display: 'flex',
        boxSizing: 'border-box',
        position: 'absolute',
        left: kit.u(PAD),
        right: kit.u(PAD),
        top: kit.u(props.top),
        height: kit.u(96),
        alignItems: 'center',
        justifyContent: 'space-between',
        borderTop: `${kit.u(2)} solid ${props.dark ? withAlpha(theme.onPrimary, 0.25) : withAlpha(theme.primary, 0.15)}`,
        paddingTop: kit.u(16),
      }}
    >
      <BrandBadge
        kit={kit}
        brand={brand}
        light={props.dark ? true : false}
        height={80}
        maxWidth={contact || brand.creci ? 470 : 820}
      />
      {contact || brand.creci ? (
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: kit.u(2) }}>
          {contact ? (
            <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(12) }}>
              <Icon kit={kit} name="phone" size={34} color={theme.secondary} stroke={2.2} />
              <div style={{ display: 'flex', fontWeight: 700, fontSize: kit.u(32), color: fg }}>{contact}</div>
            </div>
          ) : null}
          {brand.creci ? (
            <div style={{ display: 'flex', fontWeight: 600, fontSize: kit.u(MIN_TEXT), color: withAlpha(fg, 0.8) }}>
              {dedupeCreci(brand.creci)}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

/** A short bar in the accent colour, above titles. */
export function Accent(props: { kit: SlideKit; width?: number; color?: string }) {
  const { kit } = props
  return (
    <div
      style={{
        display: 'flex',
        width: kit.u(props.width ?? 96),
        height: kit.u(10),
        borderRadius: kit.u(5),
        background: props.color ?? kit.theme.secondary,
      }}
    />
  )
}

export function IconCircle(props: { kit: SlideKit; name: IconName; size: number; background: string; color: string }) {
  const { kit, size } = props
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: kit.u(size),
        height: kit.u(size),
        borderRadius: kit.u(size / 2),
        background: props.background,
        flexShrink: 0,
      }}
    >
      <Icon kit={kit} name={props.name} size={size * 0.55} color={props.color} stroke={2.4} />
    </div>
  )
}

/** A quiet circle of white behind the text slides, partly off the canvas. */
export function DecorCircle(props: {
  kit: SlideKit
  size: number
  alpha: number
  left?: number
  right?: number
  top?: number
  bottom?: number
}) {
  const { kit, size } = props
  const at = (value: number | undefined) => (value === undefined ? undefined : kit.u(value))
  return (
    <div
      style={{
        display: 'flex',
        position: 'absolute',
        left: at(props.left),
        right: at(props.right),
        top: at(props.top),
        bottom: at(props.bottom),
        width: kit.u(size),
        height: kit.u(size),
        borderRadius: kit.u(size / 2),
        background: withAlpha('#FFFFFF', props.alpha),
      }}
    />
  )
}
