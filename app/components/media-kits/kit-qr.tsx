// The listing page's QR code in a media kit (the owner's page and the public one): the code drawn
// from qrcode.svg, the address it opens, and its download. The flyer prints the same code.
export function KitQr({ qr }: { qr: { link: string; url: string; name: string } }) {
  return (
    <figure className="flex items-center gap-4">
      <img
        src={qr.url}
        alt={`QR code da página do imóvel (${qr.link})`}
        width={112}
        height={112}
        className="size-28 shrink-0 rounded-md border border-slate-200 bg-white"
      />
      <figcaption className="min-w-0 text-sm text-slate-700">
        <span className="block font-medium text-slate-900">QR code da página do imóvel</span>
        <span className="block break-all">{qr.link}</span>
        <span className="block text-slate-600">Também no rodapé do folheto.</span>
        <a
          href={qr.url}
          download={qr.name}
          className="inline-flex min-h-11 items-center font-medium text-sky-700 underline underline-offset-2"
        >
          Baixar {qr.name}
        </a>
      </figcaption>
    </figure>
  )
}
