// Under the header while a visitor tries Vitrine without an account (ADR 269): what that means,
// and "Salvar meu trabalho". A plain link: no JavaScript needed.
import { Link, useLocation } from 'react-router'
import { SAVE_WORK, SAVE_WORK_PATH } from '~/domain/trial'

export function TrialBanner() {
  const { pathname } = useLocation()
  if (pathname === SAVE_WORK_PATH) return null
  return (
    <aside aria-label="Teste sem cadastro" className="border-b border-amber-200 bg-amber-50 text-sm text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5">
        <p>Você está testando sem cadastro. Sem uso por 7 dias, o teste é apagado.</p>
        <Link
          to={SAVE_WORK_PATH}
          className="flex min-h-11 items-center font-semibold whitespace-nowrap text-amber-950 underline"
        >
          {SAVE_WORK}
        </Link>
      </div>
    </aside>
  )
}
