// The artwork the renderer draws behind a text post (datas comemorativas, dicas, institucional,
// depoimentos): one set per occasion, each with a few compositions (where the drawing sits and
// where the words go). Pure: which art a post gets is decided here; the drawings live in
// app/components/post/occasions. ADR 248.

export const ART_THEMES = [
  'natal',
  'ano_novo',
  'pascoa',
  'dia_das_maes',
  'dia_dos_pais',
  'dia_do_corretor',
  'dia_do_cliente',
  'generica',
] as const
export type ArtTheme = (typeof ART_THEMES)[number]

/** pt-BR names, as the agent reads them (the gallery's labels). */
export const ART_THEME_LABELS: Record<ArtTheme, string> = {
  natal: 'Natal',
  ano_novo: 'Ano Novo',
  pascoa: 'Páscoa',
  dia_das_maes: 'Dia das Mães',
  dia_dos_pais: 'Dia dos Pais',
  dia_do_corretor: 'Dia do Corretor',
  dia_do_cliente: 'Dia do Cliente',
  generica: 'Genérica',
}

/** How many compositions each occasion has (the drawings: components/post/occasions). */
export const ART_COMPOSITIONS = 2

/** The art a text post is drawn with: the occasion's drawing in one of its compositions. */
export type SlideArt = { theme: ArtTheme; composition: number }

function isArtTheme(value: unknown): value is ArtTheme {
  return typeof value === 'string' && (ART_THEMES as readonly string[]).includes(value)
}

/**
 * The art of a post: its occasion's (any other date: the generic one), or the generic art for a
 * post about no property (dicas, institucional, depoimentos). Property posts draw their photos
 * instead: null. The composition follows from the post's id, so a feed of greetings does not
 * repeat one picture.
 */
export function postArt(input: {
  id: number
  hasHome: boolean
  fields: Record<string, unknown> | undefined
}): SlideArt | null {
  const occasion = input.fields?.occasion
  const hasOccasion = typeof occasion === 'string' && occasion !== ''
  if (input.hasHome && !hasOccasion) return null
  const theme: ArtTheme = isArtTheme(occasion) ? occasion : 'generica'
  return { theme, composition: Math.abs(Math.trunc(input.id)) % ART_COMPOSITIONS }
}
