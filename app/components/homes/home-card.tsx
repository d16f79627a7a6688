// One property in the list: cover photo (400 px WebP), deal, name, price, where and how big.
import { Link } from 'react-router'
import { homeCategoryLabel, homeStatusLabel } from '~/domain/home'
import { formatBRL } from '~/domain/money'

export type HomeCardData = {
  id: number
  name: string
  status: string
  category: string
  price: number | null
  rental_price: number | null
  city: string
  state: string
  neighborhood: string
  bedrooms: number | null
  area: number | null
  parking_spaces: number | null
  /** Its 400 px picture (the page's data carries only what the card shows). */
  cover: { src: string; caption: string | null } | null
  /** Set when its feed no longer lists it. */
  archived_at?: Date | string | null
}

/** The price a card shows: the sale price for sale, the monthly rent for rent; 'R$ -,--' if never given. */
export function cardPrice(home: Pick<HomeCardData, 'status' | 'price' | 'rental_price'>) {
  return home.status === 'rent' ? formatBRL(home.rental_price) : formatBRL(home.price)
}

/** '/mês' after a rent that was given (never after 'R$ -,--'). */
export function cardPriceSuffix(home: Pick<HomeCardData, 'status' | 'rental_price'>) {
  return home.status === 'rent' && home.rental_price != null ? '/mês' : null
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The card is its list's item (no wrapper of its own: a card is 13 elements, twelve to a page).
 * `priority`: the first card, the page's largest paint on a phone, is fetched first (ADR 190).
 */
export function HomeCard({ home, eager, priority }: { home: HomeCardData; eager?: boolean; priority?: boolean }) {
  const facts = [
    home.bedrooms != null ? plural(home.bedrooms, 'quarto', 'quartos') : null,
    home.area != null ? `${String(home.area).replace('.', ',')} m²` : null,
    home.parking_spaces ? plural(home.parking_spaces, 'vaga', 'vagas') : null,
  ].filter(Boolean)
  return (
    <li className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm hover:border-brand-500">
      <div className="relative aspect-[4/3] bg-slate-200">
        {home.cover ? (
          <img
            src={home.cover.src}
            alt={home.cover.caption || home.name}
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">Sem fotos</span>
        )}
        <span
          className={`absolute top-3 left-3 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            home.status === 'rent' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'
          }`}
        >
          {homeStatusLabel(home.status)}
        </span>
        {home.archived_at ? (
          <span className="absolute top-3 right-3 rounded-full bg-slate-800 px-2.5 py-0.5 text-xs font-semibold text-white">
            Arquivado
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{homeCategoryLabel(home.category)}</p>
        <h2 className="font-semibold text-slate-900">
          {/* The whole card is the link (::after); its own box is 44 px tall at least, for one line too. */}
          <Link
            to={`/imoveis/${home.id}`}
            prefetch="intent"
            className="-my-2.5 block py-2.5 after:absolute after:inset-0"
          >
            <span className="line-clamp-2">{home.name}</span>
          </Link>
        </h2>
        <p className="text-lg font-bold text-brand-700">
          {cardPrice(home)}
          {cardPriceSuffix(home) ? (
            <span className="text-sm font-normal text-slate-600">{cardPriceSuffix(home)}</span>
          ) : null}
        </p>
        {/* One text, not five (each piece its own text node in the HTML). */}
        <p className="text-sm text-slate-600">{`${home.neighborhood}, ${home.city} - ${home.state}`}</p>
        {facts.length ? <p className="mt-auto pt-2 text-xs text-slate-500">{facts.join(' · ')}</p> : null}
      </div>
    </li>
  )
}
