// The registration form's acceptance of the terms of use and the privacy policy: a box the
// person ticks (never pre-ticked), required by the browser and by the server schema.
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Link } from 'react-router'
import { FieldErrors } from '~/components/ui/field'

export function AcceptTermsField({ meta }: { meta: FieldMetadata<string | undefined> }) {
  const { key, ...props } = getInputProps(meta, { type: 'checkbox', value: 'on' })
  return (
    <div className="mb-4">
      <div className="flex min-h-11 items-start gap-2">
        <input key={key} {...props} className="mt-0.5 size-5 shrink-0 accent-brand-700" />
        <label htmlFor={meta.id} className="flex-1 self-stretch text-sm text-slate-700">
          Li e aceito os{' '}
          <Link to="/termos-de-uso" target="_blank" className="font-medium text-brand-700 underline">
            Termos de uso
          </Link>{' '}
          e a{' '}
          <Link to="/politica-de-privacidade" target="_blank" className="font-medium text-brand-700 underline">
            Política de privacidade
          </Link>
        </label>
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
