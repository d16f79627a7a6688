// The photo guard rail on the template page (ADR 166): when the property chosen for a template
// that shows photos has none, say so before generating, with the way to add photos to it and
// the templates that need no photo (the property already chosen in them). The server shows it
// after refusing to generate; with JavaScript it follows the property picker as it changes.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { NO_PHOTOS_MESSAGE, addPhotosPath } from '~/domain/photo-guard'

export type NoPhotosGuard = {
  needsPhotos: boolean
  bareHomes: number[]
  textTemplates: Array<{ id: number; name: string }>
}

export function NoPhotosNotice({
  guard,
  homeField,
  homeId,
}: {
  guard: NoPhotosGuard
  homeField: string | undefined
  /** The property the form shows chosen (its starting value, or the one the server refused). */
  homeId: string | null
}) {
  const [selected, setSelected] = useState(homeId)
  useEffect(() => setSelected(homeId), [homeId])
  useEffect(() => {
    if (!homeField) return
    const follow = (event: Event) => {
      const target = event.target
      if (target instanceof HTMLSelectElement && target.name === homeField) setSelected(target.value)
    }
    document.addEventListener('change', follow)
    return () => document.removeEventListener('change', follow)
  }, [homeField])
  const id = Number(selected)
  if (!guard.needsPhotos || !guard.bareHomes.includes(id)) return null
  return (
    <section
      role="status"
      aria-labelledby="sem-fotos"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="sem-fotos" className="font-semibold">
        Faltam fotos para este modelo
      </h2>
      <p className="mt-1 text-sm">{NO_PHOTOS_MESSAGE}</p>
      <p className="mt-3">
        <Link to={addPhotosPath(id)} className="text-sm font-semibold text-brand-700 underline">
          Adicionar fotos a este imóvel
        </Link>
      </p>
      {guard.textTemplates.length ? (
        <nav aria-label="Modelos só de texto" className="mt-3">
          <p className="text-sm font-medium">Modelos só de texto para este imóvel:</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {guard.textTemplates.map((template) => (
              <li key={template.id}>
                <Link
                  to={`/modelos/${template.id}?imovel=${id}`}
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  {template.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  )
}
