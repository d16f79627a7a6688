// One overlay frame of a property video (ADR 220): transparent 1080×1920, drawn by the post
// renderer (Takumi) once per segment of the timeline and composited over the photos by ffmpeg.
// The opening title (price and place), a feature card, the closing card (the agent's name,
// CRECI, phone, handle) and the subtitle of the narration, all inside Instagram's safe zone.
import type { BrandContent, HomeContent } from '~/domain/post-content'
import { withAlpha, type PostTheme } from '~/domain/post-theme'
import { SAFE_ZONE, VIDEO_SIZE, type CardKind } from '~/domain/video'

export type OverlayProps = {
  card: { kind: CardKind; index: number } | null
  cue: string | null
  home: HomeContent
  brand: BrandContent
  theme: PostTheme
}

const W = VIDEO_SIZE.width
const H = VIDEO_SIZE.height
const SIDE = 72
const BODY = 'Inter'

/** What the feature cards show: the facts ('3 quartos'), then the highlights, five at most. */
export function featureLines(home: HomeContent): { value: string; label: string }[] {
  const facts = home.facts.map((fact) => ({ value: fact.value, label: fact.label }))
  const highlights = home.highlights.map((label) => ({ value: '', label }))
  return [...facts, ...highlights].slice(0, 5)
}

function TitleCard({ home, theme }: Pick<OverlayProps, 'home' | 'theme'>) {
  return (
    <div
      style={{
        position: 'absolute',
        left: SIDE,
        top: SAFE_ZONE.top + 40,
        width: W - 2 * SIDE,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        padding: 48,
        gap: 18,
        borderRadius: 36,
        backgroundColor: withAlpha(theme.primary, 0.88),
        color: theme.onPrimary,
      }}
    >
      <div style={{ display: 'flex' }}>
        <div
          style={{
            display: 'flex',
            padding: '10px 26px',
            borderRadius: 999,
            backgroundColor: theme.secondary,
            color: theme.onSecondary,
            fontFamily: BODY,
            fontWeight: 700,
            fontSize: 34,
          }}
        >
          {`${home.deal} · ${home.category}`}
        </div>
      </div>
      <div style={{ display: 'flex', fontFamily: theme.font, fontWeight: 800, fontSize: 96, lineHeight: 1.05 }}>
        {`${home.price}${home.priceSuffix ?? ''}`}
      </div>
      <div style={{ display: 'flex', fontFamily: BODY, fontWeight: 600, fontSize: 44, opacity: 0.92 }}>
        {home.location}
      </div>
    </div>
  )
}

function FeatureCard({ home, theme, index }: Pick<OverlayProps, 'home' | 'theme'> & { index: number }) {
  const line = featureLines(home)[index]
  if (!line) return null
  return (
    <div
      style={{
        position: 'absolute',
        left: SIDE,
        top: SAFE_ZONE.top + 60,
        display: 'flex',
        alignItems: 'center',
        gap: 28,
        padding: '32px 44px',
        borderRadius: 32,
        backgroundColor: withAlpha('#FFFFFF', 0.94),
        borderLeft: `14px solid ${theme.secondary}`,
        maxWidth: W - 2 * SIDE,
      }}
    >
      {line.value ? (
        <div style={{ display: 'flex', fontFamily: theme.font, fontWeight: 800, fontSize: 88, color: theme.primary }}>
          {line.value}
        </div>
      ) : null}
      <div style={{ display: 'flex', fontFamily: BODY, fontWeight: 700, fontSize: 50, color: theme.text }}>
        {line.label}
      </div>
    </div>
  )
}

function ClosingCard({ brand, theme }: Pick<OverlayProps, 'brand' | 'theme'>) {
  const lines = [brand.creci, brand.whatsapp ?? brand.phone, brand.instagram].filter((l): l is string => !!l)
  return (
    <div
      style={{
        position: 'absolute',
        left: 0,
        top: 0,
        width: W,
        height: H,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        backgroundColor: withAlpha(theme.primary, 0.82),
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 26, color: theme.onPrimary }}>
        <div style={{ display: 'flex', fontFamily: BODY, fontWeight: 600, fontSize: 42, opacity: 0.85 }}>
          Agende sua visita
        </div>
        <div style={{ display: 'flex', fontFamily: theme.font, fontWeight: 800, fontSize: 84, textAlign: 'center' }}>
          {brand.name ?? 'Seu corretor'}
        </div>
        <div style={{ display: 'flex', width: 160, height: 8, borderRadius: 4, backgroundColor: theme.secondary }} />
        {lines.map((line) => (
          <div key={line} style={{ display: 'flex', fontFamily: BODY, fontWeight: 700, fontSize: 50 }}>
            {line}
          </div>
        ))}
      </div>
    </div>
  )
}

function Subtitle({ text }: { text: string }) {
  return (
    <div
      style={{
        position: 'absolute',
        left: SIDE,
        width: W - 2 * SIDE,
        bottom: SAFE_ZONE.bottom + 40,
        display: 'flex',
        justifyContent: 'center',
      }}
    >
      <div
        style={{
          display: 'flex',
          padding: '18px 30px',
          borderRadius: 20,
          backgroundColor: 'rgba(0,0,0,0.72)',
          color: '#FFFFFF',
          fontFamily: BODY,
          fontWeight: 800,
          fontSize: 58,
          lineHeight: 1.2,
          textAlign: 'center',
        }}
      >
        {text}
      </div>
    </div>
  )
}

export function ReelOverlay(props: OverlayProps) {
  const { card } = props
  return (
    <div style={{ position: 'relative', display: 'flex', width: W, height: H, backgroundColor: 'transparent' }}>
      {card?.kind === 'title' ? <TitleCard home={props.home} theme={props.theme} /> : null}
      {card?.kind === 'feature' ? <FeatureCard home={props.home} theme={props.theme} index={card.index} /> : null}
      {card?.kind === 'closing' ? <ClosingCard brand={props.brand} theme={props.theme} /> : null}
      {props.cue ? <Subtitle text={props.cue} /> : null}
    </div>
  )
}
