// The public page's property cards and filters (negócio, cidade): a GET form, no JavaScript.
export type PublicHomeCard = {
  href: string
  name: string
  kind: string
  place: string
  price: string
  priceSuffix: string
  cover: string | null
}

export function PublicFilters({
  cities,
  status,
  city,
}: {
  cities: string[]
  status: string
  city: string
}) {
  const select =
    'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900'
  return (
    <form method="get" className="mt-6 grid grid-cols-2 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <label className="text-sm font-medium text-slate-800">
        Negócio
        <select name="negocio" defaultValue={status} className={select}>
          <option value="">Todos</option>
          <option value="venda">Venda</option>
          <option value="aluguel">Aluguel</option>
        </select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Cidade
        <select name="cidade" defaultValue={city} className={select}>
          <option value="">Todas</option>
          {cities.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="col-span-2 min-h-11 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 sm:col-span-1"
      >
        Filtrar
      </button>
    </form>
  )
}

export function PublicHomeCards({ homes }: { homes: PublicHomeCard[] }) {
  if (homes.length === 0) {
    return <p className="mt-6 rounded-xl bg-slate-100 p-6 text-center text-slate-700">Nenhum imóvel disponível agora.</p>
  }
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Imóveis">
      {homes.map((home, index) => (
        <li key={home.href}>
          <a
            href={home.href}
            className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm hover:border-slate-400"
          >
            <div className="relative aspect-[4/3] bg-slate-200">
              {home.cover ? (
                <img
                  src={home.cover}
                  alt=""
                  width={400}
                  height={300}
                  loading={index < 2 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  decoding="async"
                  className="absolute inset-0 size-full object-cover"
                />
              ) : (
                <span className="absolute inset-0 grid place-items-center text-sm text-slate-600">Sem fotos</span>
              )}
            </div>
            <div className="flex flex-1 flex-col gap-1 p-4">
              <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{home.kind}</p>
              <h2 className="font-semibold text-slate-900">{home.name}</h2>
              <p className="text-sm text-slate-700">{home.place}</p>
              <p className="mt-auto pt-2 text-lg font-bold text-slate-900">
                {home.price}
                {home.priceSuffix ? <span className="text-sm font-medium text-slate-700">{home.priceSuffix}</span> : null}
              </p>
            </div>
          </a>
        </li>
      ))}
    </ul>
  )
}
