// /integracoes — the agent's outside connections. Each panel keeps its own files and handles the
// form intents it owns: the property feeds (feeds.tsx, feeds.server.ts; ADR 120) and the social
// accounts posts are published to (social-accounts.tsx, social-accounts.server.ts; ADR 100).
import { data } from 'react-router'
import type { Route } from './+types/index'
import { readLimitedFormData } from '~/utils/form-body.server'
import { requirePermission, requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { FeedsPanel } from './feeds'
import {
  FEEDS_MAX_BODY,
  feedsAction,
  feedsLoader,
  isFeedIntent,
  tooLargeReply,
  type ConnectReply,
} from './feeds.server'
import { SocialAccountsPanel } from './social-accounts'
import { socialAccountsAction, socialAccountsData } from './social-accounts.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Integrações', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const [feeds, social] = await Promise.all([feedsLoader(context, user), socialAccountsData(context, user)])
  return { feeds, social }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requirePermission(context, request, 'brand')
  const form = await readLimitedFormData(request, FEEDS_MAX_BODY)
  if (!form) return tooLargeReply()
  const intent = String(form.get('intent') ?? '')
  if (isFeedIntent(intent)) return feedsAction(context, user, form)
  const social = await socialAccountsAction(context, user, form)
  if (social) return social
  throw data('Pedido inválido.', { status: 400 })
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const feedReply =
    (actionData as ConnectReply | undefined)?.intent === 'feed-connect' ? (actionData as ConnectReply) : null
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">Integrações</h1>
        <p className="mt-1 text-slate-600">Conecte o Vitrine às ferramentas que você já usa.</p>
      </div>
      <SocialAccountsPanel data={loaderData.social} />
      <FeedsPanel connections={loaderData.feeds.connections} reply={feedReply} />
    </div>
  )
}
