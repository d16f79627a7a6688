// /minha-conta/equipe — the agency's team (ADR 218): the people and their roles, the invites that
// wait (resend, cancel), the invite form within the plan's seats, and "Exigir aprovação antes de
// agendar". Everyone in the account sees it; only the owner changes it (403 otherwise).
import type { SubmissionResult } from '@conform-to/react'
import type { Route } from './+types/team'
import {
  ApprovalSetting,
  DefaultCollaborator,
  InviteForm,
  PendingInvites,
  People,
  SeatChoice,
} from '~/components/account/team'
import { Card } from '~/components/ui/card'
import { dbContext } from '~/context'
import { can, overSeatsMessage, seatHolders } from '~/domain/team'
import { defaultCollaboratorOf, teamOf } from '~/models/team.server'
import { pageTitle } from '~/utils/meta'
import { requirePermission, requireUser } from '~/utils/session.server'
import { approvalRequired } from '~/workflows/approvals.server'
import { teamAction } from '~/routes/account/team-actions.server'
import { seatsOf } from '~/workflows/team.server'
import { readForm } from '~/utils/form-body.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Equipe', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request)
  const db = context.get(dbContext)
  const [team, seats, required, collaborator] = await Promise.all([
    teamOf(db, user.accountId),
    seatsOf(db, user.accountId),
    approvalRequired(db, user.accountId),
    defaultCollaboratorOf(db, user.accountId),
  ])
  const manage = can(user.accountRole, 'team')
  const waiting = team.pending.filter((invite) => !invite.expired).length
  // A team larger than its plan (a downgrade, a lapse): who works and who only reads (ADR 306).
  const members = team.people.filter((person) => person.role !== 'owner')
  const holders = seatHolders(members, seats)
  const over = team.people.length > seats
  return {
    self: user.id,
    manage,
    seats,
    used: team.people.length + waiting,
    people: team.people.map(({ keepsSeat: _, since: __, ...person }) => ({
      ...person,
      readOnly: person.role !== 'owner' && !holders.has(person.id),
    })),
    overSeats: over ? overSeatsMessage(seats, team.people.length) : null,
    invites: manage ? team.pending.map((invite) => ({ ...invite, expiresAt: invite.expiresAt.toISOString() })) : [],
    required,
    collaborator,
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = requirePermission(context, request, 'team')
  return teamAction(await readForm(request), context, owner)
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { manage, seats, used, people, invites, self, required, overSeats, collaborator } = loaderData
  const result = actionData?.intent === 'invite' ? (actionData.result as SubmissionResult<string[]> | null) : null
  const seatsError = actionData?.intent === 'seats' ? actionData.error : undefined
  return (
    <div className="mx-auto max-w-3xl px-4 pt-6">
      <h1 className="text-2xl font-bold text-slate-900">Equipe</h1>
      <p className="mt-1 text-sm text-slate-600">
        {used} de {seats === 1 ? '1 usuário' : `${seats} usuários`} do plano
        {invites.some((invite) => !invite.expired) ? ' (convites pendentes contam)' : ''}.
      </p>
      {manage && overSeats ? (
        <SeatChoice
          message={overSeats}
          seats={seats}
          members={people.filter((person) => person.role !== 'owner')}
          error={seatsError}
        />
      ) : null}
      <Card className="mt-4">
        <h2 className="text-lg font-semibold text-slate-900">Pessoas</h2>
        <People people={people} manage={manage} self={self} />
        {manage ? <PendingInvites invites={invites} /> : null}
      </Card>
      {manage ? (
        <Card className="mt-4">
          <h2 className="text-lg font-semibold text-slate-900">Convidar para a equipe</h2>
          <p className="mt-1 text-sm text-slate-600">
            A pessoa recebe um link por e-mail, que vale por 7 dias, e entra com o mesmo e-mail.
          </p>
          <InviteForm key={invites.length} result={result ?? undefined} />
        </Card>
      ) : null}
      <ApprovalSetting required={required} manage={manage} />
      <DefaultCollaborator
        name={collaborator}
        manage={manage}
        typed={actionData?.intent === 'collaborator' ? actionData.typed : undefined}
        error={actionData?.intent === 'collaborator' ? actionData.error : undefined}
      />
    </div>
  )
}
