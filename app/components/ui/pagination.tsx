// Numbered pages of a list, as links (they work without JavaScript).
import { buttonClass } from './button'
import { Link } from 'react-router'

export function Pagination({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Páginas" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonClass({ variant: 'secondary', size: 'sm' })} rel="prev">
          Anterior
        </Link>
      ) : null}
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={href(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Página ${n}`}
          className={buttonClass({ variant: n === page ? 'primary' : 'secondary', size: 'icon' })}
        >
          {n}
        </Link>
      ))}
      {page < pages ? (
        <Link to={href(page + 1)} className={buttonClass({ variant: 'secondary', size: 'sm' })} rel="next">
          Próxima
        </Link>
      ) : null}
    </nav>
  )
}
