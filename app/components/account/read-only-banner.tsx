// Under the header while a member is beyond the plan's seats (ADR 306): why nothing can be
// created or changed, and who can change it. Text only: no JavaScript needed.
import { READ_ONLY_MESSAGE } from '~/domain/read-only'

export function ReadOnlyBanner() {
  return (
    <aside aria-label="Somente leitura" className="border-b border-amber-200 bg-amber-50 text-sm text-amber-950">
      <p className="mx-auto max-w-6xl px-4 py-1.5">{READ_ONLY_MESSAGE}</p>
    </aside>
  )
}
