// A logo whose background the brand step removed, on every style-drawn cover over a dark photo:
// drawn bare (it reads there), never put back on a white pill. Drawn by the renderer, measured in
// the PNG where the brand sits.
import sharp from 'sharp'
import { expect, test } from 'vitest'
import type { CompositionId } from '~/domain/compositions'
import { buildPostContent } from '~/domain/post-content'
import { makeSlide } from '~/domain/slides'
import { renderSlide } from './render.server'

const PHOTO = '/uploads/users/u/photo.jpg'
const LOGO = '/uploads/users/u/brand/logo.png'

const home = {
  id: 1,
  name: 'Casa em Alphaville',
  status: 'sale',
  category: 'house',
  neighborhood: 'Alphaville',
  city: 'Barueri',
  state: 'SP',
  price: 890000000,
  area: 620,
  bedrooms: 5,
  gallery: [{ name: 'a', url: PHOTO, featured: true }],
}

const darkPhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#1B2330' } })
    .jpeg()
    .toBuffer()

/** A white wordmark on a transparent background. */
const whiteLogo = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="720" height="200">
      <text x="20" y="130" font-family="sans-serif" font-weight="700" font-size="96" fill="#FFFFFF">Ana Souza</text>
    </svg>`),
  )
    .png()
    .toBuffer()

/** The share of near-white pixels in the 520 × 200 box where the cover's brand sits. */
async function whiteShare(png: Buffer, [left, top]: [number, number]): Promise<number> {
  const { data, info } = await sharp(png)
    .extract({ left, top, width: 520, height: 200 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  let white = 0
  for (let i = 0; i < data.length; i += info.channels)
    if (data[i]! > 235 && data[i + 1]! > 235 && data[i + 2]! > 235) white++
  return white / (info.width * info.height)
}

test.each<[CompositionId, string, [number, number]]>([
  ['full-bleed', 'classico', [0, 0]],
  ['split', 'moderno', [0, 0]],
  ['framed', 'minimalista', [60, 60]],
  ['centered', 'elegante', [280, 40]],
  ['sticker', 'vibrante', [0, 0]],
])('a logo with its background removed is drawn bare on a dark photo: %s', async (composition, style, corner) => {
  const [photo, logo] = await Promise.all([darkPhoto(), whiteLogo()])
  const slide = makeSlide('c', 'cover', { image: PHOTO, title: 'Casa em Alphaville' })
  const content = buildPostContent({
    post: {
      id: 1,
      template: 'venda-post-feed',
      format: 'feed',
      meta: { slides: [slide], fields: { composition, style } },
      media: null,
    },
    home: home as never,
    owner: { full_name: 'Ana Souza', phone: '(11) 98765-4321', theme: { logo: LOGO } } as never,
  })
  const png = await renderSlide(content, slide, async (ref) => (ref === PHOTO ? photo : ref === LOGO ? logo : null), {
    format: 'png',
  })
  // The letters alone cover a few per cent of the corner; a white pill behind them, a fifth or more.
  const share = await whiteShare(png, corner)
  expect(share, composition).toBeGreaterThan(0.005)
  expect(share, composition).toBeLessThan(0.12)
})
