import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { HomeSchema, parseHomeFilters } from './home-schema'

const form = (entries: [string, string][]) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

const valid: [string, string][] = [
  ['status', 'sale'],
  ['type', 'residential'],
  ['category', 'apartment'],
  ['name', 'Apartamento 3 quartos no Itaim'],
  ['price', 'R$ 1.234.567,89'],
  ['condominium_price', '1.850,00'],
  ['iptu_price', ''],
  ['area', '98,5'],
  ['bedrooms', '3'],
  ['suites', '1'],
  ['features', 'balcony'],
  ['features', 'elevator'],
  ['amenities', 'pool'],
  ['zipcode', '04534011'],
  ['neighborhood', 'Itaim Bibi'],
  ['city', 'São Paulo'],
  ['state', 'SP'],
]

const parse = (entries: [string, string][]) => parseWithZod(form(entries), { schema: HomeSchema })

test('turns the typed form into the stored shape', () => {
  const submission = parse(valid)
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value).toMatchObject({
    status: 'sale',
    type: 'residential',
    stage: null,
    price: 123456789,
    rental_price: null,
    condominium_price: 185000,
    iptu_price: null,
    area: 98.5,
    bedrooms: 3,
    suites: 1,
    bathrooms: null,
    features: ['balcony', 'elevator'],
    amenities: ['pool'],
    zipcode: '04534-011',
    street: null,
    state: 'SP',
    location: null,
    gallery: [],
    theme: null,
    social_housing_program: false,
  })
})

const errorsOf = (entries: [string, string][]) => {
  const submission = parse(entries)
  if (submission.status !== 'error') throw new Error('expected the form to be refused')
  return submission.error ?? {}
}

const without = (name: string) => valid.filter(([k]) => k !== name)

test('says in Portuguese what is wrong, beside each field', () => {
  expect(errorsOf([...without('area'), ['area', '-5']]).area).toEqual(['Deve ser maior ou igual a 0'])
  expect(errorsOf(without('city')).city).toEqual(['Obrigatório'])
  expect(errorsOf([...without('zipcode'), ['zipcode', '123']]).zipcode).toEqual([
    'CEP inválido. Use 8 dígitos, como 01310-100',
  ])
  expect(errorsOf([...without('price'), ['price', 'muito caro']]).price).toEqual([
    'Valor inválido. Use o formato R$ 1.234,56',
  ])
  expect(errorsOf([...without('price'), ['price', '-R$ 10,00']]).price).toEqual(['Deve ser maior ou igual a 0'])
  expect(errorsOf([...without('bedrooms'), ['bedrooms', '2,5']]).bedrooms).toEqual(['Digite um número inteiro'])
  expect(errorsOf([...without('suites'), ['suites', '4']]).suites).toEqual(['Não pode passar do número de quartos'])
  expect(errorsOf(without('state')).state).toEqual(['Escolha o estado'])
  expect(errorsOf([...without('features'), ['features', 'heliport']])['features[0]']).toEqual(['Opção inválida'])
})

test('keeps gallery rows in order, with caption and featured, and drops removed ones', () => {
  const item = (n: number) =>
    JSON.stringify({
      name: `foto-${n}.jpg`,
      url: `/uploads/users/u/homes/photos/${n}/original.jpg`,
      variants: { original: `users/u/homes/photos/${n}/original.jpg` },
      width: 800,
      height: 600,
    })
  const submission = parse([
    ...valid,
    ['gallery[0].item', item(1)],
    ['gallery[0].caption', 'Sala'],
    ['gallery[1].item', item(2)],
    ['gallery[1].remove', 'on'],
    ['gallery[2].item', item(3)],
    ['gallery[2].featured', 'on'],
  ])
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.gallery.map((g) => [g.name, g.caption, g.featured])).toEqual([
    ['foto-1.jpg', 'Sala', false],
    ['foto-3.jpg', null, true],
  ])
})

