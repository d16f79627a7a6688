// Numbered pages of a list, as links (they work without JavaScript).
import { buttonClass } from './button'
import { AppLink } from './app-link'

export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Páginas" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <AppLink to={href(page - 1)} className={buttonClass({ variant: 'secondary', size: 'sm' })} rel="prev">
          Anterior
        </AppLink>
      ) : null}
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <AppLink
          key={n}
          to={href(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Página ${n}`}
          className={buttonClass({ variant: n === page ? 'primary' : 'secondary', size: 'icon' })}
        >
          {n}
        </AppLink>
      ))}
      {page < pages ? (
        <AppLink to={href(page + 1)} className={buttonClass({ variant: 'secondary', size: 'sm' })} rel="next">
          Próxima
        </AppLink>
      ) : null}
    </nav>
  )
}
