// Every address a person or another service opens without signing in is built here, from the
// record's public id (ADR 141) — never from its serial id. Scheduling, media kits and the
// screenshot contract use these functions rather than writing paths by hand.

/** A public id as the database makes them (db/schema.ts publicIdColumn): 40 lowercase hex digits. */
export const PUBLIC_ID_PATTERN = /^[0-9a-f]{40}$/

export function isPublicId(value: unknown): value is string {
  return typeof value === 'string' && PUBLIC_ID_PATTERN.test(value)
}

export type PostImageOptions = {
  slide?: number | null
  format?: 'png' | 'jpeg'
  /** The main image as a small JPEG, for lists (the history). */
  thumbnail?: boolean
}

/** The post page anyone with the link can open (a guest route). */
export function postPagePath(publicId: string): string {
  return `/posts/${publicId}`
}

/** One image of the post (the main image when no slide is given; ADR 043). */
export function postImagePath(publicId: string, options: PostImageOptions = {}): string {
  const query = new URLSearchParams()
  if (options.slide !== undefined && options.slide !== null) query.set('slide', String(options.slide))
  if (options.format === 'jpeg') query.set('format', 'jpeg')
  if (options.thumbnail) query.set('tamanho', 'miniatura')
  const search = query.toString()
  return `/imagens/post/${publicId}${search ? `?${search}` : ''}`
}

/** The main image as a file, post-{template}-{id}.png (ADR 044). */
export function postDownloadPath(publicId: string): string {
  return `/posts/${publicId}/baixar`
}

/** Carousel.zip (ADR 044). */
export function postCarouselPath(publicId: string): string {
  return `/posts/${publicId}/carrossel`
}

/** The screenshot service's path for a post (post/{id}; ADR 043), relative to SCREENSHOT_URL. */
export function screenshotPath(publicId: string): string {
  return `post/${publicId}`
}

/** An absolute address from a path above and the site's origin (APP_URL or the request's). */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/$/, '')}${path}`
}
