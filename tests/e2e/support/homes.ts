// A property of the test's own user, made by sending the real property form over HTTP (the same
// multipart POST a browser without JavaScript sends), with photos drawn in code like the seed's.
// Tests that once borrowed the seeded demo account's apartment make this one instead, so no two
// tests share an account and the suite can run on several workers.
import type { APIRequestContext } from '@playwright/test'
import { expect } from '@playwright/test'
import { formatMoneyInput } from '../../../app/domain/money'
import { DEMO_HOMES } from '../../../scripts/seed/homes'
import { roomPhoto } from '../../../app/integrations/images/sample-photos.server'
import { dayFromToday } from './sao-paulo'

export type SampleHome = (typeof DEMO_HOMES)[number]

/** The seed's apartment in Itaim Bibi (six photos, sale, luxury). */
export const ITAIM_APARTMENT: SampleHome = DEMO_HOMES[0]!

const photoCache = new Map<string, Promise<Buffer>>()

// 800 × 600: every test that needs a property with photos makes one, and the server turns each
// photo into a JPEG and two WebPs; at 1,200 × 900 that was 7 % of the suite's CPU (ADR 204).
// Phone-sized photos are tested where size is the point (homes-uploads.spec.ts).

/** A phone camera's size and grain, for the tests where bytes are the point (the page's budget). */
export const PHONE_PHOTO = { width: 2000, height: 1500 } as const

function photo(scene: SampleHome['photos'][number]['scene'], seed: number, size?: typeof PHONE_PHOTO) {
  const key = `${scene}:${seed}:${size ? 'phone' : 'small'}`
  if (!photoCache.has(key))
    photoCache.set(key, roomPhoto(scene, seed, size ? { ...size } : { width: 800, height: 600, grain: 0 }))
  return photoCache.get(key)!
}

function formOf(home: SampleHome) {
  const form = new FormData()
  const text: Record<string, string | number | null | undefined> = {
    status: home.status,
    type: home.type,
    category: home.category,
    stage: home.stage,
    segment: home.segment,
    name: home.name,
    description: home.description,
    price: formatMoneyInput(home.price),
    rental_price: formatMoneyInput(home.rental_price),
    condominium_price: formatMoneyInput(home.condominium_price),
    iptu_price: formatMoneyInput(home.iptu_price),
    area: home.area,
    bedrooms: home.bedrooms,
    suites: home.suites,
    bathrooms: home.bathrooms,
    parking_spaces: home.parking_spaces,
    zipcode: home.zipcode,
    street: home.street,
    street_number: home.street_number,
    complement: home.complement,
    neighborhood: home.neighborhood,
    city: home.city,
    state: home.state,
    'location.latitude': home.location?.latitude,
    'location.longitude': home.location?.longitude,
  }
  for (const [name, value] of Object.entries(text)) {
    if (value != null && value !== '') form.append(name, String(value))
  }
  for (const feature of home.features) form.append('features', feature)
  for (const amenity of home.amenities) form.append('amenities', amenity)
  return form
}

/**
 * Creates `home` (with its photos) for whoever `request` is signed in as, and returns its id.
 * `page.request` carries the page's session.
 */
export async function createHome(
  request: APIRequestContext,
  home: SampleHome = ITAIM_APARTMENT,
  options: { photos?: number; size?: typeof PHONE_PHOTO; authorized?: boolean } = {},
): Promise<number> {
  const form = formOf(home)
  const photos = home.photos.slice(0, options.photos ?? home.photos.length)
  for (const [index, { scene }] of photos.entries()) {
    const buffer = await photo(scene, index + 1, options.size)
    form.append(
      'gallery_files',
      new File([new Uint8Array(buffer)], `${scene}-${index + 1}.jpg`, { type: 'image/jpeg' }),
    )
  }
  const response = await request.post('/imoveis/novo', { multipart: form, maxRedirects: 0 })
  expect(response.status(), `property form: ${(await response.text()).slice(0, 400)}`).toBe(302)
  const location = response.headers()['location'] ?? ''
  const id = Number(/\/imoveis\/(\d+)/.exec(location)?.[1])
  expect(id, `redirected to ${location}`).toBeGreaterThan(0)
  // As an agent does before advertising it (issue 65): the owner's authorisation, and a launch's R.I.
  if (options.authorized ?? true) await authorizeHome(request, id, { launch: home.stage === 'launch' })
  return id
}

/** A one-page PDF standing for the owner's signed authorisation. */
export const SIGNED_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

/** 'YYYY-MM-DD' of today plus `days` (the authorisation's dates; a day either way of São Paulo's is fine). */
export { dayFromToday }

/** Sends the property's "Documentação" forms: an authorisation for a year, and the R.I. of a launch. */
export async function authorizeHome(
  request: APIRequestContext,
  id: number,
  options: { launch?: boolean; startsOn?: string; endsOn?: string } = {},
) {
  const form = new FormData()
  form.append('intent', 'autorizacao')
  form.append('owner_name', 'Maria Proprietária da Silva')
  form.append('starts_on', options.startsOn ?? dayFromToday(-30))
  form.append('ends_on', options.endsOn ?? dayFromToday(365))
  form.append('document', new File([SIGNED_PDF], 'autorizacao.pdf', { type: 'application/pdf' }))
  const response = await request.post(`/imoveis/${id}/documentacao`, { multipart: form, maxRedirects: 0 })
  expect(response.status(), `authorisation form: ${(await response.text()).slice(0, 400)}`).toBe(302)
  if (!options.launch) return
  const registry = await request.post(`/imoveis/${id}/documentacao`, {
    form: { intent: 'incorporacao', incorporation_registry: 'R.4 da matrícula 98.765', developer_name: 'Araucária' },
    maxRedirects: 0,
  })
  expect(registry.status(), 'incorporation form').toBe(302)
}
