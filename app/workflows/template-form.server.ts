// The template page's form on the server: the form's starting values, the repeaters grown or
// shrunk without JavaScript, the answers' validation, and the result editor's save (the forms
// are read, and their buttons dispatched, in app/routes/templates/template-actions.server.ts).
import { isRecord, visibleFieldPaths } from '~/domain/fields/conditions'
import { parseFieldValues } from '~/domain/fields/schema'
import { homeFieldName, toFormValues } from '~/domain/fields/template-fields'
import type { FieldDefinition, FormValues } from '~/domain/fields/types'
import { defaultValues, parseFieldPath } from '~/domain/fields/values'
import { coverOf, mediaSrc } from '~/domain/media'
import { MAX_CAROUSEL_SLIDES } from '~/domain/slides'
import { z } from '~/domain/validation'
import type { Database } from '~/utils/db.server'
import { getHome, type Home, type HomeChoice } from '~/models/homes.server'
import { savePostEdits, type Post } from '~/models/posts.server'

/** Starting values: a post's saved answers, else the fields' defaults (and ?imovel= preselected). */
export function initialValues(
  fields: FieldDefinition[],
  post: Post | null,
  preselectedHome: number | null,
): FormValues {
  const homeField = homeFieldName(fields)
  if (post) {
    const values = toFormValues(fields, post.meta.fields ?? {})
    if (homeField && post.home_id) values[homeField] = String(post.home_id)
    return values
  }
  const values = defaultValues(fields)
  if (homeField && preselectedHome) values[homeField] = String(preselectedHome)
  return values
}

/** What the template form posted: its answers, and the fields the page showed (`_visible`, a
 * comma list; null when the page did not say). */
export type PostedAnswers = { values: FormValues; visible: string | null }

/** Adds an item to, or removes one from, the repeater at a path ('items', 'items[0].photos'). */
export function editRepeater(
  values: FormValues,
  edit: { add: string } | { remove: string; index: number },
): FormValues {
  const segments = parseFieldPath('add' in edit ? edit.add : edit.remove)
  if (segments.length === 0) return values
  let node: unknown = values
  for (const segment of segments.slice(0, -1)) {
    node = (node as Record<string | number, unknown>)?.[segment]
    if (typeof node !== 'object' || node === null) return values
  }
  const container = node as Record<string | number, unknown>
  const key = segments[segments.length - 1]!
  const items = Array.isArray(container[key]) ? (container[key] as unknown[]).filter(isRecord) : []
  if ('add' in edit) container[key] = [...items, {}]
  else container[key] = items.filter((_, position) => position !== edit.index)
  return values
}

export type FormOutcome =
  | { status: 'invalid'; values: FormValues; errors: Record<string, string[]> }
  | { status: 'new-fields'; values: FormValues }
  | { status: 'valid'; values: FormValues; answers: Record<string, unknown>; home: Home | null }

export const NEW_FIELDS_NOTICE =
  'Apareceram novos campos por causa das suas respostas. Confira e clique em "Gerar post" de novo.'

/**
 * Validates the template form's answers. When they reveal fields the agent has not seen (it posted
 * without JavaScript), the form comes back with them instead of generating.
 */
export async function validateAnswers(
  db: Database,
  userId: string,
  fields: FieldDefinition[],
  posted: PostedAnswers,
  formHomes: HomeChoice[],
  needsHome: boolean,
): Promise<FormOutcome> {
  const { values, visible } = posted
  if (visible !== null) {
    const shown = new Set(visible.split(',').filter(Boolean))
    if (visibleFieldPaths(fields, values).some((path) => !shown.has(path))) return { status: 'new-fields', values }
  }
  const homeField = homeFieldName(fields)
  const chosen = homeField ? formHomes.find((home) => String(home.id) === String(values[homeField] ?? '')) : undefined
  const parsed = parseFieldValues(fields, values, {
    homeIds: formHomes.map((home) => home.id),
    galleryUrls: chosen?.gallery.map((photo) => photo.url) ?? [],
  })
  if (!parsed.success) return { status: 'invalid', values, errors: parsed.errors }
  const { [homeField ?? '']: homeId, ...answers } = parsed.data
  const home = typeof homeId === 'number' ? await getHome(db, userId, homeId) : null
  if (needsHome && !home)
    return { status: 'invalid', values, errors: { [homeField ?? 'home_id']: ['Escolha um imóvel'] } }
  return { status: 'valid', values, answers: homeField ? answers : parsed.data, home }
}

/** The result editor's form: the caption and, per slide, its words, image and switches. */
export const PostEditSchema = z.object({
  description: z.string().trim().min(1).max(2200),
  slides: z
    .array(
      z.object({
        id: z.string().min(1).max(80),
        title: z.string().trim().max(120).optional(),
        description: z.string().trim().max(600).optional(),
        button: z.string().trim().max(40).optional(),
        image: z.string().max(600).optional(),
        hide: z.boolean().optional(),
        showAvatar: z.boolean().optional(),
      }),
    )
    .max(MAX_CAROUSEL_SLIDES),
})

/** Photos a post's slides may use: the post's property's photos and plans, and what it has. */
export function allowedImages(post: Post, home: Home | null): Set<string> {
  return new Set([
    ...(home ? [...home.gallery, ...home.floor_plans].map((item) => item.url) : []),
    ...(post.meta.slides ?? []).map((slide) => slide.image).filter((url): url is string => Boolean(url)),
  ])
}

export type PostEdit = z.output<typeof PostEditSchema>

export type PostEditOutcome =
  /** Slide `index` names a photo that is not the property's nor the post's. */
  { status: 'bad-image'; index: number } | { status: 'saved'; post: Post; moved: number | null } | { status: 'missing' }

/** Saves the editor's parsed form; a move also moves one slide up or down. */
export async function savePostEdit(
  db: Database,
  userId: string,
  post: Post,
  edit: PostEdit,
  move: { index: number; direction: 'up' | 'down' } | null,
): Promise<PostEditOutcome> {
  const home = post.home_id ? await getHome(db, userId, post.home_id) : null
  const allowed = allowedImages(post, home)
  const badImage = edit.slides.findIndex((slide) => slide.image && !allowed.has(slide.image))
  if (badImage >= 0) return { status: 'bad-image', index: badImage }
  const slides = edit.slides.map((slide) => ({
    id: slide.id,
    title: slide.title ?? null,
    description: slide.description ?? null,
    button: slide.button ?? null,
    image: slide.image ?? null,
    hide: slide.hide ?? false,
    showAvatar: slide.showAvatar ?? false,
  }))
  let moved: number | null = null
  if (move) {
    const from = move.index
    const to = move.direction === 'up' ? from - 1 : from + 1
    if (from < slides.length && to >= 0 && to < slides.length) {
      ;[slides[from], slides[to]] = [slides[to]!, slides[from]!]
      moved = to
    }
  }
  const saved = await savePostEdits(db, userId, post.id, { description: edit.description, slides })
  return saved ? { status: 'saved', post: saved, moved } : { status: 'missing' }
}

/** Photos the editor offers for a slide: the post's property's gallery and plans. */
export function editorPhotos(home: Home | null) {
  if (!home) return []
  const cover = coverOf(home.gallery)
  return [...home.gallery, ...home.floor_plans].map((item) => ({
    url: item.url,
    thumb: mediaSrc(item, 400),
    name: item.caption || item.name,
    featured: item.url === cover?.url,
  }))
}
