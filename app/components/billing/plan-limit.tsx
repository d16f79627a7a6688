// The plan limit's message with the way out: a link to the plan that lifts it (ADR 084).
import { Link } from 'react-router'
import { isTrialMessage } from '~/domain/billing'
import { SAVE_WORK, SAVE_WORK_PATH } from '~/domain/trial'

export const UPGRADE_LINK_TEXT = 'Ver planos'

export function PlanLimit({ message }: { message: string | null | undefined }) {
  // The trial's limits (ADR 269) lead to an account, not to the plans.
  const trial = isTrialMessage(message)
  return (
    <>
      {message}{' '}
      <Link to={trial ? SAVE_WORK_PATH : '/plano/contratar'} className="font-semibold whitespace-nowrap underline">
        {trial ? SAVE_WORK : UPGRADE_LINK_TEXT}
      </Link>
    </>
  )
}

/** A block for pages that refuse before the form (a new property over the limit). */
export function PlanLimitNotice({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <PlanLimit message={message} />
    </div>
  )
}
