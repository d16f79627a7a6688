// A section of the product whose capability is not built yet: it shows only its title, with
// the route's params validated as the real page will validate them.
import { useMatches } from 'react-router'
import type { Route } from './+types/unbuilt-section'
import { idParam, parseParams, uuidParam } from '~/utils/params'
import { pageTitle } from '~/utils/meta'

const titles: Record<string, string> = {
  'media-kit-maker': 'Criar media kit',
  integracoes: 'Integrações',
  'media-kits': 'Media kits',
  'media-kit': 'Media kit',
  'minha-conta': 'Minha conta',
  'agendar-posts': 'Agendar posts',
  agendamento: 'Agendamento',
  'editar-imagem': 'Editar imagem',
  'editar-legenda': 'Editar legenda',
  'admin-templates': 'Modelos (admin)',
  'admin-usuarios': 'Usuários',
  'admin-usuario': 'Usuário',
}

function titleOf(id: string | undefined) {
  return (id && titles[id]) || 'Vitrine'
}

/** Numeric ids (uuid for admin users), validated as the real pages will: else 404. */
export function loader({ request, params }: Route.LoaderArgs) {
  if (params.id !== undefined) {
    const isAdmin = new URL(request.url).pathname.startsWith('/admin/')
    parseParams(request, params, { id: isAdmin ? uuidParam : idParam })
  }
  return null
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageTitle(titleOf(matches.at(-1)?.id), matches)

export default function Section() {
  const id = useMatches().at(-1)?.id
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{titleOf(id)}</h1>
    </div>
  )
}
