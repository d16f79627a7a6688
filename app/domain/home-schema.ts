// The property form's schema (the Home record of ADR 020): field names are the product's, values arrive as
// form text and leave as the stored shape (cents, numbers, keys, booleans). Used by Conform on
// the server (parseWithZod) and in the browser (inline validation).
import {
  brazilianStates,
  homeAmenities,
  homeCategories,
  homeFeatures,
  homeSegments,
  homeStages,
  homeStatuses,
  homeTypes,
  HOME_LIMITS,
  themeFonts,
  type LatLng,
  type NearbyPlace,
  type Theme,
} from './home'
import { keysShareOwner, type MediaItem } from './media'
import { parseMoney } from './money'
import { manualPlace } from './nearby'

/** Rows of places typed by hand the form offers. */
export const MANUAL_PLACES = 3
import { z } from './validation'
import { parseDecimal } from './decimal'

/** Money typed the Brazilian way → integer cents ≥ 0; empty → 0. */
export const moneyField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const cents = parseMoney(text ?? '')
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido. Use o formato R$ 1.234,56' })
      return z.NEVER
    }
    if (cents < 0) {
      ctx.addIssue({ code: 'custom', message: 'Deve ser maior ou igual a 0' })
      return z.NEVER
    }
    return cents
  })

/**
 * A property's price: typed money → cents (a typed '0' stays 0), but a field left empty was never
 * given and is stored as null, shown 'R$ -,--' (ADR 150).
 */
export const priceField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if ((text ?? '').trim() === '') return null
    const cents = parseMoney(text)
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido. Use o formato R$ 1.234,56' })
      return z.NEVER
    }
    if (cents < 0) {
      ctx.addIssue({ code: 'custom', message: 'Deve ser maior ou igual a 0' })
      return z.NEVER
    }
    return cents
  })

/** '72,5' or '72.5' → 72.5; empty → null; must be ≥ 0. */
const decimalField = (options: { integer?: boolean; max: number }) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const trimmed = (text ?? '').trim()
      if (trimmed === '') return null
      const value = parseDecimal(trimmed)
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: 'Digite um número' })
        return z.NEVER
      }
      if (options.integer && !Number.isInteger(value)) {
        ctx.addIssue({ code: 'custom', message: 'Digite um número inteiro' })
        return z.NEVER
      }
      if (value < 0) {
        ctx.addIssue({ code: 'custom', message: 'Deve ser maior ou igual a 0' })
        return z.NEVER
      }
      if (value > options.max) {
        ctx.addIssue({ code: 'custom', message: `Deve ser menor ou igual a ${options.max}` })
        return z.NEVER
      }
      return value
    })

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .optional()
    .transform((v) => v ?? null)

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || null)

/** Stored media item as the form carries it back (JSON in a hidden input). */
const storedMediaItem = z.object({
  name: z.string().max(200),
  url: z.string().max(600),
  variants: z
    .object({
      original: z.string().max(512),
      w400: z.string().max(512).optional(),
      w800: z.string().max(512).optional(),
      w1080: z.string().max(512).optional(),
    })
    // Every derivative is checked, not only the original: one of another account's files
    // never rides along beside an own original (issue 66).
    .refine(keysShareOwner)
    .optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
})

const jsonOf = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx): z.output<T> => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido' })
      return z.NEVER
    }
    const parsed = schema.safeParse(value)
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'Valor inválido' })
      return z.NEVER
    }
    return parsed.data
  })

/** One row of the gallery / floor-plan editor. */
const mediaRow = z.object({
  item: jsonOf(storedMediaItem),
  caption: optionalText(300),
  featured: z.boolean().optional(),
  remove: z.boolean().optional(),
})

const mediaList = (max: number, label: string) =>
  z
    .array(mediaRow)
    .optional()
    .transform((rows) =>
      (rows ?? [])
        .filter((row) => !row.remove)
        .map((row): MediaItem => ({
          ...row.item,
          caption: row.caption,
          featured: row.featured ?? false,
        })),
    )
    .refine((items) => items.length <= max, `Até ${max} ${label} por imóvel`)

const latLng = z
  .object({
    latitude: decimalLike(-90, 90),
    longitude: decimalLike(-180, 180),
  })
  .optional()
  .transform((v, ctx): LatLng | null => {
    const lat = v?.latitude ?? null
    const lng = v?.longitude ?? null
    if (lat === null && lng === null) return null
    if (lat === null || lng === null) {
      ctx.addIssue({
        code: 'custom',
        path: [lat === null ? 'latitude' : 'longitude'],
        message: 'Informe latitude e longitude',
      })
      return z.NEVER
    }
    return { latitude: lat, longitude: lng }
  })

function decimalLike(min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if ((text ?? '').trim() === '') return null
      const value = parseDecimal(text, { grouping: false })
      if (value === null || value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: `Digite um número entre ${min} e ${max}` })
        return z.NEVER
      }
      return value
    })
}

const nearbyPlace = z.object({
  id: z.string().min(1).max(300),
  name: z.string().min(1).max(300),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  types: z.array(z.string().max(100)).max(50),
  primaryType: z.string().max(100).nullable(),
  distance: z.number().min(0).max(1_000_000).nullish(),
})

const color = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null
    if (!/^#[0-9a-fA-F]{6}$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'Cor inválida. Use o formato #1A2B3C' })
      return z.NEVER
    }
    return v.toLowerCase()
  })

