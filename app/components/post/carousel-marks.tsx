// What tells a reader a carousel goes on: the slide's number ("2/7") in the top right corner, and
// on the first image a tab at the right edge with the number and an arrow (swipe). Drawn over any
// layout, in a neutral glass that reads on photos and on flat colours alike.
import type { SlidePosition } from '~/domain/post-content'
import { Icon } from './icons'
import type { SlideKit } from './kit'
import { safeInsets } from './parts'

/** The corner the number takes: layouts keep their words out of it on a carousel. */
export const NUMBER_BOX = { right: 36, top: 36, width: 112, height: 52 }

const GLASS = 'rgba(17, 24, 39, 0.62)'

export function slideNumberText(position: SlidePosition): string {
  return `${position.number}/${position.total}`
}

export function CarouselMarks(props: { kit: SlideKit; position: SlidePosition | null | undefined }) {
  const { kit, position } = props
  if (!position) return null
  return position.number === 1 ? (
    <SwipeCue kit={kit} position={position} />
  ) : (
    <SlideNumber kit={kit} position={position} />
  )
}

function SlideNumber({ kit, position }: { kit: SlideKit; position: SlidePosition }) {
  const top = safeInsets(kit).top + NUMBER_BOX.top
  return (
    <div
      style={{
        display: 'flex',
        position: 'absolute',
        right: kit.u(NUMBER_BOX.right),
        top: kit.u(top),
        height: kit.u(NUMBER_BOX.height),
        minWidth: kit.u(88),
        padding: `0 ${kit.u(20)}`,
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: kit.u(NUMBER_BOX.height / 2),
        background: GLASS,
        color: '#FFFFFF',
        fontFamily: 'Inter',
        fontWeight: 700,
        fontSize: kit.u(28),
        letterSpacing: kit.u(1),
      }}
    >
      {slideNumberText(position)}
    </div>
  )
}

/** The tab at the right edge of the first image: "1/7" over an arrow pointing on. */
function SwipeCue({ kit, position }: { kit: SlideKit; position: SlidePosition }) {
  const width = 104
  const height = 164
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        position: 'absolute',
        right: 0,
        top: kit.u(Math.round((kit.height - height) / 2)),
        width: kit.u(width),
        height: kit.u(height),
        alignItems: 'center',
        justifyContent: 'center',
        gap: kit.u(10),
        borderTopLeftRadius: kit.u(height / 2),
        borderBottomLeftRadius: kit.u(height / 2),
        background: GLASS,
        paddingLeft: kit.u(12),
        boxSizing: 'border-box',
      }}
    >
      <div style={{ display: 'flex', fontFamily: 'Inter', fontWeight: 700, fontSize: kit.u(28), color: '#FFFFFF' }}>
        {slideNumberText(position)}
      </div>
      <div
        style={{
          display: 'flex',
          width: kit.u(60),
          height: kit.u(60),
          borderRadius: kit.u(30),
          alignItems: 'center',
          justifyContent: 'center',
          background: '#FFFFFF',
        }}
      >
        <Icon kit={kit} name="arrow" size={38} color="#111827" stroke={2.6} />
      </div>
    </div>
  )
}
