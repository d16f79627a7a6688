import { Link } from 'react-router'
import type { Route } from './+types/dashboard'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { DashboardPublications } from '~/components/scheduling/dashboard-publications'
import { dashboardPublications } from '~/workflows/scheduling-actions.server'
import { Checklist, RecentHomes, RecentPosts } from '~/components/home/first-run'
import { dbContext } from '~/context'
import { firstRun } from '~/models/first-run.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Início', matches)

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const [publications, overview] = await Promise.all([
    dashboardPublications(context, user.id),
    firstRun(context.get(dbContext), user.id),
  ])
  return { name: user.full_name?.split(' ')[0] ?? null, publications, ...overview }
}

const shortcuts = [
  { to: '/imoveis/novo', title: 'Cadastrar imóvel', text: 'Fotos, valores e endereço em um só lugar.' },
  { to: '/modelos', title: 'Criar post', text: 'Escolha um modelo e gere imagens e legenda.' },
  { to: '/modelos/historico', title: 'Meus posts', text: 'Reveja, edite e baixe o que você criou.' },
  { to: '/assistente', title: 'Assistente', text: 'Mensagem de WhatsApp, objeções e plano de posts.' },
  { to: '/audio', title: 'Áudio', text: 'Narração do imóvel para Reels e Stories.' },
  { to: '/ambientes', title: 'Ambientes', text: 'Melhore fotos e experimente decorações.' },
]

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{loaderData.name ? `Olá, ${loaderData.name}!` : 'Olá!'}</h1>
      <p className="mt-1 text-slate-600">O que vamos divulgar hoje?</p>
      <Checklist done={loaderData.checklist} />
      <RecentHomes homes={loaderData.homes} />
      <RecentPosts posts={loaderData.posts} />
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {shortcuts.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              prefetch="intent"
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500"
            >
              <span className="font-semibold text-brand-700">{item.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{item.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <DashboardPublications next={loaderData.publications.next} failed={loaderData.publications.failed} />
    </div>
  )
}
