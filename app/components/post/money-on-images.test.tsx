// One money rule on images (ADR 151), applied to every amount of a slide.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { formatImageMoney, imageMoneyText } from '~/domain/money'
import { homeContent } from '~/domain/post-content'
import { DEFAULT_POST_THEME } from '~/domain/post-theme'
import { makeSlide, formatSize } from '~/domain/slides'
import { makeKit } from './kit'
import { PostSlide } from './post-slide'

describe('the image money rule', () => {
  test('no centavos from R$ 10.000, centavos below, millions in words as a choice', () => {
    expect(formatImageMoney(420000000)).toBe('R$ 4.200.000')
    expect(formatImageMoney(420000000, 'short')).toBe('R$ 4,2 milhões')
    expect(formatImageMoney(100000000, 'short')).toBe('R$ 1 milhão')
    expect(formatImageMoney(85000000, 'short')).toBe('R$ 850 mil')
    expect(formatImageMoney(1000000)).toBe('R$ 10.000')
    expect(formatImageMoney(210000)).toBe('R$ 2.100,00')
    expect(formatImageMoney(65050)).toBe('R$ 650,50')
    expect(formatImageMoney(null)).toBe('R$ -,--')
  })

  test('text written by anyone is rewritten by the rule, and says /mês once', () => {
    expect(imageMoneyText('R$ 4.200.000,00')).toBe('R$ 4.200.000')
    expect(imageMoneyText('R$ 2.900,00/mês /mês')).toBe('R$ 2.900,00/mês')
    expect(imageMoneyText('Condomínio R$ 2.100 · IPTU R$ 650,50')).toBe('Condomínio R$ 2.100,00 · IPTU R$ 650,50')
  })
})

const rental = {
  id: 1,
  name: 'Apartamento no Itaim',
  status: 'rent' as const,
  category: 'apartment',
  neighborhood: 'Itaim Bibi',
  city: 'São Paulo',
  state: 'SP',
  rental_price: 290000,
  condominium_price: 210000,
  iptu_price: 65050,
  gallery: [{ name: 'a', url: '/uploads/a.jpg', featured: true }],
}

function coverHtml(description: string | null, home = rental) {
  const kit = makeKit({ target: 'html', size: formatSize('carousel'), theme: DEFAULT_POST_THEME, src: (ref) => ref })
  const slide = makeSlide('s1', 'cover', { image: '/uploads/a.jpg', caption: 'Para alugar', description })
  const brand = { name: 'Marina', phone: null, initials: 'M', logo: null }
  const html = renderToStaticMarkup(<PostSlide kit={kit} slide={slide} home={homeContent(home)} brand={brand} />)
  return html.replace(/<[^>]+>/g, '|')
}

describe('the rental cover (aluguel-carrossel)', () => {
  test('says /mês once, even when the words already carry it', () => {
    for (const description of ['R$ 2.900,00/mês', 'R$ 2.900,00', null]) {
      const text = coverHtml(description)
      expect(text.match(/\/mês/g), String(description)).toHaveLength(1)
      expect(text).toContain('R$ 2.900,00')
    }
  })

  test('every amount follows the same rule: price, condomínio and IPTU', () => {
    const text = coverHtml(null)
    expect(text).toContain('Condomínio R$ 2.100,00')
    expect(text).toContain('IPTU R$ 650,50')
    const sale = coverHtml('R$ 4.200.000,00', { ...rental, status: 'sale' as never, price: 420000000 } as never)
    expect(sale).toContain('R$ 4.200.000|')
    expect(sale).not.toContain('4.200.000,00')
    expect(sale).not.toContain('/mês')
  })

  test('a price never given shows R$ -,-- and no /mês', () => {
    const text = coverHtml(null, { ...rental, rental_price: null } as never)
    expect(text).toContain('R$ -,--')
    expect(text).not.toContain('/mês')
  })
})
