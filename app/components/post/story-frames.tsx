// The frames of a "Sequência de Stories" (story-sequence.ts) after its cover: a photo with its one
// line, the price and facts, the agent's WhatsApp. Drawn at 1080×1920 with every word and the
// brand inside Instagram's safe zones (the top 250 px and bottom 340 px carry only photo or
// backdrop); at another size the same frames keep to the canvas.
import type { ThemeFont } from '~/domain/home'
import type { HomeContent } from '~/domain/post-content'
import { withAlpha } from '~/domain/post-theme'
import type { FormatSize } from '~/domain/slides'
import { slideBackdrop } from './backdrop'
import { Icon, type IconName } from './icons'
import type { SlideKit } from './kit'
import { Accent, BODY_FONT, BrandBadge, FitText, Frame, MIN_TEXT, PAD, Photo, safeInsets } from './parts'
import { photoBackdrop } from './photo-backdrop'
import { headingType } from './style'
import { TextSlide } from './text'
import type { ImageNeed, LayoutProps } from './types'

/** How tall the photo band of the price frame is (it may reach into the top safe zone: photo only). */
const FACTS_PHOTO = 0.47

const photoOf = (props: Pick<LayoutProps, 'slide' | 'home'>) => props.slide.image || props.home?.photos[0] || null

export function storyPhotoNeeds(props: Pick<LayoutProps, 'slide' | 'home'>, size: FormatSize): ImageNeed[] {
  const ref = photoOf(props)
  return ref ? [{ ref, width: size.width, height: size.height, fit: 'cover' }] : []
}

export function storyFactsNeeds(props: Pick<LayoutProps, 'slide' | 'home'>, size: FormatSize): ImageNeed[] {
  const ref = photoOf(props)
  return ref ? [{ ref, width: size.width, height: Math.round(size.height * FACTS_PHOTO), fit: 'cover' }] : []
}

/** A photo full-bleed, the brand under Instagram's top bar, one line above the reply box. */
export function StoryPhotoFrame(props: LayoutProps) {
  const { kit, slide, brand } = props
  const src = kit.src(photoOf(props))
  if (!src) return <TextSlide {...props} />
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const line = slide.caption?.trim() || slide.title?.trim() || ''
  const width = W - 2 * PAD
  const type = headingType(kit)
  return (
    <Frame kit={kit} background={kit.theme.primary}>
      {photoBackdrop({
        kit,
        src,
        top: { height: safe.top + 260, alpha: 0.5 },
        bottom: line
          ? {
              from: Math.round(H * 0.5),
              to: H,
              gradient: 'linear-gradient(180deg, rgba(0,0,0,0) 0%, rgba(0,0,0,0.55) 45%, rgba(0,0,0,0.82) 100%)',
            }
          : undefined,
      })}
      <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD), top: kit.u(safe.top + 36) }}>
        <BrandBadge kit={kit} brand={brand} height={84} />
      </div>
      {line ? (
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            position: 'absolute',
            left: kit.u(PAD),
            width: kit.u(width),
            bottom: kit.u(safe.bottom + 72),
            gap: kit.u(26),
          }}
        >
          <Accent kit={kit} width={120} />
          <FitText
            kit={kit}
            text={line}
            font={type.font}
            weight={type.weight}
            uppercase={type.uppercase}
            letterSpacing={type.letterSpacing}
            width={width}
            maxLines={2}
            max={76}
            min={44}
            color="#FFFFFF"
            lineHeight={1.12}
          />
        </div>
      ) : null}
    </Frame>
  )
}

type Tile = { icon: IconName; value: string; label: string }

function factTiles(home: HomeContent): Tile[] {
  return home.facts.slice(0, 4).map((fact) => ({ icon: fact.icon, value: fact.value, label: fact.label }))
}

