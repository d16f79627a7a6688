// GET /imoveis/cep/:cep — the address of a CEP for the form's JavaScript (ViaCEP behind it).
import { data } from 'react-router'
import type { Route } from './+types/cep'
import { envContext } from '~/context'
import { addressOfCep } from '~/workflows/home-form.server'
import { requireUser } from '~/utils/session.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(context, request)
  const result = await addressOfCep(context.get(envContext), params.cep)
  if ('address' in result) return data({ address: result.address })
  return data({ message: result.message }, { status: result.status })
}
