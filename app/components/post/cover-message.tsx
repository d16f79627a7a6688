// Cover compositions led by the numbers: the price as the hero, and the facts as the hero (with
// the floor plan when there is one).
import type { FormatSize } from '~/domain/slides'
import { withAlpha } from '~/domain/post-theme'
import type { CoverProps } from './cover'
import { accentOn, Kicker, PhotoBox, PhotoCornerMark, Price, Title } from './cover-kit'
import { PlaceLine, SavingTag } from './cover-parts'
import { Frame, MIN_TEXT, PAD, safeInsets } from './parts'
import { coverPairing, TABULAR } from './type-pairings'
import { postFormat } from './format'

type Box = { left: number; top: number; width: number; height: number }

// ------------------------------------------------------------------ price

/** The photo above the price: about half the canvas. */
export function priceBox(size: FormatSize): Box {
  const safe = safeInsets(size)
  const height = postFormat(size).pick({ story: 820, portrait: 640, square: 500 })
  return { left: 0, top: 0, width: size.width, height: height + (safe.top ? safe.top - 120 : 0) }
}

export function PriceCover(props: CoverProps) {
  const { kit, brand, home, title, tag, pricing, src, photo } = props
  const { theme } = kit
  const pairing = coverPairing(kit, 'price')
  const box = priceBox(kit)
  const safe = safeInsets(kit)
  const width = kit.width - 2 * PAD
  const accent = accentOn(theme.primary, theme.secondary)
  const big = postFormat(kit).pick({ story: 190, portrait: 180, square: 150 })
  return (
    <Frame kit={kit} background={theme.primary}>
      <PhotoBox kit={kit} src={src} {...box} />
      <PhotoCornerMark
        kit={kit}
        brand={brand}
        font={pairing.text}
        photo={photo}
        region={{ x: 0, y: 0, width: 0.55, height: 0.2 }}
      />
      {pricing.drop ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            right: kit.u(PAD),
            top: kit.u(box.top + box.height - 44),
            transform: 'rotate(-4deg)',
          }}
        >
          <SavingTag
            kit={kit}
            pricing={pricing}
            background={theme.secondary}
            color={theme.onSecondary}
            maxWidth={width * 0.7}
            radius={8}
          />
        </div>
      ) : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(box.top + box.height + 44),
          width: kit.u(width),
          height: kit.u(kit.height - safe.bottom - box.top - box.height - 44 - 52),
          justifyContent: 'space-between',
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(6) }}>
          <Kicker kit={kit} text={pricing.drop ? tag : pricing.label || tag} colour={accent} font={pairing.text} />
          <Price
            kit={kit}
            pricing={pricing}
            pairing={pairing}
            width={width}
            max={big}
            colour={theme.onPrimary}
            muted={withAlpha(theme.onPrimary, 0.7)}
          />
        </div>
        <div
          style={{
            display: 'flex',
            flexDirection: 'column',
            gap: kit.u(10),
            borderTop: `${kit.u(2)} solid ${withAlpha(theme.onPrimary, 0.25)}`,
            paddingTop: kit.u(18),
          }}
        >
          <Title
            kit={kit}
            text={title}
            pairing={{ ...pairing, display: pairing.text, displayWeight: 700, uppercase: false }}
            width={width}
            maxLines={2}
            max={40}
            min={30}
            colour={theme.onPrimary}
          />
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: kit.u(20) }}>
            <PlaceLine
              kit={kit}
              text={home?.location ?? ''}
              width={width - (pricing.side.length ? 360 : 0)}
              color={withAlpha(theme.onPrimary, 0.85)}
              pin={accent}
            />
            {pricing.side.length ? (
              <div
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'flex-end',
                  fontFamily: pairing.text,
                  fontSize: kit.u(MIN_TEXT),
                  color: withAlpha(theme.onPrimary, 0.85),
                  ...TABULAR,
                }}
              >
                {pricing.side.map((line) => (
                  <div key={line} style={{ display: 'flex' }}>
                    {line}
                  </div>
                ))}
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </Frame>
  )
}

// ------------------------------------------------------------------ facts

/** The photo (and the plan beside it, when there is one) above the facts. */
export function factsBoxes(size: FormatSize, withPlan: boolean): { photo: Box; plan: Box | null } {
  const safe = safeInsets(size)
  const height = postFormat(size).pick({ story: 760, portrait: 600, square: 470 }) + (safe.top ? safe.top - 120 : 0)
  if (!withPlan) return { photo: { left: 0, top: 0, width: size.width, height }, plan: null }
  const photoW = Math.round(size.width * 0.56)
  return {
    photo: { left: 0, top: 0, width: photoW, height },
    plan: {
      left: photoW + 24,
      top: safe.top ? safe.top - 80 : 40,
      width: size.width - photoW - 48,
      height: height - 80,
    },
  }
}

