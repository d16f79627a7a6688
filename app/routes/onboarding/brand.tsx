// /boas-vindas — the brand step of the home page's first steps (ADR 130, 181; since
// ADR 215 a sign-up lands home, and the checklist leads here): the account's brand in the
// same form as /minha-conta/marca, saved by the same action, then the home page. "Voltar ao
// início" leaves it for later.
import type { SubmissionResult } from '@conform-to/react'
import type { Route } from './+types/brand'
import { BrandForm } from '~/components/account/brand-form'
import { LinkButton } from '~/components/ui/button'
import { dbContext } from '~/context'
import { brandAction } from '~/routes/account/brand.server'
import { brandFormData } from '~/workflows/account-brand.server'
import { pageTitle } from '~/utils/meta'
import { requireUser } from '~/utils/session.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Sua marca', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  return brandFormData(context.get(dbContext), user.accountId)
}

export const action = ({ request, context }: Route.ActionArgs) => brandAction(request, context, '/')

export default function OnboardingBrand({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <p className="text-sm font-semibold text-brand-700">Primeiros passos · 1 de 4</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">Sua marca</h1>
      <p className="mt-2 text-sm text-slate-700">
        Logo, cores, CRECI, Instagram e WhatsApp entram em todos os posts. Leva um minuto, e você pode mudar depois em
        Minha conta.
      </p>
      <BrandForm
        key={loaderData.previewSrc}
        {...loaderData}
        result={actionData?.result as SubmissionResult<string[]> | undefined}
        submitLabel="Salvar e continuar"
        aside={
          <LinkButton to="/" variant="secondary">
            Voltar ao início
          </LinkButton>
        }
      />
    </div>
  )
}
