// The occasion art as the renderer draws it: every occasion, every composition, every format, with
// the words inside the canvas and clear of the footer, and each occasion in its own colours.
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { makeKit } from '~/components/post/kit'
import { OCCASION_COMPOSITIONS, occasionArt } from '~/components/post/occasions'
import { artCanvas } from '~/components/post/occasions/shapes'
import { ART_THEMES } from '~/domain/occasion-art'
import { buildPostContent } from '~/domain/post-content'
import { DEFAULT_POST_THEME } from '~/domain/post-theme'
import { formatSize, makeSlide } from '~/domain/slides'
import { renderSlide, slideInput } from './render.server'

const slide = makeSlide('t', 'text', { title: 'Feliz Natal', description: 'Que o Natal encha o seu lar de paz.' })

function content(occasion: string, id = 0, format = 'feed') {
  return buildPostContent({
    post: { id, template: 'datas-post-feed', format, meta: { slides: [slide], fields: { occasion } }, media: null },
    home: null,
    owner: { full_name: 'Ana Souza', phone: '(11) 98765-4321', theme: null },
  })
}

/** The colour of the pixel at (x, y) of a PNG, as '#RRGGBB'. */
async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * 3
  return `#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase()
}

describe('occasion art', () => {
  test('every occasion has at least 2 compositions, whose words stay on the canvas above the footer', () => {
    for (const theme of ART_THEMES) {
      expect(OCCASION_COMPOSITIONS[theme].length, theme).toBeGreaterThanOrEqual(2)
      for (const format of ['feed', 'portrait', 'story'])
        for (const composition of [0, 1]) {
          const kit = makeKit({ target: 'image', size: formatSize(format), theme: DEFAULT_POST_THEME, src: () => null })
          const { box } = occasionArt(kit, { theme, composition })
          const c = artCanvas(kit)
          const where = `${theme} ${composition} ${format}`
          expect(box.left, where).toBeGreaterThanOrEqual(40)
          expect(box.left + box.width, where).toBeLessThanOrEqual(kit.width - 40)
          expect(box.top, where).toBeGreaterThanOrEqual(c.top)
          expect(box.top + box.height, where).toBeLessThanOrEqual(c.foot)
          expect(box.height, where).toBeGreaterThan(180)
        }
    }
  })

  test('a greeting is drawn on its occasion: Natal pine green, Dia das Mães blush, Dia dos Pais navy', async () => {
    const corner = async (occasion: string, id: number) =>
      pixel(await renderSlide(content(occasion, id), slide, async () => null, { format: 'png' }), 8, 700)
    expect(await corner('natal', 0)).toBe('#0F3B2C')
    expect(await corner('dia_das_maes', 0)).toBe('#FCE8EA')
    expect(await corner('dia_dos_pais', 0)).toBe('#1D2B44')
    // The other composition of the same occasion is another picture.
    expect(await corner('natal', 1)).toBe('#FBF5E9')
  })

  test('the renderer numbers a carousel slide', async () => {
    const slides = [slide, makeSlide('u', 'closing')]
    const c = buildPostContent({
      post: { id: 1, template: 'dica-carrossel', format: 'carousel', meta: { slides }, media: null },
      home: null,
      owner: null,
    })
    const input = await slideInput(c, slides[1]!, async () => null)
    expect((input.element.props as { position: unknown }).position).toEqual({ number: 2, total: 2 })
  })
})
