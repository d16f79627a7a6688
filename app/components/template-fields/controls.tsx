// One control per field type (the 25 of ADR 030). Plain HTML inputs named by the engine's
// convention (`name`, `items[0].title`, `place.latitude`), uncontrolled, so every one of them
// posts without JavaScript; the errors the server found sit beside each.
import { Checkbox } from '~/components/ui/choice'
import { Field, FieldErrors, Fieldset, Hint, RequiredMark } from '~/components/ui/field'
import { checked, controlId, type Common, type ControlProps } from './control-props'
import { GroupControl } from './group-controls'
import { Icon } from './icons'
import { SingleControl } from './single-controls'

export { controlId, type FormHome } from './control-props'

const GROUPED = new Set(['checkbox-group', 'radio', 'radio-tabs', 'maps', 'gallery', 'checkbox'])

/** Label, control, help and errors of one field. */
export function FieldControl(props: ControlProps) {
  const { field, name, errors } = props
  const id = controlId(name)
  const own = errors[name]
  const errorId = `${id}-erros`
  const helpId = field.help ? `${id}-ajuda` : undefined
  const describedBy = [own?.length ? errorId : null, helpId].filter(Boolean).join(' ') || undefined
  const common: Common = {
    id,
    name,
    'aria-invalid': own?.length ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required || undefined,
  }
  const frame = {
    label: field.label ?? field.name,
    required: field.required,
    icon: field.icon ? <Icon name={field.icon} className="size-4 text-slate-500" /> : undefined,
    hint: field.help,
    hintId: helpId,
    errors: own,
    errorId,
  }
  if (field.type === 'checkbox' && !field.switchLabel)
    return (
      <div>
        <div className="flex items-center gap-1">
          <Checkbox {...common} defaultChecked={checked(props.value)} labelClassName="font-medium">
            {frame.icon}
            {frame.label}
          </Checkbox>
          {field.required ? <RequiredMark /> : null}
        </div>
        {field.help ? <Hint id={helpId}>{field.help}</Hint> : null}
        <FieldErrors id={errorId} errors={own} />
      </div>
    )
  if (GROUPED.has(field.type))
    return (
      <Fieldset {...frame} describedBy={describedBy}>
        <GroupControl {...props} common={common} />
        {field.type === 'maps'
          ? ['latitude', 'longitude'].map((part) => (
              <FieldErrors key={part} id={`${errorId}-${part}`} errors={errors[`${name}.${part}`]} />
            ))
          : null}
      </Fieldset>
    )
  return (
    <Field {...frame} htmlFor={id}>
      <SingleControl {...props} common={common} />
    </Field>
  )
}
