// The plan limit's message with the way out: a link to the plans (issue 12 "Where it shows").
import { Link } from 'react-router'

export const UPGRADE_LINK_TEXT = 'Ver planos'

export function PlanLimit({ message }: { message: string | null | undefined }) {
  return (
    <>
      {message}{' '}
      <Link to="/plano/contratar" className="font-semibold whitespace-nowrap underline">
        {UPGRADE_LINK_TEXT}
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