/** The price large, the other prices, the facts as tiles and where it is. */
export function StoryFactsFrame(props: LayoutProps) {
  const { kit, slide, home, brand } = props
  if (!home) return <TextSlide {...props} />
  const { theme } = kit
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const src = kit.src(photoOf(props))
  const photoHeight = Math.round(H * FACTS_PHOTO)
  const width = W - 2 * PAD
  const type = headingType(kit)
  const tiles = factTiles(home)
  const chips = tiles.length ? [] : home.highlights.slice(0, 4)
  const kicker = [slide.title?.trim() || home.deal, home.category].filter(Boolean).join(' · ')
  const ink = theme.onPrimary
  // The words start below the photo band and end above the reply box.
  const top = Math.max(safe.top + PAD, src ? photoHeight - 40 : safe.top + PAD)
  const bottom = H - safe.bottom - 48
  const tileWidth = (width - 24) / 2
  return (
    <Frame kit={kit} background={theme.primary}>
      {src ? <Photo kit={kit} src={src} left={0} top={0} width={W} height={photoHeight} /> : null}
      {src ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            left: 0,
            top: kit.u(photoHeight - 360),
            width: kit.u(W),
            height: kit.u(361),
            backgroundImage: `linear-gradient(180deg, ${withAlpha(theme.primary, 0)} 0%, ${withAlpha(theme.primary, 0.85)} 70%, ${theme.primary} 100%)`,
          }}
        />
      ) : null}
      {src ? (
        <div style={{ display: 'flex', position: 'absolute', left: kit.u(PAD), top: kit.u(safe.top + 36) }}>
          <BrandBadge kit={kit} brand={brand} height={84} />
        </div>
      ) : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-start',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(top),
          width: kit.u(width),
          height: kit.u(bottom - top),
          gap: kit.u(22),
        }}
      >
        <FitText
          kit={kit}
          text={kicker}
          font={BODY_FONT}
          weight={800}
          width={width}
          maxLines={1}
          max={34}
          min={MIN_TEXT}
          color={theme.secondary}
          uppercase
          letterSpacing={3}
        />
        <div style={{ display: 'flex', alignItems: 'flex-end', gap: kit.u(14) }}>
          <FitText
            kit={kit}
            text={home.price}
            font={type.font}
            weight={Math.max(700, type.weight)}
            width={home.priceSuffix ? width - 170 : width}
            maxLines={1}
            max={128}
            min={64}
            color={ink}
            lineHeight={1}
          />
          {home.priceSuffix ? (
            <div
              style={{
                display: 'flex',
                fontFamily: BODY_FONT,
                fontWeight: 700,
                fontSize: kit.u(44),
                paddingBottom: kit.u(10),
                color: withAlpha(ink, 0.85),
              }}
            >
              {home.priceSuffix}
            </div>
          ) : null}
        </div>
        {home.otherPrices.length ? (
          <FitText
            kit={kit}
            text={home.otherPrices.join('  ·  ')}
            font={BODY_FONT}
            weight={600}
            width={width}
            maxLines={1}
            max={34}
            min={MIN_TEXT}
            color={withAlpha(ink, 0.8)}
          />
        ) : null}
        {tiles.length ? <FactTiles kit={kit} tiles={tiles} width={tileWidth} ink={ink} font={type.font} /> : null}
        {chips.length ? (
          <FitText
            kit={kit}
            text={chips.join('  ·  ')}
            font={BODY_FONT}
            weight={600}
            width={width}
            maxLines={2}
            max={38}
            min={MIN_TEXT}
            color={ink}
          />
        ) : null}
        {home.location ? (
          <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(14), marginTop: kit.u(18) }}>
            <Icon kit={kit} name="pin" size={44} color={theme.secondary} stroke={2.2} />
            <FitText
              kit={kit}
              text={home.location}
              font={BODY_FONT}
              weight={600}
              width={width - 60}
              maxLines={2}
              max={36}
              min={MIN_TEXT}
              color={withAlpha(ink, 0.9)}
            />
          </div>
        ) : null}
      </div>
    </Frame>
  )
}