const themeInput = z
  .object({
    logo: z.string().max(600).optional(),
    primary_color: color,
    secondary_color: color,
    text_color: color,
    font: z.enum(themeFonts).optional(),
  })
  .optional()

export const ZIPCODE_MESSAGE = 'CEP inválido. Use 8 dígitos, como 01310-100'

export const zipcodeField = z
  .string({ error: 'Obrigatório' })
  .trim()
  .min(1, 'Obrigatório')
  .regex(/^\d{5}-?\d{3}$/, ZIPCODE_MESSAGE)
  .transform((v) => {
    const digits = v.replace(/\D/g, '')
    return `${digits.slice(0, 5)}-${digits.slice(5)}`
  })

export const HomeSchema = z
  .object({
    // negócio
    status: z.enum(homeStatuses),
    // tipo
    type: optionalEnum(homeTypes),
    category: z.enum(homeCategories),
    stage: optionalEnum(homeStages),
    segment: optionalEnum(homeSegments),
    name: z.string().trim().min(1, 'Obrigatório').max(160),
    description: optionalText(5000),
    social_housing_program: z.boolean().optional().default(false),
    // valores
    price: priceField,
    rental_price: priceField,
    condominium_price: priceField,
    iptu_price: priceField,
    // características
    area: decimalField({ max: 10_000_000 }),
    bedrooms: decimalField({ integer: true, max: 1000 }),
    suites: decimalField({ integer: true, max: 1000 }),
    bathrooms: decimalField({ integer: true, max: 1000 }),
    parking_spaces: decimalField({ integer: true, max: 10_000 }),
    features: z.array(z.enum(homeFeatures)).optional().default([]),
    amenities: z.array(z.enum(homeAmenities)).optional().default([]),
    // endereço
    zipcode: zipcodeField,
    street: optionalText(200),
    street_number: optionalText(20),
    complement: optionalText(120),
    neighborhood: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(120),
    city: z.string({ error: 'Obrigatório' }).trim().min(1, 'Obrigatório').max(120),
    state: z.enum(brazilianStates, { error: 'Escolha o estado' }),
    place_id: optionalText(300),
    location: latLng,
    nearby_places: z.array(jsonOf(nearbyPlace)).max(30).optional().default([]),
    // lugares próximos digitados (sem chave do Google Maps; ADR 154)
    nearby_manual: z
      .array(
        z.object({
          name: z.string().trim().max(120).optional(),
          kind: z.string().trim().max(60).optional(),
          distance: decimalField({ integer: true, max: 1_000_000 }),
        }),
      )
      .max(MANUAL_PLACES)
      .optional()
      .default([]),
    // fotos, plantas
    gallery: mediaList(HOME_LIMITS.maxPhotos, 'fotos'),
    floor_plans: mediaList(HOME_LIMITS.maxFloorPlans, 'plantas'),
    // marca
    theme_override: z.boolean().optional().default(false),
    theme: themeInput,
  })
  .superRefine((home, ctx) => {
    if (home.suites != null && home.bedrooms != null && home.suites > home.bedrooms)
      ctx.addIssue({
        code: 'custom',
        path: ['suites'],
        message: 'Não pode passar do número de quartos',
      })
  })
  .transform(({ theme_override, theme, nearby_manual, ...home }) => ({
    ...home,
    nearby_places: [
      // The typed rows, when the form has them, replace the places typed before.
      ...home.nearby_places.filter((place) => nearby_manual.length === 0 || !place.id.startsWith('manual-')),
      ...nearby_manual
        .filter((row) => row.name)
        .map((row, index) => manualPlace({ name: row.name!, kind: row.kind ?? '', distance: row.distance }, index)),
    ],
    theme: theme_override ? toTheme(theme) : null,
  }))

function toTheme(theme: z.output<typeof themeInput>): Theme {
  return {
    logo: theme?.logo || null,
    primary_color: theme?.primary_color ?? null,
    secondary_color: theme?.secondary_color ?? null,
    text_color: theme?.text_color ?? null,
    font: theme?.font ?? null,
  }
}

/** What the form gives once valid: every Home column a person edits. */
export type HomeInput = z.output<typeof HomeSchema>
export type { NearbyPlace }

/** Filters of the list page, read from the query string (they work without JavaScript). */
export const HomeFiltersSchema = z.object({
  status: z.enum(homeStatuses).optional().catch(undefined),
  category: z.enum(homeCategories).optional().catch(undefined),
  city: z.string().trim().max(120).optional().catch(undefined),
  q: z.string().trim().max(120).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  /** 'arquivados': the homes their feed no longer lists (hidden otherwise). */
  situacao: z.enum(['arquivados']).optional().catch(undefined),
})
export type HomeFilters = z.output<typeof HomeFiltersSchema>

export function parseHomeFilters(params: URLSearchParams): HomeFilters {
  const raw: Record<string, string> = {}
  for (const key of ['status', 'category', 'city', 'q', 'page', 'situacao'] as const) {
    const value = params.get(key)?.trim()
    if (value) raw[key] = value
  }
  return HomeFiltersSchema.parse(raw)
}

/** Does the list show a filtered selection (the page number alone is no filter)? */
export const isFiltered = (filters: HomeFilters) =>
  Boolean(filters.status || filters.category || filters.city || filters.q || filters.situacao)
