// The brand of /minha-conta/marca (and the onboarding's step): colours, font pair, CRECI,
// Instagram and WhatsApp, and the logo (background removed when flat, colours suggested from it),
// and the brand editor's live preview.
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'
import { dbContext, loggerContext, storageContext } from '~/context'
import { BrandSchema, brandPostTheme, fontPairOf, formatWhatsapp, type AccountBrand } from '~/domain/brand'
import type { Database } from '~/utils/db.server'
import type { SentFile } from '~/domain/media'
import { ImageRejectedError } from '~/integrations/images/images.server'
import { processLogo, storeAccountImage } from '~/integrations/images/logo.server'
import { getAccount, saveBrand } from '~/models/users.server'
import { previewHome } from '~/models/brand.server'
import { buildPostContent, mainSlide } from '~/domain/post-content'
import { renderSlide, storageImageLoader, type ImageLoader } from '~/integrations/render/render.server'
import type { Storage } from '~/integrations/storage/storage.server'

type Context = Readonly<RouterContextProvider>

type NewLogo = { url: string; colors: string[]; backgroundRemoved: boolean }

async function storeLogo(context: Context, userId: string, file: SentFile): Promise<NewLogo> {
  const logo = await processLogo(file.bytes, file.name)
  const url = await storeAccountImage(context.get(storageContext), userId, 'brand', logo.png, 'png')
  const colors = logo.suggestion
    ? [logo.suggestion.primary, logo.suggestion.accent].filter((c): c is string => Boolean(c))
    : []
  return { url, colors, backgroundRemoved: logo.backgroundRemoved }
}

async function deleteStored(context: Context, url: string | null | undefined) {
  const key = url?.replace(/^\/uploads\//, '')
  if (!key) return
  await context
    .get(storageContext)
    .delete(key)
    .catch((error) => context.get(loggerContext).warn('old logo not deleted', { error }))
}

export type BrandValues = z.output<typeof BrandSchema>

/**
 * Saves the brand: the typed fields, the new logo (stored before the row; a file that is no logo
 * is refused and nothing is saved), "Usar as cores do logotipo", and the old logo file deleted.
 */
export async function saveAccountBrand(
  context: Context,
  accountId: string,
  input: { fields: BrandValues; logo: SentFile | null; useLogoColors: boolean },
): Promise<{ status: 'rejected'; message: string } | { status: 'saved'; backgroundRemoved: boolean }> {
  const db = context.get(dbContext)
  const saved = (await getAccount(db, accountId))?.theme ?? {}
  let logo: NewLogo | null = null
  if (input.logo) {
    try {
      logo = await storeLogo(context, accountId, input.logo)
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error
      return { status: 'rejected', message: error.message }
    }
  }
  const { remove_logo, ...fields } = input.fields
  // "Usar as cores do logotipo": the colours picked from the logo replace the typed ones.
  const suggested = logo?.colors ?? saved.logo_colors ?? []
  if (input.useLogoColors && suggested[0]) {
    fields.primary_color = suggested[0]
    if (suggested[1]) fields.secondary_color = suggested[1]
  }
  const keepLogo = remove_logo ? null : (saved.logo ?? null)
  const brand: AccountBrand = {
    ...saved,
    ...fields,
    logo: logo?.url ?? keepLogo,
    logo_colors: logo ? logo.colors : keepLogo ? (saved.logo_colors ?? null) : null,
  }
  await saveBrand(db, accountId, brand)
  if (saved.logo && saved.logo !== brand.logo) await deleteStored(context, saved.logo)
  return { status: 'saved', backgroundRemoved: logo?.backgroundRemoved ?? false }
}

/** What the brand form starts with: the saved brand, and its live preview's address. */
export async function brandFormData(db: Database, userId: string) {
  const account = await getAccount(db, userId)
  const brand = account?.theme ?? {}
  const theme = brandPostTheme(brand)
  const version = account?.updated_at.getTime() ?? 0
  return {
    values: {
      primary_color: theme.primary.toLowerCase(),
      secondary_color: theme.secondary.toLowerCase(),
      font: fontPairOf(brand.font).heading,
      creci: brand.creci ?? '',
      instagram: brand.instagram ?? '',
      whatsapp: brand.whatsapp ? formatWhatsapp(brand.whatsapp) : '',
    },
    logo: brand.logo ?? null,
    logoColors: brand.logo_colors ?? [],
    previewSrc: `/minha-conta/marca/previa?v=${version}`,
  }
}

/** The colours and font pair the brand form holds before it is saved (any may be missing or wrong). */
export type BrandDraft = { primary_color?: string | null; secondary_color?: string | null; font?: string | null }

/** The saved brand with the draft's valid colours and font over it. */
function draftBrand(saved: AccountBrand, query: BrandDraft): AccountBrand {
  const draft = BrandSchema.pick({ primary_color: true, secondary_color: true, font: true })
    .partial()
    .safeParse({
      primary_color: query.primary_color || undefined,
      secondary_color: query.secondary_color || undefined,
      font: query.font || undefined,
    })
  if (!draft.success) return saved
  return { ...saved, ...Object.fromEntries(Object.entries(draft.data).filter(([, v]) => v)) }
}

/** The brand editor's live preview: a post cover of the agent's own property as a JPEG, with the
 * brand as saved or with the colours and font pair the form holds. */
export async function brandPreviewJpeg(
  db: Database,
  storage: Storage,
  userId: string,
  query: BrandDraft,
  /** A logo chosen in the form and not saved yet (processed as a saved one would be). */
  draftLogo?: Buffer,
) {
  const [account, home] = await Promise.all([getAccount(db, userId), previewHome(db, userId)])
  const brand = { ...draftBrand(account?.theme ?? {}, query), ...(draftLogo ? { logo: DRAFT_LOGO } : {}) }
  const content = buildPostContent({
    post: { id: 0, template: null, format: 'feed', meta: {}, media: null },
    // The preview shows the account's brand: the property's own theme, if any, is left out.
    home: home ? { ...home, theme: null } : null,
    owner: { full_name: account?.full_name ?? null, phone: account?.phone ?? null, theme: brand },
  })
  const stored = storageImageLoader({ storage, ownerId: userId, media: home?.gallery ?? [] })
  const load: ImageLoader = (ref, need) =>
    draftLogo && ref === DRAFT_LOGO ? Promise.resolve(draftLogo) : stored(ref, need)
  return renderSlide(content, mainSlide(content), load, { format: 'jpeg' })
}

const DRAFT_LOGO = '/uploads/rascunho/logo.png'

/**
 * The preview with a logo chosen in the form and not saved yet (the form's JavaScript), and the
 * form's colours; null when the file is not a logo we can read.
 */
export async function draftLogoPreviewJpeg(
  context: Context,
  accountId: string,
  logoFile: SentFile,
  draft: BrandDraft,
): Promise<Buffer | null> {
  const logo = await processLogo(logoFile.bytes, logoFile.name).catch((error: unknown) => {
    if (error instanceof ImageRejectedError) return null
    throw error
  })
  if (!logo) return null
  return brandPreviewJpeg(context.get(dbContext), context.get(storageContext), accountId, draft, logo.png)
}
