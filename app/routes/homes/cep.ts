// GET /imoveis/cep/:cep — the address of a CEP for the form's JavaScript (ViaCEP behind it).
import { data } from 'react-router'
import type { Route } from './+types/cep'
import { envContext } from '~/context'
import { CEP_MESSAGES, cepLookupFor } from '~/integrations/cep/cep.server'
import { requireUser } from '~/utils/session.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(context, request)
  const result = await cepLookupFor(context.get(envContext))(params.cep)
  if (result.status === 'found') return data({ address: result.address })
  return data(
    { message: CEP_MESSAGES[result.status] },
    { status: result.status === 'unavailable' ? 503 : result.status === 'invalid' ? 400 : 404 },
  )
}
