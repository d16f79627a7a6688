// /ambientes — photo work on a property's pictures: offline enhancement (sharp) with before and
// after, and virtual staging by style (image-edit API, or an offline style simulation). Every
// redecorated picture carries "Imagem ilustrativa" and is kept apart from the gallery.
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/index'
import { PhotoTools } from '~/components/ambientes/photo-tools'
import { RoomResults } from '~/components/ambientes/results'
import { ambientesAction } from '~/routes/rooms/actions.server'
import { askedHomeId, pageNotFound } from '~/utils/params'
import { ambientesPageData } from '~/workflows/rooms.server'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Ambientes', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const query = new URL(request.url).searchParams
  const page = await ambientesPageData(context, user, askedHomeId(request, query, 'imovel'))
  if (page === 'not-found') throw pageNotFound(request)
  return { ...page, highlight: Number(query.get('resultado')) || null }
}

export const action = ({ request, context }: Route.ActionArgs) => ambientesAction(request, context)

export default function AmbientesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { homes, homeId, photos, results, stagingEngine, highlight } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('_intent') ?? '') : null
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Ambientes</h1>
      <p className="mt-1 text-slate-600">Melhore as fotos do imóvel e experimente decorações por estilo.</p>

      {homes.length === 0 || homeId === null ? (
        <p className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Cadastre um imóvel com fotos para começar.{' '}
          <Link to="/imoveis/novo" className="font-semibold underline">
            Cadastrar imóvel
          </Link>
        </p>
      ) : (
        <>
          <Form method="get" className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="block flex-1">
              <label htmlFor="ambientes-imovel" className="text-sm font-medium text-slate-800">
                Imóvel
              </label>
              <select
                id="ambientes-imovel"
                name="imovel"
                defaultValue={homeId}
                className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500 focus:outline-none"
              >
                {homes.map((home) => (
                  <option key={home.id} value={home.id}>
                    {home.name}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="submit"
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
            >
              Ver fotos
            </button>
          </Form>
          {actionData?.formError ? (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              {actionData.formError}
            </p>
          ) : null}
          {photos.length === 0 ? (
            <p className="mt-6 text-sm text-slate-600">
              Este imóvel ainda não tem fotos.{' '}
              <Link to={`/imoveis/${homeId}`} className="font-semibold text-brand-700 underline">
                Adicionar fotos
              </Link>
            </p>
          ) : (
            <PhotoTools
              key={`${homeId}-${actionData?.formKey ?? 'inicial'}`}
              homeId={homeId}
              photos={photos}
              stagingEngine={stagingEngine}
              values={actionData?.values ?? {}}
              errors={actionData?.errors ?? {}}
              busy={busy}
            />
          )}
          <RoomResults results={results} highlight={highlight} homeId={homeId} />
        </>
      )}
    </div>
  )
}
