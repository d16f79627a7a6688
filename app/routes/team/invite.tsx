// /convite/{token} — the link an invite e-mail carries: who invites and for which role; signed out,
// "Entrar" or "Criar conta" come back here; signed in with the invited address, "Entrar na equipe".
import { data, Form } from 'react-router'
import type { Route } from './+types/invite'
import { LinkButton, SubmitButton } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { dbContext, userContext } from '~/context'
import { ROLE_NAMES } from '~/domain/team'
import { inviteOfToken } from '~/models/team.server'
import { pageNotFound } from '~/utils/params'
import { requireUser } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { ACCEPT_MESSAGES, joinTeam, tokenHash } from '~/workflows/team.server'

const TOKEN = /^[\w-]{43}$/

export const meta: Route.MetaFunction = () => [
  { title: 'Convite para a equipe · Vitrine' },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!TOKEN.test(params.token)) throw pageNotFound(request)
  const invite = await inviteOfToken(context.get(dbContext), tokenHash(params.token))
  if (!invite) throw pageNotFound(request)
  const user = context.get(userContext)
  const here = new URL(request.url).pathname
  const problem =
    invite.accepted_at || invite.revoked_at
      ? ACCEPT_MESSAGES.invalid
      : invite.expires_at <= new Date()
        ? ACCEPT_MESSAGES.expired
        : user && user.email !== invite.email
          ? ACCEPT_MESSAGES['other-email']
          : null
  return {
    agency: invite.agency,
    email: invite.email,
    role: ROLE_NAMES[invite.role].toLowerCase(),
    signedIn: Boolean(user),
    problem,
    login: `/login?${new URLSearchParams({ redirectTo: here })}`,
    register: `/registrar?${new URLSearchParams({ redirectTo: here })}`,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!TOKEN.test(params.token)) throw pageNotFound(request)
  if (!(await inviteOfToken(context.get(dbContext), tokenHash(params.token)))) throw pageNotFound(request)
  const user = requireUser(context, request)
  const outcome = await joinTeam(context, params.token, user)
  if (outcome !== 'joined') return data({ error: ACCEPT_MESSAGES[outcome] }, { status: 400 })
  return redirectWithToast('/', {
    type: 'success',
    title: 'Você entrou na equipe',
    description: 'Os imóveis e posts da imobiliária já aparecem para você.',
  })
}

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { agency, email, role, signedIn, problem, login, register } = loaderData
  const error = actionData?.error ?? problem
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Convite para a equipe</h1>
        <p className="mt-2 text-slate-700">
          <strong>{agency}</strong> convidou <strong>{email}</strong> para a equipe como {role}.
        </p>
        {error ? (
          <Notice className="mt-4" tone="error" role="alert">
            {error}
          </Notice>
        ) : signedIn ? (
          <Form method="post" className="mt-6">
            <SubmitButton block pendingText="Entrando…">
              Entrar na equipe
            </SubmitButton>
          </Form>
        ) : (
          <div className="mt-6 grid gap-3">
            <LinkButton to={login} block>
              Entrar
            </LinkButton>
            <LinkButton to={register} variant="secondary" block>
              Criar conta
            </LinkButton>
          </div>
        )}
      </Card>
    </div>
  )
}
