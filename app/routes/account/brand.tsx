// /minha-conta/marca — the account's brand: logo, colours, font pair, CRECI, Instagram and
// WhatsApp, with a live preview of a real post cover drawn by the post renderer.
import type { SubmissionResult } from '@conform-to/react'
import type { Route } from './+types/brand'
import { BrandForm } from '~/components/account/brand-form'
import { PublicPageForm } from '~/components/account/public-page-form'
import { dbContext } from '~/context'
import { pageTitle } from '~/utils/meta'
import { forbidden, requireUser } from '~/utils/session.server'
import { brandAction } from '~/routes/account/brand.server'
import { brandFormData } from '~/workflows/account-brand.server'
import { publicPageAction } from '~/routes/account/public-page.server'
import { getPublicPage } from '~/models/public-pages.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Marca', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  // The trial has no brand or public page (ADR 269): its refusal explains and offers an account.
  if (user.accountRole === 'anonimo') throw forbidden(user.accountRole, 'brand')
  const db = context.get(dbContext)
  const [brand, publicPage] = await Promise.all([brandFormData(db, user.accountId), getPublicPage(db, user.accountId)])
  return { ...brand, publicPage }
}

/** Two forms: the brand (multipart), and the public page's address (?pagina). */
export const action = ({ request, context }: Route.ActionArgs) =>
  new URL(request.url).searchParams.has('pagina') ? publicPageAction(request, context) : brandAction(request, context)

export default function Brand({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Marca</h1>
      <p className="mt-2 text-sm text-slate-700">
        Seu logotipo, suas cores e suas fontes entram em todos os posts. Um imóvel pode ter tema próprio, que vale só
        para ele.
      </p>
      {/* Remounted when the saved brand changes, so the fields show what was saved. */}
      <BrandForm
        key={loaderData.previewSrc}
        {...loaderData}
        result={actionData && 'result' in actionData ? (actionData.result as SubmissionResult<string[]>) : undefined}
      />
      <PublicPageForm
        key={loaderData.publicPage?.handle ?? ''}
        saved={loaderData.publicPage}
        result={
          actionData && 'pageResult' in actionData ? (actionData.pageResult as SubmissionResult<string[]>) : undefined
        }
      />
    </div>
  )
}
