// The form-reader of /minha-conta/marca: colours, font pair, CRECI, Instagram and WhatsApp, and
// the logo (background removed when flat, colours suggested from it). One multipart POST; bad
// input answers 400 with the typed values and nothing stored.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { dbContext, loggerContext, storageContext } from '~/context'
import { BrandSchema, brandPostTheme, fontPairOf, formatWhatsapp, type AccountBrand } from '~/domain/brand'
import type { Database } from '~/utils/db.server'
import { ImageRejectedError, IMAGE_LIMITS } from '~/integrations/images/images.server'
import { processLogo, storeAccountImage } from '~/integrations/images/logo.server'
import { getAccount, saveBrand } from '~/models/users.server'
import { previewHome } from '~/models/brand.server'
import { buildPostContent, mainSlide } from '~/domain/post-content'
import { renderSlide, storageImageLoader } from '~/integrations/render/render.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { readLimitedFormData } from '~/workflows/home-form.server'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

type Context = Readonly<RouterContextProvider>
const HERE = '/minha-conta/marca'

type NewLogo = { url: string; colors: string[]; backgroundRemoved: boolean }

async function storeLogo(context: Context, userId: string, file: File): Promise<NewLogo> {
  const logo = await processLogo(new Uint8Array(await file.arrayBuffer()), file.name)
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
    .catch((error) => context.get(loggerContext).warn('old logo not deleted', { error: String(error) }))
}

/** Saves the brand; `next` is where a saved brand goes (the onboarding step sends it home). */
export async function brandAction(request: Request, context: Context, next: string = HERE) {
  const user = requirePermission(context, request, 'brand')
  const formData = await readLimitedFormData(request, IMAGE_LIMITS.maxBytes + 64 * 1024)
  if (!formData)
    return data(
      {
        result: {
          status: 'error' as const,
          error: { logo: [`O logotipo tem mais de ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`] },
        },
      },
      { status: 413 },
    )
  const file = formData.get('logo')
  formData.delete('logo')
  const submission = parseWithZod(formData, { schema: BrandSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const db = context.get(dbContext)
  const saved = (await getAccount(db, user.accountId))?.theme ?? {}
  let logo: NewLogo | null = null
  if (file && typeof file !== 'string' && file.size > 0) {
    try {
      logo = await storeLogo(context, user.accountId, file)
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error
      return data({ result: submission.reply({ fieldErrors: { logo: [error.message] } }) }, { status: 400 })
    }
  }
  const { remove_logo, ...fields } = submission.value
  // "Usar as cores do logotipo": the colours picked from the logo replace the typed ones.
  const suggested = logo?.colors ?? saved.logo_colors ?? []
  if (formData.get('use_logo_colors') && suggested[0]) {
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
  await saveBrand(db, user.accountId, brand)
  if (saved.logo && saved.logo !== brand.logo) await deleteStored(context, saved.logo)
  return redirectWithToast(next, {
    type: 'success',
    title: 'Marca salva',
    description: logo?.backgroundRemoved
      ? 'Removemos o fundo liso do logotipo.'
      : 'Seus próximos posts usam esta marca.',
  })
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

/** The saved brand with the draft's valid colours and font over it. */
function draftBrand(saved: AccountBrand, query: URLSearchParams): AccountBrand {
  const draft = BrandSchema.pick({ primary_color: true, secondary_color: true, font: true })
    .partial()
    .safeParse({
      primary_color: query.get('primary_color') || undefined,
      secondary_color: query.get('secondary_color') || undefined,
      font: query.get('font') || undefined,
    })
  if (!draft.success) return saved
  return { ...saved, ...Object.fromEntries(Object.entries(draft.data).filter(([, v]) => v)) }
}

/** The brand editor's live preview: a post cover of the agent's own property as a JPEG, with the
 * brand as saved or with the colours and font pair of the form's query string. */
export async function brandPreviewJpeg(db: Database, storage: Storage, userId: string, query: URLSearchParams) {
  const [account, home] = await Promise.all([getAccount(db, userId), previewHome(db, userId)])
  const brand = draftBrand(account?.theme ?? {}, query)
  const content = buildPostContent({
    post: { id: 0, template: null, format: 'feed', meta: {}, media: null },
    // The preview shows the account's brand: the property's own theme, if any, is left out.
    home: home ? { ...home, theme: null } : null,
    owner: { full_name: account?.full_name ?? null, phone: account?.phone ?? null, theme: brand },
  })
  const load = storageImageLoader({ storage, ownerId: userId, media: home?.gallery ?? [] })
  return renderSlide(content, mainSlide(content), load, { format: 'jpeg' })
}