function FactTiles(props: { kit: SlideKit; tiles: Tile[]; width: number; ink: string; font: ThemeFont }) {
  const { kit, ink } = props
  const { theme } = kit
  const tileWidth = props.width
  const type = { font: props.font }
  const tiles = props.tiles
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: kit.u(24), marginTop: kit.u(18) }}>
      {tiles.map((tile) => (
        <div
          key={tile.label}
          style={{
            display: 'flex',
            boxSizing: 'border-box',
            alignItems: 'center',
            gap: kit.u(20),
            width: kit.u(tileWidth),
            height: kit.u(132),
            padding: `0 ${kit.u(26)}`,
            borderRadius: kit.u(28),
            background: withAlpha(ink, 0.1),
            border: `${kit.u(2)} solid ${withAlpha(ink, 0.18)}`,
          }}
        >
          <Icon kit={kit} name={tile.icon} size={56} color={theme.secondary} stroke={2.2} />
          <div style={{ display: 'flex', flexDirection: 'column' }}>
            <div style={{ display: 'flex', fontFamily: type.font, fontWeight: 800, fontSize: kit.u(46), color: ink }}>
              {tile.value}
            </div>
            <div
              style={{
                display: 'flex',
                fontFamily: BODY_FONT,
                fontWeight: 600,
                fontSize: kit.u(30),
                color: withAlpha(ink, 0.78),
              }}
            >
              {tile.label}
            </div>
          </div>
        </div>
      ))}
    </div>
  )
}

/** The call to talk: the brand, a title, the WhatsApp number large, the agent and CRECI. */
export function StoryContactFrame(props: LayoutProps) {
  const { kit, slide, brand } = props
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const look = slideBackdrop(kit)
  const type = headingType(kit)
  const width = W - 2 * PAD - 40
  const number = brand.whatsapp || brand.phone || null
  const title = slide.title?.trim() || (number ? 'Fale comigo no WhatsApp' : 'Agende sua visita')
  const description = slide.description?.trim() || ''
  const logo = kit.src(brand.logo)
  const room = H - safe.top - safe.bottom - 2 * PAD
  return (
    <Frame kit={kit} background={look.background} style={look.style}>
      {look.decor}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          position: 'absolute',
          left: kit.u(PAD + 20),
          top: kit.u(safe.top + PAD),
          width: kit.u(width),
          height: kit.u(room),
          gap: kit.u(40),
        }}
      >
        {logo ? (
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: kit.u(220),
              height: kit.u(220),
              borderRadius: kit.u(220),
              background: '#FFFFFF',
              border: `${kit.u(8)} solid ${withAlpha(look.ink, 0.9)}`,
            }}
          >
            <img
              src={logo}
              alt=""
              {...(kit.target === 'image' ? { width: 150, height: 150 } : {})}
              style={{ width: kit.u(150), height: kit.u(150), objectFit: 'contain' }}
            />
          </div>
        ) : (
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: kit.u(200),
              height: kit.u(200),
              borderRadius: kit.u(200),
              background: kit.theme.secondary,
              fontFamily: kit.theme.font,
              fontWeight: 800,
              fontSize: kit.u(84),
              color: kit.theme.onSecondary,
            }}
          >
            {brand.initials}
          </div>
        )}
        <FitText
          kit={kit}
          text={title}
          font={type.font}
          weight={type.weight}
          uppercase={type.uppercase}
          letterSpacing={type.letterSpacing}
          width={width}
          maxLines={3}
          max={92}
          min={48}
          color={look.ink}
          lineHeight={1.08}
          align="center"
        />
        {number ? (
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: kit.u(20),
              padding: `${kit.u(30)} ${kit.u(48)}`,
              borderRadius: kit.u(80),
              background: look.button.background,
              color: look.button.color,
            }}
          >
            <Icon kit={kit} name="phone" size={56} color={look.button.color} stroke={2.4} />
            <div style={{ display: 'flex', fontFamily: BODY_FONT, fontWeight: 800, fontSize: kit.u(60) }}>{number}</div>
          </div>
        ) : null}
        {description ? (
          <FitText
            kit={kit}
            text={description}
            font={BODY_FONT}
            weight={500}
            width={width}
            maxLines={3}
            max={40}
            min={MIN_TEXT}
            color={look.muted}
            lineHeight={1.35}
            align="center"
          />
        ) : null}
        {brand.name || brand.creci ? (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: kit.u(8) }}>
            {brand.name ? (
              <FitText
                kit={kit}
                text={brand.name}
                font={kit.theme.font}
                weight={700}
                width={width}
                maxLines={1}
                max={42}
                min={MIN_TEXT}
                color={look.ink}
                align="center"
              />
            ) : null}
            {brand.creci ? (
              <FitText
                kit={kit}
                text={brand.creci}
                font={BODY_FONT}
                weight={600}
                width={width}
                maxLines={1}
                max={32}
                min={MIN_TEXT}
                color={look.muted}
                align="center"
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </Frame>
  )
}