test("a photo whose derivatives are another account's files is refused, each derivative checked", () => {
  const item = (w1080: string) =>
    JSON.stringify({
      name: 'foto.jpg',
      url: '/uploads/users/ana/homes/photos/1/original.jpg',
      variants: { original: 'users/ana/homes/photos/1/original.jpg', w1080 },
    })
  expect(parse([...valid, ['gallery[0].item', item('users/ana/homes/photos/1/w1080.webp')]]).status).toBe('success')
  expect(parse([...valid, ['gallery[0].item', item('tmp/users/ana/homes/photos/1/w1080.webp')]]).status).toBe('success')
  const tampered = parse([...valid, ['gallery[0].item', item('users/bruno/homes/photos/9/w1080.webp')]])
  if (tampered.status !== 'error') throw new Error('a tampered derivative was accepted')
  expect(tampered.error?.['gallery[0].item']).toEqual(['Valor inválido'])
})

test('a brand theme is kept only when the property overrides the account brand', () => {
  const theme: [string, string][] = [
    ['theme.primary_color', '#0A5C36'],
    ['theme.font', 'Montserrat'],
  ]
  const inherits = parse([...valid, ...theme])
  expect(inherits.status === 'success' && inherits.value.theme).toBeNull()
  const own = parse([...valid, ...theme, ['theme_override', 'on']])
  expect(own.status === 'success' && own.value.theme).toMatchObject({
    primary_color: '#0a5c36',
    font: 'Montserrat',
    text_color: null,
  })
  expect(errorsOf([...valid, ['theme_override', 'on'], ['theme.text_color', 'azul']])['theme.text_color']).toEqual([
    'Cor inválida. Use o formato #1A2B3C',
  ])
})

test('location needs both coordinates', () => {
  const ok = parse([...valid, ['location.latitude', '-23,5855'], ['location.longitude', '-46.6791']])
  expect(ok.status === 'success' && ok.value.location).toEqual({
    latitude: -23.5855,
    longitude: -46.6791,
  })
  expect(errorsOf([...valid, ['location.latitude', '-23.5']])['location.longitude']).toEqual([
    'Informe latitude e longitude',
  ])
})

test('list filters ignore what they do not understand', () => {
  expect(parseHomeFilters(new URLSearchParams('status=sale&category=castle&city=Santos&page=2'))).toEqual({
    status: 'sale',
    category: undefined,
    city: 'Santos',
    page: 2,
  })
  expect(parseHomeFilters(new URLSearchParams('page=-3&q=%20'))).toEqual({ page: undefined })
})

test('a price left empty is stored as null (never given); a typed zero stays 0', () => {
  const submission = parse([
    ...valid.filter(([name]) => name !== 'price' && name !== 'iptu_price'),
    ['price', ''],
    ['iptu_price', '0'],
  ])
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.price).toBeNull()
  expect(submission.value.iptu_price).toBe(0)
})

test('places typed by hand (no Maps key) are saved with their kind and distance', () => {
  const submission = parse([
    ...valid,
    ['nearby_manual[0].name', 'Metrô Fradique Coutinho'],
    ['nearby_manual[0].kind', 'subway_station'],
    ['nearby_manual[0].distance', '450'],
    ['nearby_manual[1].name', ''],
    ['nearby_manual[1].kind', ''],
    ['nearby_manual[2].name', 'Padaria da esquina'],
  ])
  expect(submission.status).toBe('success')
  if (submission.status !== 'success') return
  expect(submission.value.nearby_places).toEqual([
    {
      id: 'manual-1',
      name: 'Metrô Fradique Coutinho',
      location: null,
      types: ['subway_station'],
      primaryType: 'subway_station',
      distance: 450,
    },
    { id: 'manual-2', name: 'Padaria da esquina', location: null, types: [], primaryType: null, distance: null },
  ])
  expect(parse([...valid, ['nearby_manual[0].name', 'X'], ['nearby_manual[0].distance', '-3']]).status).toBe('error')
})
