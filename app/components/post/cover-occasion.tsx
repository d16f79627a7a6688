// Cover compositions that announce an event: the "Vendido"/"Alugado" stamp, the visit's date,
// and the neighbourhood (the place as the hero).
import type { FormatSize } from '~/domain/slides'
import { withAlpha } from '~/domain/post-theme'
import type { CoverProps } from './cover'
import { accentOn, BrandMark, Kicker, PhotoBox, PhotoCornerMark, Scrim, scrimOver, Title } from './cover-kit'
import { PlaceLine } from './cover-parts'
import { Icon } from './icons'
import { Frame, PAD, safeInsets } from './parts'
import { coverPairing, TABULAR } from './type-pairings'
import { postFormat } from './format'

type Box = { left: number; top: number; width: number; height: number }

// ------------------------------------------------------------------ stamp

/** "Vendido" or "Alugado", from the cover's label (never the deal it was offered on). */
export function stampWord(tag: string, rent: boolean): string {
  if (/alugad/i.test(tag)) return 'Alugado'
  if (/vendid/i.test(tag)) return 'Vendido'
  return rent ? 'Alugado' : 'Vendido'
}

export function StampCover(props: CoverProps) {
  const { kit, brand, home, title, tag, pricing, src, photo } = props
  const { theme } = kit
  const pairing = coverPairing(kit, 'stamp')
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const full = { left: 0, top: 0, width: W, height: H }
  const word = stampWord(tag, home?.priceSuffix != null || home?.deal === 'Para alugar')
  const stampColour = '#FFFFFF'
  const line = pricing.isPrice ? '' : pricing.main
  const middle = (safe.top + H - safe.bottom) / 2
  return (
    <Frame kit={kit} background={theme.primary}>
      <PhotoBox kit={kit} src={src} {...full} />
      <Scrim kit={kit} photo={photo} box={full} from="even" region={{ x: 0, y: 0, width: 1, height: 1 }} />
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: 0,
          top: kit.u(safe.top + PAD - 16),
          width: kit.u(W),
          justifyContent: 'center',
        }}
      >
        <BrandMark
          kit={kit}
          brand={brand}
          font={pairing.text}
          colour="#FFFFFF"
          surface={{
            photo,
            region: { x: 0.25, y: 0, width: 0.5, height: 0.2 },
            dim: scrimOver(kit, photo, { x: 0, y: 0, width: 1, height: 1 }),
          }}
        />
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          position: 'absolute',
          left: kit.u(PAD),
          width: kit.u(W - 2 * PAD),
          top: kit.u(middle - 230),
          gap: kit.u(54),
        }}
      >
        <div
          style={{
            display: 'flex',
            boxSizing: 'border-box',
            padding: kit.u(10),
            background: withAlpha(theme.primary, 0.88),
            border: `${kit.u(6)} solid ${accentOn(theme.primary, theme.secondary)}`,
            borderRadius: kit.u(18),
            transform: 'rotate(-7deg)',
          }}
        >
          <div
            style={{
              display: 'flex',
              padding: `${kit.u(6)} ${kit.u(48)} ${kit.u(12)}`,
              border: `${kit.u(3)} solid ${stampColour}`,
              borderRadius: kit.u(10),
              fontFamily: pairing.display,
              fontWeight: pairing.displayWeight,
              fontSize: kit.u(164),
              lineHeight: 1.05,
              letterSpacing: kit.u(8),
              textTransform: 'uppercase',
              color: stampColour,
            }}
          >
            {word}
          </div>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: kit.u(14) }}>
          <Title
            kit={kit}
            text={title}
            pairing={{ ...pairing, display: pairing.text, displayWeight: 700, uppercase: false }}
            width={W - 2 * PAD - 80}
            maxLines={2}
            max={52}
            min={34}
            colour="#FFFFFF"
            align="center"
          />
          {line ? (
            <div
              style={{
                display: 'flex',
                fontFamily: pairing.text,
                fontWeight: 500,
                fontSize: kit.u(34),
                color: '#FFFFFF',
              }}
            >
              {line}
            </div>
          ) : null}
        </div>
      </div>
    </Frame>
  )
}

// ------------------------------------------------------------------ date

export function dateBox(size: FormatSize): Box {
  const safe = safeInsets(size)
  if (postFormat(size).id === 'story') return { left: 0, top: 0, width: size.width, height: safe.top + 620 }
  const width = Math.round(size.width * 0.5)
  return { left: size.width - width, top: 0, width, height: size.height }
}