export function FactsCover(props: CoverProps) {
  const { kit, brand, home, title, tag, pricing, src, photo } = props
  const { theme } = kit
  const pairing = coverPairing(kit, 'facts')
  const planRef = home?.floorPlans[0] ?? null
  const plan = kit.src(planRef)
  const boxes = factsBoxes(kit, Boolean(plan))
  const safe = safeInsets(kit)
  const width = kit.width - 2 * PAD
  const accent = accentOn(theme.primary, theme.secondary)
  const facts = (home?.facts ?? []).filter((f) => f.icon !== 'suite').slice(0, 4)
  const cell = facts.length ? (width - (facts.length - 1) * 24) / facts.length : width
  const top = boxes.photo.top + boxes.photo.height
  return (
    <Frame kit={kit} background={theme.primary}>
      {plan ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            left: kit.u(boxes.photo.width),
            top: 0,
            width: kit.u(kit.width - boxes.photo.width),
            height: kit.u(top),
            background: '#FFFFFF',
          }}
        />
      ) : null}
      <PhotoBox kit={kit} src={src} {...boxes.photo} />
      {plan && boxes.plan ? (
        <img
          src={plan}
          alt=""
          {...(kit.target === 'image' ? { width: boxes.plan.width, height: boxes.plan.height } : {})}
          style={{
            position: 'absolute',
            left: kit.u(boxes.plan.left),
            top: kit.u(boxes.plan.top),
            width: kit.u(boxes.plan.width),
            height: kit.u(boxes.plan.height),
            objectFit: 'contain',
          }}
        />
      ) : null}
      <PhotoCornerMark
        kit={kit}
        brand={brand}
        font={pairing.text}
        photo={photo}
        region={{ x: 0, y: 0, width: 0.6, height: 0.2 }}
      />
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          position: 'absolute',
          left: kit.u(PAD),
          top: kit.u(top + 40),
          width: kit.u(width),
          height: kit.u(kit.height - safe.bottom - top - 40 - 48),
          justifyContent: 'space-between',
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', gap: kit.u(10) }}>
          <Kicker kit={kit} text={tag} colour={accent} font={pairing.text} size={28} />
          <Title
            kit={kit}
            text={title}
            pairing={{ ...pairing, display: pairing.text, displayWeight: 700, uppercase: false }}
            width={width}
            maxLines={2}
            max={44}
            min={32}
            colour={theme.onPrimary}
          />
        </div>
        {facts.length ? (
          <div style={{ display: 'flex', gap: kit.u(24) }}>
            {facts.map((fact) => {
              const [value, unit] =
                fact.icon === 'area' ? [fact.value.replace(/\s*m²$/, ''), 'm²'] : [fact.value, fact.label.toLowerCase()]
              return (
                <div
                  key={fact.icon}
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    width: kit.u(cell),
                    borderLeft: `${kit.u(4)} solid ${accent}`,
                    paddingLeft: kit.u(18),
                  }}
                >
                  <div
                    style={{
                      display: 'flex',
                      fontFamily: pairing.display,
                      fontWeight: pairing.displayWeight,
                      fontSize: kit.u(Math.min(110, Math.floor((cell - 24) / (value.length * 0.6)))),
                      lineHeight: 1,
                      color: theme.onPrimary,
                      ...TABULAR,
                    }}
                  >
                    {value}
                  </div>
                  <div
                    style={{
                      display: 'flex',
                      fontFamily: pairing.text,
                      fontWeight: 600,
                      fontSize: kit.u(MIN_TEXT),
                      letterSpacing: kit.u(2),
                      textTransform: 'uppercase',
                      color: withAlpha(theme.onPrimary, 0.8),
                    }}
                  >
                    {unit}
                  </div>
                </div>
              )
            })}
          </div>
        ) : null}
        <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: kit.u(24) }}>
          <PlaceLine
            kit={kit}
            text={home?.location ?? ''}
            width={width * 0.5}
            color={withAlpha(theme.onPrimary, 0.85)}
            pin={accent}
          />
          <Price kit={kit} pricing={pricing} pairing={pairing} width={width * 0.5} max={64} colour={theme.onPrimary} />
        </div>
      </div>
    </Frame>
  )
}
