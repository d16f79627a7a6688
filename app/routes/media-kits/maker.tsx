// /media-kits/:id/maker — public, no layout: the render surface of a media kit's pieces, by its
// unguessable public id. It shows the pieces drawn by the same layouts as the PNGs, their texts
// and downloads; nothing private (no e-mail, no account id, the phone only when the agent chose
// to show it). The screenshot-service contract: ?peca=<piece>[&slide=N] gives that one slide
// alone at its native size (1080 px wide), for an external screenshot service (ADR 111).
import '~/components/post/post-fonts.css'
import type { Route } from './+types/maker'
import { HtmlSlide } from '~/components/post/html-slide'
import { MakerPiece, SingleSlide } from '~/components/media-kits/maker-piece'
import { dbContext } from '~/context'
import { KIT_QR_FILE, PUBLIC_ID, kitZipName } from '~/domain/media-kit'
import { KitQr } from '~/components/media-kits/kit-qr'
import { getPublicMediaKit } from '~/models/media-kits.server'
import { loadKitData, publicKit } from '~/workflows/media-kit-files.server'
import { pageTitle } from '~/utils/meta'
import { pageNotFound } from '~/utils/params'
import { siteOrigin } from '~/utils/request-origin.server'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = params.id ?? ''
  if (!PUBLIC_ID.test(id)) throw pageNotFound(request)
  const found = await getPublicMediaKit(context.get(dbContext), id)
  if (!found) throw pageNotFound(request)
  const siteUrl = siteOrigin(context)
  const kit = publicKit(await loadKitData(context.get(dbContext), found, siteUrl))
  const url = new URL(request.url)
  const only = url.searchParams.get('peca')
  const piece = only ? kit.pieces.find((p) => p.key === only && p.key !== 'flyer') : null
  if (only && !piece) throw pageNotFound(request)
  const slide = Number(url.searchParams.get('slide') ?? 0)
  if (piece && !(Number.isInteger(slide) && piece.slides[slide])) throw pageNotFound(request)
  return {
    base: `/media-kits/${id}/maker`,
    zipName: kitZipName(kit.home.name),
    kit,
    only: piece ? { key: piece.key, slide } : null,
  }
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  ...pageTitle(data ? `Media kit: ${data.kit.home.name}` : 'Media kit', matches),
  { name: 'robots', content: 'noindex' },
]

export default function Maker({ loaderData }: Route.ComponentProps) {
  const { kit, base, only } = loaderData
  const sources = Object.fromEntries(
    [...kit.home.photos, ...kit.home.floorPlans, kit.theme.logo ?? '']
      .filter(Boolean)
      .map((name) => [name, `${base}/${name}`]),
  )
  const slideOf = (key: string, index: number) => {
    const piece = kit.pieces.find((p) => p.key === key)!
    return (
      <HtmlSlide
        slide={piece.slides[index]!}
        home={kit.home}
        brand={kit.brand}
        theme={kit.theme}
        size={piece.size}
        sources={sources}
        label={piece.slides.length > 1 ? `${piece.label}: slide ${index + 1}` : piece.label}
      />
    )
  }
  if (only) {
    const piece = kit.pieces.find((p) => p.key === only.key)!
    return <SingleSlide width={piece.size.width}>{slideOf(only.key, only.slide)}</SingleSlide>
  }
  return (
    // The root layout's <main> holds the page: one main landmark.
    <div className="mx-auto max-w-3xl px-4 py-8">
      <header>
        <p className="text-sm font-medium text-slate-500">Media kit</p>
        <h1 className="text-2xl font-bold text-slate-900">{kit.home.name}</h1>
        <p className="mt-1 text-slate-600">
          {[kit.home.deal, kit.home.category, kit.home.location].filter(Boolean).join(' · ')}
        </p>
        {kit.brand.name ? (
          <p className="mt-2 text-sm text-slate-700">
            Por {kit.brand.name}
            {kit.brand.creci ? ` · ${kit.brand.creci}` : ''}
            {kit.brand.phone ? ` · ${kit.brand.phone}` : ''}
          </p>
        ) : null}
        <a
          href={`${base}/${loaderData.zipName}`}
          download={loaderData.zipName}
          className="mt-4 inline-block font-semibold text-sky-700 underline underline-offset-2"
        >
          Baixar tudo (.zip)
        </a>
        {kit.listingUrl ? (
          <div className="mt-4">
            <KitQr qr={{ link: kit.listingUrl, url: `${base}/${KIT_QR_FILE}`, name: KIT_QR_FILE }} />
          </div>
        ) : null}
      </header>
      <div className="mt-8 space-y-10">
        {kit.pieces.map((piece) => (
          <MakerPiece key={piece.key} piece={piece} base={base} slide={(i) => slideOf(piece.key, i)} />
        ))}
      </div>
    </div>
  )
}
