// The controls of fields named by a legend: a switch, choices (checkboxes, radios, tabs), a map
// point (latitude and longitude) and the property's photos to pick from.
import { ChoiceList } from '~/components/ui/choice'
import { Input } from '~/components/ui/input'
import type { FieldValue } from '~/domain/fields/types'
import { checked, list, text, type Common, type ControlProps } from './control-props'

type GroupProps = ControlProps & { common: Common }

export function GroupControl(props: GroupProps) {
  const { field, name, value } = props
  switch (field.type) {
    case 'checkbox':
      return field.switchLabel ? <Switch {...props} /> : null
    case 'checkbox-group':
    case 'radio': {
      const chosen = field.type === 'radio' ? [text(value)] : list(value)
      return (
        <ChoiceList
          type={field.type === 'radio' ? 'radio' : 'checkbox'}
          name={name}
          options={field.options ?? []}
          isChecked={(option) => chosen.includes(option)}
        />
      )
    }
    case 'radio-tabs':
      return <RadioTabs {...props} />
    case 'maps':
      return <MapPoint {...props} />
    case 'gallery':
      return <GalleryPicker {...props} />
    default:
      return null
  }
}

function Switch({ field, name, value, common }: GroupProps) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        role="switch"
        id={common.id}
        name={name}
        defaultChecked={checked(value)}
        aria-describedby={common['aria-describedby']}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full bg-slate-300 transition peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
      />
      <span className="text-sm text-slate-800">{field.switchLabel}</span>
    </label>
  )
}

/** Radios drawn as a row of tabs (one chosen). */
function RadioTabs({ field, name, value }: GroupProps) {
  return (
    <div className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-1">
      {(field.options ?? []).map((option) => (
        <label
          key={option.value}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm text-slate-700 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            defaultChecked={text(value) === option.value}
            className="sr-only"
          />
          {option.label}
        </label>
      ))}
    </div>
  )
}

function MapPoint({ field, name, value }: GroupProps) {
  const point = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, FieldValue>
  return (
    <div className="grid grid-cols-2 gap-3">
      {(['latitude', 'longitude'] as const).map((part) => (
        <label key={part} className="text-sm text-slate-700">
          {part === 'latitude' ? 'Latitude' : 'Longitude'}
          <Input
            type="text"
            inputMode="decimal"
            name={`${name}.${part}`}
            placeholder={part === 'latitude' ? '-23,5614' : '-46,6559'}
            defaultValue={text(point[part])}
            controlSize={field.size === 'small' ? 'sm' : 'md'}
            className="mt-1"
          />
        </label>
      ))}
    </div>
  )
}

function GalleryPicker({ name, value, selectedHome }: GroupProps) {
  if (!selectedHome) return <p className="text-sm text-slate-600">Escolha um imóvel para ver as fotos.</p>
  if (selectedHome.gallery.length === 0)
    return <p className="text-sm text-slate-600">Este imóvel ainda não tem fotos.</p>
  const chosen = list(value)
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {selectedHome.gallery.map((photo) => (
        <label
          key={photo.url}
          className="relative block cursor-pointer overflow-hidden rounded-lg border-2 border-transparent has-checked:border-brand-600"
        >
          <input
            type="checkbox"
            name={name}
            value={photo.url}
            defaultChecked={chosen.includes(photo.url)}
            className="absolute top-1.5 left-1.5 size-4"
            aria-label={photo.name}
          />
          <img src={photo.thumb} alt="" className="aspect-square w-full object-cover" loading="lazy" />
        </label>
      ))}
    </div>
  )
}
