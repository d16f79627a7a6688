// The account area's section navigation, shared by every slug of /minha-conta (a plain list of
// links: it scrolls sideways on a phone).
import { NavLink, useRouteLoaderData } from 'react-router'
import { cx } from '~/components/ui/cx'

export const ACCOUNT_SECTIONS = [
  { slug: 'perfil', label: 'Perfil' },
  { slug: 'seguranca', label: 'Segurança' },
  { slug: 'plano', label: 'Plano' },
  { slug: 'equipe', label: 'Equipe' },
  { slug: 'marca', label: 'Marca' },
  { slug: 'dados-fiscais', label: 'Dados fiscais' },
  { slug: 'privacidade', label: 'Privacidade' },
] as const

export function AccountNav() {
  // The fiscal data are the payer's (POLICY 'billing'): a member's menu leaves them out.
  const root = useRouteLoaderData('root') as { user?: { buys?: boolean } | null } | undefined
  const buys = root?.user?.buys !== false
  const sections = ACCOUNT_SECTIONS.filter((section) => buys || section.slug !== 'dados-fiscais')
  return (
    <nav aria-label="Minha conta" className="-mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {sections.map((section) => (
          <li key={section.slug}>
            <NavLink
              to={`/minha-conta/${section.slug}`}
              prefetch="intent"
              className={({ isActive }) =>
                cx(
                  '-mb-px block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap',
                  isActive
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:text-slate-900',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
