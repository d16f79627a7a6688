// The listing page's body: the first photo large (the page's LCP, sized by srcset) with the
// photo count, every photo in a viewer opened by a link (#fotos, CSS :target: no script, and no
// byte spent on the other photos until it opens), price, facts, features, amenities, the floor
// plan behind a disclosure, the neighbourhood with its nearby places, and the map only after a
// tap (a link to OpenStreetMap). No third-party script or embed.
type Photo = { src: string; srcSet: string | null; alt: string }

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
  neighborhood: string
  nearby: Array<{ name: string; kind: string; distance: string | null }>
  photos: Photo[]
  floorPlans: Photo[]
  mapHref: string | null
}

/** The hero photo fills the column: the whole phone width, 640 px beside the aside on a desktop. */
const HERO_SIZES = '(min-width: 1024px) 640px, (min-width: 640px) 90vw, 100vw'

export function ListingGallery({ photos }: { photos: ListingHome['photos'] }) {
  if (photos.length === 0) return <div className="aspect-[4/3] rounded-2xl bg-slate-200" aria-hidden="true" />
  const [first] = photos
  const total = photos.length
  return (
    <section id="galeria" aria-label="Fotos">
      <div className="relative -mx-4 sm:mx-0">
        <img
          src={first!.src}
          srcSet={first!.srcSet ?? undefined}
          sizes={HERO_SIZES}
          alt={first!.alt}
          width={1080}
          height={810}
          fetchPriority="high"
          decoding="async"
          className="aspect-[4/3] w-full bg-slate-200 object-cover sm:rounded-2xl"
        />
        {total > 1 ? (
          <a
            href="#fotos"
            className="absolute right-3 bottom-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-slate-900/85 px-4 text-sm font-semibold text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <span aria-hidden="true">1 / {total}</span>
            <span className="sr-only">Ver as {total} fotos</span>
            <span aria-hidden="true">· Ver fotos</span>
          </a>
        ) : null}
      </div>
      {total > 1 ? <PhotoViewer photos={photos} /> : null}
    </section>
  )
}

/** Every photo, one under the other, over the page while #fotos is the address's fragment. */
function PhotoViewer({ photos }: { photos: Photo[] }) {
  const total = photos.length
  return (
    <div
      id="fotos"
      role="region"
      aria-label={`Todas as fotos (${total})`}
      className="fixed inset-0 z-50 hidden overflow-y-auto overscroll-contain bg-slate-950 target:block"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-3 bg-slate-950/95 px-4 py-2 text-white">
        <h2 className="font-semibold">{total} fotos</h2>
        <a
          href="#galeria"
          className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        >
          Fechar
        </a>
      </div>
      <ol className="mx-auto flex max-w-4xl flex-col gap-4 px-0 pb-8 sm:px-4">
        {photos.map((photo, index) => (
          <li key={photo.src}>
            <figure>
              <img
                src={photo.src}
                srcSet={photo.srcSet ?? undefined}
                sizes="(min-width: 896px) 864px, 100vw"
                alt={photo.alt}
                width={1080}
                height={810}
                loading="lazy"
                decoding="async"
                className="h-auto w-full bg-slate-800 sm:rounded-xl"
              />
              <figcaption className="px-4 pt-1 text-sm text-slate-300 sm:px-0">
                {index + 1} de {total}
              </figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </div>
  )
}

/** The floor plans behind a disclosure: nothing is downloaded until it is opened. */
function FloorPlans({ plans }: { plans: Photo[] }) {
  if (plans.length === 0) return null
  return (
    <details className="group mt-6 rounded-xl border border-slate-200 bg-white">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 px-4 font-bold text-slate-900 [&::-webkit-details-marker]:hidden">
        {plans.length === 1 ? 'Planta' : `Plantas (${plans.length})`}
        <span aria-hidden="true" className="text-slate-500 transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4">
        {plans.map((plan) => (
          <img
            key={plan.src}
            src={plan.src}
            srcSet={plan.srcSet ?? undefined}
            sizes="(min-width: 1024px) 600px, 92vw"
            alt={plan.alt}
            width={1080}
            height={810}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-lg bg-white object-contain"
          />
        ))}
      </div>
    </details>
  )
}

/** The neighbourhood: its name, the nearby places the agent chose with their distances, the map link. */
function Neighbourhood({ home }: { home: ListingHome }) {
  if (home.nearby.length === 0 && !home.mapHref) return null
  return (
    <section aria-labelledby="bairro" className="mt-6 rounded-xl bg-slate-50 p-4">
      <h2 id="bairro" className="text-lg font-bold text-slate-900">
        O bairro: {home.neighborhood}
      </h2>
      {home.nearby.length ? (
        <ul className="mt-2 divide-y divide-slate-200">
          {home.nearby.map((place) => (
            <li key={`${place.name}-${place.kind}`} className="flex items-baseline justify-between gap-3 py-2">
              <span className="min-w-0 text-slate-900">
                {place.name} <span className="text-sm text-slate-600">· {place.kind}</span>
              </span>
              {place.distance ? <span className="shrink-0 text-sm text-slate-700">{place.distance}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {home.mapHref ? (
        <p className="mt-3">
          <a
            href={home.mapHref}
            rel="noopener nofollow"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50"
          >
            Ver no mapa
          </a>
        </p>
      ) : null}
    </section>
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
      <FloorPlans plans={home.floorPlans} />
      <Neighbourhood home={home} />
    </div>
  )
}
