// /media-kits — the agent's media kits, and "Criar media kit" for a property chosen here (the
// property page posts here too, with its id). One click gives the whole kit (ADR 111).
import { parseWithZod } from '@conform-to/zod/v4'
import { Link, data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/index'
import { CreateKitForm } from '~/components/media-kits/create-kit'
import { Card, EmptyState } from '~/components/ui/card'
import { LinkButton } from '~/components/ui/button'
import { dbContext } from '~/context'
import { formatDateTime } from '~/domain/dates'
import { listHomeChoices } from '~/models/homes.server'
import { listMediaKits } from '~/models/media-kits.server'
import { createKit } from '~/workflows/media-kit-actions.server'
import { idParam, pageNotFound } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { pageTitle } from '~/utils/meta'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Media kits', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const [kits, homes] = await Promise.all([listMediaKits(db, user.accountId), listHomeChoices(db, user.accountId)])
  const wanted = idParam.safeParse(new URL(request.url).searchParams.get('imovel') ?? '')
  return {
    kits: kits.map((kit) => ({
      id: kit.id,
      homeName: kit.homeName,
      pieces: kit.pieces,
      created: formatDateTime(kit.createdAt.toISOString()),
    })),
    homes: homes.map((home) => ({ id: home.id, name: home.name, place: home.place })),
    selected: wanted.success ? wanted.data : null,
  }
}

const CHOOSE_HOME = 'Escolha um imóvel.'
const CreateKitSchema = z.object({ home_id: z.string({ error: CHOOSE_HOME }).trim().min(1, CHOOSE_HOME) })

/** "Criar media kit": the chosen property's kit (not the account's: 404). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request)
  const submission = parseWithZod(await readForm(request), { schema: CreateKitSchema })
  if (submission.status !== 'success')
    return data({ error: submission.error?.home_id?.[0] ?? CHOOSE_HOME }, { status: 400 })
  const outcome = await createKit(context, user, Number(submission.value.home_id))
  if (outcome.status === 'not-found') throw pageNotFound(request)
  return redirectWithToast(`/media-kits/${outcome.id}`, {
    type: 'success',
    title: 'Media kit criado',
    description: 'Feed, story, carrossel, folheto e WhatsApp prontos para baixar.',
  })
}

export default function MediaKitsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kits, homes, selected } = loaderData
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Media kits</h1>
      <p className="mt-1 text-slate-600">
        Um clique transforma um imóvel em post para o feed, story, carrossel, folheto A4 em PDF e imagem para WhatsApp,
        com a sua marca.
      </p>
      {homes.length === 0 ? (
        <EmptyState
          className="mt-6"
          title="Cadastre um imóvel primeiro"
          action={<LinkButton to="/imoveis/novo">Cadastrar imóvel</LinkButton>}
        >
          O media kit é feito a partir das fotos e dos dados de um imóvel.
        </EmptyState>
      ) : (
        <Card as="section" className="mt-6" aria-labelledby="novo-kit">
          <h2 id="novo-kit" className="mb-3 text-lg font-semibold text-slate-900">
            Novo media kit
          </h2>
          <CreateKitForm homes={homes} selected={selected} error={actionData?.error ?? null} />
        </Card>
      )}
      <section className="mt-8" aria-labelledby="seus-kits">
        <h2 id="seus-kits" className="text-lg font-semibold text-slate-900">
          Seus media kits
        </h2>
        {kits.length === 0 ? (
          <p className="mt-2 text-slate-600">Nenhum media kit ainda.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {kits.map((kit) => (
              <li key={kit.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <Link
                  to={`/media-kits/${kit.id}`}
                  className="font-medium text-slate-900 underline-offset-2 hover:underline"
                >
                  {kit.homeName}
                </Link>
                <span className="text-sm text-slate-600">
                  {kit.pieces} peças · criado em {kit.created}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
