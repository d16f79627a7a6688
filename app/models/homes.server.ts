// The property data functions. Every read and write takes the owner's userId and scopes by it
// here, so a route cannot forget: another user's id finds nothing (the route answers 404).
import { authorizationDocumentKeys } from './home-authorizations.server'
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { homes, users, type Home, type MediaItem, type NewHome, type Theme } from '../../db/schema'
import { isFiltered, type HomeFilters, type HomeInput } from '~/domain/home-schema'
import { coverOf, keysOf, mediaSrc } from '~/domain/media'
import { preparedQuery, type Database } from '~/utils/db.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { isUserUploadKey } from '~/integrations/images/images.server'
import { copyHomeFiles, deleteKeys, logoKeyOf, storedKeysOf, withKeptUploads } from './home-files.server'
import { clip } from '~/domain/clip'

export type { Home }

/** A phone-friendly page: 12 cards keep /imoveis within its 300 KB budget (ADR 024). */
export const HOMES_PER_PAGE = 12

/** Only keys under the owner's prefix survive a form round trip; URLs are rebuilt from keys. */
function trustedMedia(userId: string, storage: Pick<Storage, 'url'>, items: MediaItem[]) {
  return items
    .filter((item) => item.variants && keysOf(item).every((key) => isUserUploadKey(userId, key)))
    .map((item) => ({ ...item, url: storage.url(item.variants!.original) }))
}

function columnsOf(userId: string, storage: Pick<Storage, 'url'>, input: HomeInput) {
  const logo = logoKeyOf(input.theme?.logo)
  const theme = input.theme
    ? { ...input.theme, logo: logo && isUserUploadKey(userId, logo) ? storage.url(logo) : null }
    : null
  return {
    ...input,
    gallery: trustedMedia(userId, storage, input.gallery),
    floor_plans: trustedMedia(userId, storage, input.floor_plans),
    theme,
  } satisfies Omit<NewHome, 'user_id'>
}

export async function getHome(db: Database, userId: string, id: number): Promise<Home | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null
  const [home] = await db
    .select()
    .from(homes)
    .where(and(eq(homes.id, id), eq(homes.user_id, userId)))
  return home ?? null
}

/** `userId` is the account; `responsibleId` the member who adds it (the owner when absent). */
export async function createHome(
  db: Database,
  storage: Storage,
  userId: string,
  input: HomeInput,
  responsibleId: string = userId,
): Promise<Home> {
  const home = await withKeptUploads(storage, userId, input, async (kept) => {
    const [row] = await db
      .insert(homes)
      .values({ ...columnsOf(userId, storage, kept), user_id: userId, responsible_id: responsibleId })
      .returning()
    return row ?? null
  })
  return home!
}

/**
 * Saves the form over the stored property. Returns null when it is not this user's. Files of
 * photos the agent removed are deleted after the row is saved (a failed delete leaves a file
 * nobody points at, never a row pointing at nothing).
 */
export async function updateHome(
  db: Database,
  storage: Storage,
  userId: string,
  id: number,
  input: HomeInput,
): Promise<Home | null> {
  const before = await getHome(db, userId, id)
  if (!before) return null
  const home = await withKeptUploads(storage, userId, input, async (kept) => {
    const [row] = await db
      .update(homes)
      .set({ ...columnsOf(userId, storage, kept), updated_at: new Date() })
      .where(and(eq(homes.id, id), eq(homes.user_id, userId)))
      .returning()
    return row ?? null
  })
  if (!home) return null
  const kept = new Set(storedKeysOf(home))
  await deleteKeys(
    storage,
    storedKeysOf(before).filter((key) => !kept.has(key)),
  )
  return home
}

export async function deleteHome(db: Database, storage: Storage, userId: string, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false
  // The signed authorisations go with the property (their rows by the foreign key).
  const documents = await authorizationDocumentKeys(db, userId, id)
  const [home] = await db
    .delete(homes)
    .where(and(eq(homes.id, id), eq(homes.user_id, userId)))
    .returning()
  if (!home) return false
  await deleteKeys(storage, [...storedKeysOf(home), ...documents])
  return true
}

/**
 * A copy named '… (cópia)' with its own copies of the files, so deleting one property never
 * takes the other's photos with it.
 */
export async function duplicateHome(
  db: Database,
  storage: Storage,
  userId: string,
  id: number,
  responsibleId: string = userId,
): Promise<Home | null> {
  const source = await getHome(db, userId, id)
  if (!source) return null
  const { gallery, floor_plans, theme } = await copyHomeFiles(storage, source)
  const { id: _id, created_at: _c, updated_at: _u, user_id: _owner, ...fields } = source
  const [copy] = await db
    .insert(homes)
    .values({
      ...fields,
      user_id: userId,
      responsible_id: responsibleId,
      name: clip(`${source.name} (cópia)`, 160),
      theme,
      gallery,
      floor_plans,
    })
    .returning()
  return copy!
}

