// The brand form's action (/minha-conta/marca and the onboarding's step) and the preview with a
// logo not saved yet: one multipart POST each; bad input answers 400 with the typed values and
// nothing stored.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { BrandSchema } from '~/domain/brand'
import { readLimitedFormData, sentFile } from '~/utils/form-body.server'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { draftLogoPreviewJpeg, saveAccountBrand } from '~/workflows/account-brand.server'
import { IMAGE_MAX_BYTES } from '~/workflows/uploads.server'

type Context = Readonly<RouterContextProvider>
const HERE = '/minha-conta/marca'
const BODY_LIMIT = IMAGE_MAX_BYTES + 64 * 1024

const BrandForm = BrandSchema.extend({
  logo: z.instanceof(File).optional(),
  use_logo_colors: z.string().optional(),
})

const DraftLogoForm = z.object({
  logo: z.instanceof(File),
  primary_color: z.string().optional(),
  secondary_color: z.string().optional(),
  font: z.string().optional(),
})

/** Saves the brand; `next` is where a saved brand goes (the onboarding step sends it home). */
export async function brandAction(request: Request, context: Context, next: string = HERE) {
  const user = requirePermission(context, request, 'brand')
  const formData = await readLimitedFormData(request, BODY_LIMIT)
  if (!formData)
    return data(
      {
        result: {
          status: 'error' as const,
          error: { logo: [`O logotipo tem mais de ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`] },
        },
      },
      { status: 413 },
    )
  const submission = parseWithZod(formData, { schema: BrandForm })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const { logo, use_logo_colors, ...fields } = submission.value
  const outcome = await saveAccountBrand(context, user.accountId, {
    fields,
    logo: logo ? await sentFile(logo) : null,
    useLogoColors: Boolean(use_logo_colors),
  })
  if (outcome.status === 'rejected')
    return data({ result: submission.reply({ fieldErrors: { logo: [outcome.message] } }) }, { status: 400 })
  return redirectWithToast(next, {
    type: 'success',
    title: 'Marca salva',
    description: outcome.backgroundRemoved
      ? 'Removemos o fundo liso do logotipo.'
      : 'Seus próximos posts usam esta marca.',
  })
}

/** POST /minha-conta/marca/previa: the preview's JPEG with the chosen logo; null when it is none. */
export async function draftLogoPreview(request: Request, context: Context): Promise<Buffer | null> {
  const user = requirePermission(context, request, 'brand')
  const formData = await readLimitedFormData(request, BODY_LIMIT)
  const submission = formData && parseWithZod(formData, { schema: DraftLogoForm })
  if (submission?.status !== 'success') return null
  const { logo, ...draft } = submission.value
  return draftLogoPreviewJpeg(context, user.accountId, await sentFile(logo), draft)
}
