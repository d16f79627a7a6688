// The listing page's body: gallery (scrolls sideways, no script), price, facts, features,
// amenities, neighbourhood and nearby places, the map only after a tap (a link to OpenStreetMap).
export type ListingHome = {
  name: string
  kind: string
  place: string
  price: string
  priceSuffix: string
  condominium: string | null
  iptu: string | null
  description: string
  facts: string[]
  features: string[]
  amenities: string[]
  nearby: Array<{ name: string; kind: string }>
  photos: Array<{ src: string; alt: string }>
  mapHref: string | null
}

export function ListingGallery({ photos }: { photos: ListingHome['photos'] }) {
  if (photos.length === 0) return <div className="aspect-[4/3] rounded-2xl bg-slate-200" aria-hidden="true" />
  return (
    <ul
      aria-label="Fotos"
      className="-mx-4 flex snap-x snap-mandatory gap-2 overflow-x-auto px-4 sm:mx-0 sm:px-0"
      tabIndex={0}
    >
      {photos.map((photo, index) => (
        <li key={photo.src} className="w-[88%] shrink-0 snap-center sm:w-[70%]">
          <img
            src={photo.src}
            alt={photo.alt}
            width={1080}
            height={810}
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
            decoding="async"
            sizes="(min-width: 640px) 70vw, 88vw"
            className="aspect-[4/3] w-full rounded-2xl bg-slate-200 object-cover"
          />
        </li>
      ))}
    </ul>
  )
}

function Chips({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null
  return (
    <section className="mt-6">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
            {item}
          </li>
        ))}
      </ul>
    </section>
  )
}

export function ListingDetails({ home, code }: { home: ListingHome; code: string }) {
  return (
    <div>
      <p className="mt-5 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {home.kind} · {code}
      </p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{home.name}</h1>
      <p className="mt-1 text-slate-700">{home.place}</p>
      <p className="mt-3 text-3xl font-bold text-slate-900">
        {home.price}
        {home.priceSuffix ? <span className="text-base font-medium text-slate-700">{home.priceSuffix}</span> : null}
      </p>
      {home.condominium || home.iptu ? (
        <p className="mt-1 text-sm text-slate-700">
          {[home.condominium ? `Condomínio ${home.condominium}` : null, home.iptu ? `IPTU ${home.iptu}` : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
      ) : null}
      {home.facts.length ? <p className="mt-3 text-slate-800">{home.facts.join(' · ')}</p> : null}
      {home.description ? <p className="mt-4 whitespace-pre-line text-slate-800">{home.description}</p> : null}
      <Chips title="Características" items={home.features} />
      <Chips title="Lazer e comodidades" items={home.amenities} />
      <Chips title="Perto daqui" items={home.nearby.map((place) => `${place.name} (${place.kind})`)} />
      {home.mapHref ? (
        <p className="mt-6">
          <a
            href={home.mapHref}
            rel="noopener nofollow"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Ver no mapa
          </a>
        </p>
      ) : null}
    </div>
  )
}
