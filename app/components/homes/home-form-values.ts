// The property form's starting values: a stored property as the form's text values, or the
// defaults of a new one.
import type { HomeRecord as Home } from '~/domain/records'
import { formatMoneyInput } from '~/domain/money'

const text = (n: number | null | undefined) => (n == null ? '' : String(n).replace('.', ','))

export function formDefaults(home: Home | null) {
  if (!home) return { status: 'sale', category: 'apartment', type: 'residential' } as const
  return {
    status: home.status,
    type: home.type ?? '',
    category: home.category,
    stage: home.stage ?? '',
    segment: home.segment ?? '',
    name: home.name,
    description: home.description ?? '',
    social_housing_program: home.social_housing_program ? 'on' : '',
    price: formatMoneyInput(home.price),
    rental_price: formatMoneyInput(home.rental_price),
    condominium_price: formatMoneyInput(home.condominium_price),
    iptu_price: formatMoneyInput(home.iptu_price),
    area: text(home.area),
    bedrooms: text(home.bedrooms),
    suites: text(home.suites),
    bathrooms: text(home.bathrooms),
    parking_spaces: text(home.parking_spaces),
    features: home.features,
    amenities: home.amenities,
    zipcode: home.zipcode,
    street: home.street ?? '',
    street_number: home.street_number ?? '',
    complement: home.complement ?? '',
    neighborhood: home.neighborhood,
    city: home.city,
    state: home.state,
    place_id: home.place_id ?? '',
    location: home.location
      ? { latitude: String(home.location.latitude), longitude: String(home.location.longitude) }
      : { latitude: '', longitude: '' },
    nearby_places: home.nearby_places.map((place) => JSON.stringify(place)),
    nearby_manual: home.nearby_places
      .filter((place) => place.id.startsWith('manual-'))
      .map((place) => ({ name: place.name, kind: place.primaryType ?? '', distance: text(place.distance) })),
    theme_override: home.theme ? 'on' : '',
    theme: {
      logo: home.theme?.logo ?? '',
      primary_color: home.theme?.primary_color ?? '',
      secondary_color: home.theme?.secondary_color ?? '',
      text_color: home.theme?.text_color ?? '',
      font: home.theme?.font ?? '',
    },
  }
}
