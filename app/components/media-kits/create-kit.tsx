// "Criar media kit": one click from a property (its id in a hidden field), or a choice of
// property on /media-kits. A plain POST to /media-kits: works without JavaScript.
import { Form } from 'react-router'
import { SubmitButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Select } from '~/components/ui/input'

const PENDING = 'Criando media kit…'

/** The property page's button. */
export function CreateKitButton({ homeId }: { homeId: number }) {
  return (
    <Form method="post" action="/media-kits" className="inline">
      <input type="hidden" name="home_id" value={homeId} />
      <SubmitButton variant="secondary" size="sm" pendingText={PENDING}>
        Criar media kit
      </SubmitButton>
    </Form>
  )
}

/** /media-kits: choose a property, then one click. */
export function CreateKitForm(props: {
  homes: { id: number; name: string; place: string }[]
  selected: number | null
  error: string | null
}) {
  return (
    <Form method="post" action="/media-kits" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <Field
        htmlFor="kit-home"
        label="Imóvel"
        errors={props.error ? [props.error] : undefined}
        errorId="kit-home-error"
        className="flex-1"
      >
        <Select
          id="kit-home"
          name="home_id"
          defaultValue={props.selected ?? ''}
          invalid={Boolean(props.error)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? 'kit-home-error' : undefined}
        >
          <option value="">Escolha um imóvel</option>
          {props.homes.map((home) => (
            <option key={home.id} value={home.id}>
              {home.place ? `${home.name} (${home.place})` : home.name}
            </option>
          ))}
        </Select>
      </Field>
      <SubmitButton pendingText={PENDING}>Criar media kit</SubmitButton>
    </Form>
  )
}
