// The nearby places an agent chose on a property (from Google Maps, or typed by hand without a
// Maps key) as posts use them: name, kind and distance in pt-BR (ADR 154). Pure.
import { nearbyPlaceLabel, nearbyPlaceTypeLabels, type LatLng, type NearbyPlace } from './home'

export type NearbyFact = {
  name: string
  /** 'Metrô', 'Escola', … ('Local' when unknown). */
  kind: string
  /** '450 m', '1,2 km'; null when neither typed nor computable. */
  distance: string | null
}

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = (deg: number) => (deg * Math.PI) / 180
  const dLat = rad(b.latitude - a.latitude)
  const dLng = rad(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** 430 → '450 m' (50 m steps), 1234 → '1,2 km'. */
export function formatDistance(meters: number): string {
  if (meters < 1000) return `${Math.max(50, Math.round(meters / 50) * 50)} m`
  return `${(Math.round(meters / 100) / 10).toFixed(1).replace(/\.0$/, '').replace('.', ',')} km`
}

/** The chosen places, nearest first, as posts name them. */
export function nearbyFacts(home: { location?: LatLng | null; nearby_places?: NearbyPlace[] | null }): NearbyFact[] {
  const facts = (home.nearby_places ?? [])
    .filter((place) => typeof place?.name === 'string' && place.name.trim() !== '')
    .map((place) => {
      const meters =
        typeof place.distance === 'number' && place.distance >= 0
          ? place.distance
          : place.location && home.location
            ? distanceMeters(home.location, place.location)
            : null
      return { name: place.name.trim(), kind: nearbyPlaceLabel(place), meters }
    })
  facts.sort((a, b) => (a.meters ?? Infinity) - (b.meters ?? Infinity))
  return facts.map(({ name, kind, meters }) => ({
    name,
    kind,
    distance: meters == null ? null : formatDistance(meters),
  }))
}

/** 'Metrô Fradique Coutinho (metrô, a 450 m)'. */
export function nearbyPhrase(fact: NearbyFact): string {
  const detail = [fact.kind === 'Local' ? null : fact.kind.toLowerCase(), fact.distance ? `a ${fact.distance}` : null]
    .filter(Boolean)
    .join(', ')
  return detail ? `${fact.name} (${detail})` : fact.name
}

/** The kinds an agent picks from when typing a place by hand (one type key per label). */
export const MANUAL_PLACE_KINDS: Array<{ value: string; label: string }> = Object.entries(nearbyPlaceTypeLabels)
  .filter(([, label], index, all) => all.findIndex(([, other]) => other === label) === index)
  .map(([value, label]) => ({ value, label }))

/** A place typed by hand: name, kind (a type key) and distance in metres. */
export function manualPlace(
  input: { name: string; kind: string; distance: number | null },
  index: number,
): NearbyPlace {
  const kind = nearbyPlaceTypeLabels[input.kind] ? input.kind : null
  return {
    id: `manual-${index + 1}`,
    name: input.name.trim(),
    location: null,
    types: kind ? [kind] : [],
    primaryType: kind,
    distance: input.distance,
  }
}
