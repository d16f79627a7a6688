// File names a person recognises, from the pt-BR names of things: accents dropped, lower case,
// words joined by hyphens ('Apartamento nos Jardins' → 'apartamento-nos-jardins').

/** The slug of `name` (at most `max` characters, never ending in a hyphen); '' when nothing is left. */
export function fileSlug(name: string | null | undefined, max = 60): string {
  return (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
}
