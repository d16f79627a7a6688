// Gallery and floor-plan items as pages show them. Pure: used by components in the browser.

/** A photo or floor plan of a property (homes.gallery, homes.floor_plans). */
export type MediaItem = {
  name: string
  url: string
  caption?: string | null
  featured?: boolean
  /** Storage keys of the derivatives made on upload (see app/integrations/storage/storage.server.ts). */
  variants?: { original: string; w400?: string; w800?: string; w1080?: string }
  width?: number
  height?: number
}

/** A file sent with a form, as the server's steps take it: its name and its bytes. */
export type SentFile = { name: string; bytes: Uint8Array }

/** URL of the derivative made for a size on screen; the original when there is none. */
export function mediaSrc(item: MediaItem, size: 400 | 1080 | 'original'): string {
  const key = size === 'original' ? item.variants?.original : item.variants?.[`w${size}`]
  return key ? `/uploads/${key}` : item.url
}

/** The item a card or a post shows first: the featured one, else the first. */
export function coverOf(items: readonly MediaItem[] | null | undefined): MediaItem | null {
  if (!items || items.length === 0) return null
  return items.find((item) => item.featured) ?? items[0] ?? null
}

/** The account a stored key belongs to: users/<id>/… or, not saved yet, tmp/users/<id>/… (ADR 070). */
export function ownerOfKey(key: string): string | null {
  const m = /^(?:tmp\/)?users\/([^/]+)\//.exec(key)
  return m ? m[1]! : null
}

/** Do an item's derivatives all belong to the account its original belongs to? */
export function keysShareOwner(variants: { original: string; w400?: string; w800?: string; w1080?: string }) {
  const owner = ownerOfKey(variants.original)
  return (
    owner !== null && [variants.w400, variants.w800, variants.w1080].every((key) => !key || ownerOfKey(key) === owner)
  )
}

/** Storage keys of an item (original and derivatives). */
export function keysOf(item: MediaItem): string[] {
  const v = item.variants
  return v ? [v.original, v.w400, v.w800, v.w1080].filter((k): k is string => Boolean(k)) : []
}

/** The content type of a stored file, by its name's extension. */
const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
}

/** Content type from the key's extension (keys are made by the app, so it is trustworthy). */
export function contentTypeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  return contentTypes[ext] ?? 'application/octet-stream'
}