/** Lowercase without accents, so 'sao paulo' finds 'São Paulo'. */
const fold = (expr: SQL) => sql`translate(lower(${expr}), 'áàâãäéèêëíìîïóòôõöúùûüç', 'aaaaaeeeeiiiiooooouuuuc')`
const foldText = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')

const likePattern = (text: string) => `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export type HomeListItem = Pick<
  Home,
  | 'id'
  | 'name'
  | 'status'
  | 'category'
  | 'price'
  | 'rental_price'
  | 'city'
  | 'state'
  | 'neighborhood'
  | 'bedrooms'
  | 'area'
  | 'parking_spaces'
  | 'archived_at'
> & {
  /** The card's picture: the featured photo (else the first), its 400 px file. */
  cover: CardPicture | null
}

/** What a card shows of a photo: its 400 px file and caption (not the whole gallery item). */
export type CardPicture = { src: string; caption: string | null }

export type HomePage = {
  items: HomeListItem[]
  total: number
  page: number
  pages: number
  perPage: number
}

/** The conditions of the list page's filters (the user's own properties only). */
function homeFilterWhere(userId: string | Placeholder, filters: HomeFilters) {
  const conditions: SQL[] = [eq(homes.user_id, userId)]
  // Archived homes (gone from their feed) only behind the 'Arquivados' filter.
  conditions.push(filters.situacao === 'arquivados' ? isNotNull(homes.archived_at) : isNull(homes.archived_at))
  if (filters.status) conditions.push(eq(homes.status, filters.status))
  if (filters.category) conditions.push(eq(homes.category, filters.category))
  if (filters.city) conditions.push(sql`${fold(sql`${homes.city}`)} = ${foldText(filters.city)}`)
  if (filters.q) {
    const pattern = likePattern(filters.q)
    conditions.push(
      sql`(${fold(sql`${homes.name}`)} like ${pattern} or ${fold(sql`${homes.neighborhood}`)} like ${pattern} or ${fold(sql`coalesce(${homes.street}, '')`)} like ${pattern} or ${fold(sql`${homes.city}`)} like ${pattern} or ${homes.zipcode} like ${pattern})`,
    )
  }
  return and(...conditions)!
}

/** What a property card shows (HomeListItem), but its picture. */
const cardColumns = {
  id: homes.id,
  name: homes.name,
  status: homes.status,
  category: homes.category,
  price: homes.price,
  rental_price: homes.rental_price,
  city: homes.city,
  state: homes.state,
  neighborhood: homes.neighborhood,
  bedrooms: homes.bedrooms,
  area: homes.area,
  parking_spaces: homes.parking_spaces,
  archived_at: homes.archived_at,
}

/** A page of the matching properties, newest first (the gallery only for its cover). */
function homePageQuery(db: Database, where: SQL) {
  return db
    .select({ ...cardColumns, gallery: homes.gallery })
    .from(homes)
    .where(where)
    .orderBy(desc(homes.created_at), desc(homes.id))
    .$dynamic()
}

type HomePageRow = Awaited<ReturnType<typeof homePageQuery>>[number]

/** The page of `total` matching properties the filters ask for (the last one when past it). */
async function homePage(
  total: number,
  filters: HomeFilters,
  perPage: number,
  rows: (limit: number, offset: number) => Promise<HomePageRow[]>,
): Promise<HomePage> {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(filters.page ?? 1, pages)
  const found = total === 0 ? [] : await rows(perPage, (page - 1) * perPage)
  return {
    items: found.map(({ gallery, ...row }) => {
      const cover = coverOf(gallery)
      return {
        ...row,
        cover: cover ? { src: mediaSrc(cover, 400), caption: cover.caption ?? null } : null,
      }
    }),
    total,
    page,
    pages,
    perPage,
  }
}

/** One page of the user's properties, newest first, filtered as the list page's query says. */
export async function listHomes(
  db: Database,
  userId: string,
  filters: HomeFilters = {},
  perPage = HOMES_PER_PAGE,
): Promise<HomePage> {
  const where = homeFilterWhere(userId, filters)
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(homes).where(where)
  return homePage(total, filters, perPage, (limit, offset) => homePageQuery(db, where).limit(limit).offset(offset))
}

/** The gallery item a card shows (coverOf in SQL): the featured photo, else the first. */
const galleryCover = sql`coalesce(
  (select item from jsonb_array_elements(${homes.gallery}) item where item->>'featured' = 'true' limit 1),
  ${homes.gallery}->0
)`

/** A card's row as the list read returns it, in JSON: its gallery reduced to the cover. */
type HomeListRow = Omit<HomeListItem, 'cover' | 'archived_at'> & { cover: MediaItem | null; archived_at: string | null }

/**
 * The list page's data in one statement (ADR 186, 232): how many match the filters and every
 * city the user has properties in (the filter's choices), in one pass over the user's rows, and
 * the requested page as one JSON value. The embedded database hands a row over field by field
 * (≈ 2 µs each): 12 rows of 16 fields cost more than the query; one JSON field does not. The
 * gallery comes back as its cover only (the featured photo, else the first).
 */
function homeListQuery(
  db: Database,
  where: SQL,
  userId: string | Placeholder,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const page = db
    .select({ ...cardColumns, cover: galleryCover.as('cover') })
    .from(homes)
    .where(where)
    .orderBy(desc(homes.created_at), desc(homes.id))
    .limit(limit)
    .offset(offset)
  return db
    .select({
      total: sql<number>`count(*) filter (where ${where})`.mapWith(Number),
      cities: sql<string[]>`coalesce(array_agg(distinct ${homes.city} order by ${homes.city}), '{}')`,
      rows: sql<HomeListRow[]>`(select coalesce(json_agg(page), '[]') from (${page}) page)`,
    })
    .from(homes)
    .where(eq(homes.user_id, userId))
}

/** The list read without filters, what most visits ask for: prepared once per database (ADR 200). */
const unfilteredList = preparedQuery((db) => {
  const userId = sql.placeholder('userId')
  return homeListQuery(
    db,
    homeFilterWhere(userId, {}),
    userId,
    sql.placeholder('limit'),
    sql.placeholder('offset'),
  ).prepare('home_list')
})

function listRead(db: Database, userId: string, filters: HomeFilters, perPage: number, page: number) {
  const offset = (page - 1) * perPage
  if (!isFiltered(filters)) return unfilteredList(db).execute({ userId, limit: perPage, offset })
  return homeListQuery(db, homeFilterWhere(userId, filters), userId, perPage, offset)
}

/** The list page's properties and the cities of the user's properties, in one read (two past the last page). */
export async function listHomesWithCities(
  db: Database,
  userId: string,
  filters: HomeFilters = {},
  perPage = HOMES_PER_PAGE,
): Promise<{ page: HomePage; cities: string[] }> {
  const asked = filters.page ?? 1
  let [read] = await listRead(db, userId, filters, perPage, asked)
  const total = read?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(asked, pages)
  // Past the last page (a stale link): the last page instead.
  if (page !== asked) [read] = await listRead(db, userId, filters, perPage, page)
  const items = (read?.rows ?? []).map(({ archived_at, cover, ...row }) => ({
    ...row,
    archived_at: archived_at === null ? null : new Date(archived_at),
    cover: cover ? { src: mediaSrc(cover, 400), caption: cover.caption ?? null } : null,
  }))
  return { page: { items, total, page, pages, perPage }, cities: read?.cities ?? [] }
}

/** The user's properties with one of these names (the seed adds only the missing ones). */
export async function findHomesByName(db: Database, userId: string, names: string[]): Promise<Home[]> {
  if (names.length === 0) return []
  return db
    .select()
    .from(homes)
    .where(and(eq(homes.user_id, userId), inArray(homes.name, names)))
}

/** The cities the user has properties in, for the list's city filter. */
export async function listHomeCities(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: homes.city })
    .from(homes)
    .where(eq(homes.user_id, userId))
    .orderBy(asc(homes.city))
  return rows.map((row) => row.city)
}

/** How many properties the user has (dashboards, plan limits). */
export async function countHomes(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(homes).where(eq(homes.user_id, userId))
  return row?.n ?? 0
}

/** The account's brand, which a property uses unless it has its own theme. */
export async function accountTheme(db: Database, userId: string): Promise<Theme> {
  const [row] = await db.select({ theme: users.theme }).from(users).where(eq(users.id, userId))
  return row?.theme ?? {}
}

/** A property as the template form's picker and gallery field offer it. */
export type HomeChoice = {
  id: number
  name: string
  /** 'Jardins, São Paulo'. */
  place: string
  gallery: { url: string; thumb: string; name: string }[]
}

/** The user's properties for the template form, last edited first (at most 200). */
export async function listHomeChoices(db: Database, userId: string): Promise<HomeChoice[]> {
  const rows = await db
    .select({
      id: homes.id,
      name: homes.name,
      neighborhood: homes.neighborhood,
      city: homes.city,
      gallery: homes.gallery,
    })
    .from(homes)
    .where(eq(homes.user_id, userId))
    .orderBy(desc(homes.updated_at))
    .limit(200)
  return rows.map((home) => ({
    id: home.id,
    name: home.name,
    place: [home.neighborhood, home.city].filter(Boolean).join(', '),
    gallery: home.gallery.map((item) => ({ url: item.url, thumb: mediaSrc(item, 400), name: item.name })),
  }))
}