export function DateCover(props: CoverProps) {
  const { kit, brand, home, title, tag, src, photo } = props
  const { theme } = kit
  const pairing = coverPairing(kit, 'date')
  const box = dateBox(kit)
  const story = postFormat(kit).id === 'story'
  const safe = safeInsets(kit)
  const event = home?.event ?? null
  const accent = accentOn(theme.primary, theme.secondary)
  const column = story ? kit.width - 2 * PAD : box.left - 2 * PAD
  const top = story ? box.height + 56 : PAD
  const tile = (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width: kit.u(story ? 340 : 300),
        borderRadius: kit.u(20),
        background: '#FFFFFF',
        overflow: 'hidden',
      }}
    >
      <div
        style={{
          display: 'flex',
          justifyContent: 'center',
          padding: `${kit.u(10)} 0`,
          background: theme.secondary,
          color: theme.onSecondary,
          fontFamily: pairing.text,
          fontWeight: 700,
          fontSize: kit.u(32),
          letterSpacing: kit.u(6),
          textTransform: 'uppercase',
        }}
      >
        {event ? event.month : 'Visita'}
      </div>
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          padding: `${kit.u(4)} 0 ${kit.u(18)}`,
          color: theme.primary,
        }}
      >
        <div
          style={{
            display: 'flex',
            fontFamily: pairing.display,
            fontWeight: pairing.displayWeight,
            fontSize: kit.u(event ? 150 : 64),
            lineHeight: 1.1,
            ...TABULAR,
          }}
        >
          {event ? event.day : 'aberta'}
        </div>
        {event ? (
          <div style={{ display: 'flex', fontFamily: pairing.text, fontWeight: 600, fontSize: kit.u(30) }}>
            {event.time ? `${event.weekday}, ${event.time}` : event.weekday}
          </div>
        ) : null}
      </div>
    </div>
  )
  return (
    <Frame kit={kit} background={theme.primary}>
      <PhotoBox kit={kit} src={src} {...box} />
      {story ? (
        <PhotoCornerMark
          kit={kit}
          brand={brand}
          font={pairing.text}
          photo={photo}
          region={{ x: 0, y: 0, width: 0.6, height: 0.3 }}
        />
      ) : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: story ? 'center' : 'flex-start',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(top),
          width: kit.u(column),
          height: kit.u(kit.height - safe.bottom - top - PAD),
          justifyContent: 'space-between',
        }}
      >
        {story ? null : (
          <BrandMark
            kit={kit}
            brand={brand}
            font={pairing.text}
            colour={theme.onPrimary}
            height={64}
            maxWidth={column}
            surface={{ colour: theme.primary }}
          />
        )}
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: story ? 'center' : 'flex-start',
            gap: kit.u(26),
          }}
        >
          <Kicker kit={kit} text={tag} colour={accent} font={pairing.text} size={28} />
          {tile}
        </div>
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: story ? 'center' : 'flex-start',
            gap: kit.u(12),
          }}
        >
          <Title
            kit={kit}
            text={title}
            pairing={pairing}
            width={column}
            maxLines={3}
            max={story ? 64 : 54}
            min={34}
            colour={theme.onPrimary}
            align={story ? 'center' : 'left'}
          />
          <PlaceLine
            kit={kit}
            text={home?.neighborhood || home?.location || ''}
            width={column}
            color={withAlpha(theme.onPrimary, 0.85)}
            pin={accent}
            align={story ? 'center' : 'left'}
          />
        </div>
      </div>
    </Frame>
  )
}

// ------------------------------------------------------------------ neighbourhood

export function NeighborhoodCover(props: CoverProps) {
  const { kit, brand, home, title, tag, src, photo } = props
  const { theme } = kit
  const pairing = coverPairing(kit, 'neighborhood')
  const W = kit.width
  const H = kit.height
  const safe = safeInsets(kit)
  const full = { left: 0, top: 0, width: W, height: H }
  const place = home?.neighborhood || home?.location || title
  const city = home?.location && home.location !== place ? home.location.replace(`${place}, `, '') : ''
  const width = W - 2 * PAD
  const accent = accentOn('#111827', theme.secondary)
  const middle = (safe.top + H - safe.bottom) / 2
  return (
    <Frame kit={kit} background={theme.primary}>
      <PhotoBox kit={kit} src={src} {...full} />
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: 0,
          top: 0,
          width: kit.u(W),
          height: kit.u(H),
          background: withAlpha(theme.primary, 0.45),
        }}
      />
      <Scrim kit={kit} photo={photo} box={full} from="even" region={{ x: 0, y: 0, width: 1, height: 1 }} />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          position: 'absolute',
          left: kit.u(PAD),
          width: kit.u(width),
          top: kit.u(middle - 250),
          height: kit.u(500),
          justifyContent: 'center',
          gap: kit.u(22),
        }}
      >
        <Kicker kit={kit} text={tag} colour="#FFFFFF" font={pairing.text} size={30} />
        <Title
          kit={kit}
          text={place}
          pairing={pairing}
          width={width}
          maxLines={2}
          max={150}
          min={64}
          colour="#FFFFFF"
          align="center"
          lineHeight={1.0}
        />
        {city ? (
          <div style={{ display: 'flex', alignItems: 'center', gap: kit.u(10) }}>
            <Icon kit={kit} name="pin" size={34} color={accent} stroke={2.4} />
            <div
              style={{
                display: 'flex',
                fontFamily: pairing.text,
                fontWeight: 500,
                fontSize: kit.u(32),
                color: '#FFFFFF',
              }}
            >
              {city}
            </div>
          </div>
        ) : null}
        <div style={{ display: 'flex', width: kit.u(80), height: kit.u(3), background: accent, marginTop: kit.u(8) }} />
        {title && title !== place ? (
          <Title
            kit={kit}
            text={title}
            pairing={{ ...pairing, display: pairing.text, displayWeight: 500, uppercase: false }}
            width={width - 120}
            maxLines={2}
            max={38}
            min={30}
            colour="#FFFFFF"
            align="center"
          />
        ) : null}
      </div>
      <div
        style={{
          display: 'flex',
          position: 'absolute',
          left: 0,
          width: kit.u(W),
          top: kit.u(H - safe.bottom - PAD - 84),
          justifyContent: 'center',
        }}
      >
        <BrandMark kit={kit} brand={brand} font={pairing.text} colour="#FFFFFF" surface={{ colour: '#1F2937' }} />
      </div>
    </Frame>
  )
}
