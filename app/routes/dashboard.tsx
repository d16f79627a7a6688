import type { Route } from './+types/dashboard'
import { requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { DashboardPublications } from '~/components/scheduling/dashboard-publications'
import { dashboardPublications } from '~/workflows/scheduling-actions.server'
import { Checklist, RecentHomes, RecentPosts } from '~/components/dashboard/first-run'
import { Shortcuts } from '~/components/dashboard/shortcuts'
import { dbContext } from '~/context'
import { firstRun } from '~/models/first-run.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Início', matches)

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const [publications, overview] = await Promise.all([
    dashboardPublications(context, user.accountId),
    firstRun(context.get(dbContext), user.accountId),
  ])
  return { name: user.full_name?.split(' ')[0] ?? null, publications, ...overview }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{loaderData.name ? `Olá, ${loaderData.name}!` : 'Olá!'}</h1>
      <p className="mt-1 text-slate-600">O que vamos divulgar hoje?</p>
      <Checklist
        done={loaderData.checklist}
        canSchedule={loaderData.canSchedule}
        latestPostPage={loaderData.latestPostPage}
      />
      <RecentHomes homes={loaderData.homes} />
      <RecentPosts posts={loaderData.posts} />
      <Shortcuts />
      <DashboardPublications next={loaderData.publications.next} failed={loaderData.publications.failed} />
    </div>
  )
}
