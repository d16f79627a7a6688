// /imoveis/:id/documentacao — what the law asks before the property's ads go out (issue 65): the
// owner's signed authorisation (its dates, exclusive or not, the document kept as a private
// file) and, for a launch, the incorporação's registration. Any member of the account reads it;
// whoever may edit the property adds to it. Another account's property is 404. Plain forms.
import { parseWithZod } from '@conform-to/zod/v4'
import { Link, data } from 'react-router'
import type { Route } from './+types/documentation'
import { AuthorizationCard, ComplianceSummary, IncorporationCard } from '~/components/homes/documentation'
import { dbContext, jobsContext, storageContext } from '~/context'
import { isLaunch } from '~/domain/compliance'
import {
  AUTHORIZATION_MAX_BYTES,
  AuthorizationSchema,
  DOCUMENT_REQUIRED_MESSAGE,
  IncorporationSchema,
} from '~/domain/compliance-schema'
import { canEditPiece } from '~/domain/team'
import { getHome } from '~/models/homes.server'
import { saveIncorporation } from '~/models/home-authorizations.server'
import { fieldErrorsOf, readLimitedFormData, sentFile } from '~/utils/form-body.server'
import { pageTitle } from '~/utils/meta'
import { idParam, pageNotFound, parseParams } from '~/utils/params'
import { forbidden, requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { DOCUMENT_SIZE_MESSAGE, addAuthorization, homeCompliance } from '~/workflows/home-compliance.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Documentação do imóvel', matches)

async function ownHome(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const user = requireUser(context, request)
  const { id } = parseParams(request, params, { id: idParam })
  const home = await getHome(context.get(dbContext), user.accountId, id)
  if (!home) throw pageNotFound(request)
  return { user, home }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, home } = await ownHome(request, context, params)
  const compliance = await homeCompliance(context.get(dbContext), user.accountId, home)
  return {
    home: {
      id: home.id,
      name: home.name,
      launch: isLaunch(home.stage),
      incorporation_registry: home.incorporation_registry,
      developer_name: home.developer_name,
    },
    blocking: compliance.blocking,
    warnings: compliance.warnings,
    authorization: compliance.authorization,
    authorizations: compliance.authorizations.map((row) => ({
      id: row.id,
      owner_name: row.owner_name,
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      exclusive: row.exclusive,
      document: row.document_key ? { href: `/uploads/${row.document_key}`, name: row.document_name ?? '' } : null,
    })),
    mayEdit: canEditPiece(user, home.responsible_id),
  }
}

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, home } = await ownHome(request, context, params)
  if (!canEditPiece(user, home.responsible_id)) throw forbidden()
  const formData = await readLimitedFormData(request, AUTHORIZATION_MAX_BYTES + 64 * 1024)
  if (!formData)
    return data({ intent: 'autorizacao', errors: { document: [DOCUMENT_SIZE_MESSAGE] }, typed: {} }, { status: 413 })
  const db = context.get(dbContext)
  const back = `/imoveis/${home.id}/documentacao`
  // What was typed, kept on a form that comes back with errors.
  const typed: Record<string, string> = Object.fromEntries(
    ['owner_name', 'starts_on', 'ends_on', 'exclusive', 'incorporation_registry', 'developer_name'].map((name) => [
      name,
      text(formData.get(name)),
    ]),
  )
  if (formData.get('intent') === 'incorporacao') {
    const submission = parseWithZod(formData, { schema: IncorporationSchema })
    if (submission.status !== 'success')
      return data({ intent: 'incorporacao', errors: fieldErrorsOf(submission.error), typed }, { status: 400 })
    await saveIncorporation(db, user.accountId, home.id, submission.value)
    return redirectWithToast(back, {
      type: 'success',
      title: 'Registro de incorporação salvo',
      description: 'Ele sai nas peças deste lançamento.',
    })
  }
  const submission = parseWithZod(formData, { schema: AuthorizationSchema })
  const file = formData.get('document')
  const picked = file instanceof File && file.size > 0 ? file : null
  const errors = submission.status === 'success' ? {} : fieldErrorsOf(submission.error)
  if (!picked) errors.document = [DOCUMENT_REQUIRED_MESSAGE]
  if (submission.status !== 'success' || !picked) return data({ intent: 'autorizacao', errors, typed }, { status: 400 })
  const outcome = await addAuthorization(
    { db, storage: context.get(storageContext), jobs: context.get(jobsContext) },
    user.accountId,
    { ...submission.value, document: await sentFile(picked), homeId: home.id, createdBy: user.id },
  )
  if (outcome.status === 'not-found') throw pageNotFound(request)
  if (outcome.status === 'invalid')
    return data({ intent: 'autorizacao', errors: outcome.errors, typed }, { status: 400 })
  return redirectWithToast(back, {
    type: 'success',
    title: 'Autorização salva',
    description:
      outcome.resumed > 0
        ? `${outcome.resumed === 1 ? 'A publicação pausada voltou' : `As ${outcome.resumed} publicações pausadas voltaram`} para a fila.`
        : 'As peças deste imóvel já podem ser agendadas.',
  })
}

export default function Documentation({ loaderData, actionData }: Route.ComponentProps) {
  const { home } = loaderData
  const errors: Record<string, string[]> = actionData?.errors ?? {}
  const typed: Record<string, string> = actionData?.typed ?? {}
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <nav aria-label="Trilha" className="text-sm text-slate-600">
        <Link to="/imoveis" className="inline-flex min-h-11 items-center hover:text-slate-900">
          Imóveis
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={`/imoveis/${home.id}`} className="inline-flex min-h-11 items-center hover:text-slate-900">
          {home.name}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold text-slate-900">Documentação</h1>
      <p className="mt-1 text-slate-600">
        A lei pede a autorização por escrito do proprietário para anunciar o imóvel (Decreto 81.871/78, art. 5º) e, num
        lançamento, o número do registro de incorporação (Lei 4.591/64). Sem eles, as peças deste imóvel não são
        agendadas nem publicadas.
      </p>
      <ComplianceSummary blocking={loaderData.blocking} warnings={loaderData.warnings} />
      <AuthorizationCard
        authorizations={loaderData.authorizations}
        mayEdit={loaderData.mayEdit}
        errors={actionData?.intent === 'autorizacao' ? errors : {}}
        typed={actionData?.intent === 'autorizacao' ? typed : undefined}
      />
      <IncorporationCard
        launch={home.launch}
        registry={home.incorporation_registry}
        developer={home.developer_name}
        mayEdit={loaderData.mayEdit}
        errors={actionData?.intent === 'incorporacao' ? errors : {}}
        typed={actionData?.intent === 'incorporacao' ? typed : undefined}
      />
    </div>
  )
}
