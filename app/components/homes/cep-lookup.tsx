// The CEP box of the property form and its "Buscar CEP" button. Without JavaScript the button
// posts the form and it comes back with the address filled; with JavaScript the lookup happens
// in place, by the button or as soon as 8 digits are typed. The button posts to "?etapa=local#busca-cep":
// the page comes back scrolled to the CEP, not to the top of a long form (ADR 179).
import { useCallback, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/conform-fields'
import type { FieldMetadata } from '@conform-to/react'

export type CepAddress = { street: string; neighborhood: string; city: string; state: string }

/** Looks a CEP up on /imoveis/cep and hands the address over; `status` says how it went. */
export function useCepLookup(fill: (address: CepAddress) => void) {
  const [status, setStatus] = useState<string | null>(null)
  const lookup = useCallback(
    async (value: string) => {
      const digits = value.replace(/\D/g, '')
      if (digits.length !== 8) return
      setStatus('Buscando endereço…')
      try {
        const response = await fetch(`/imoveis/cep/${digits}`)
        const json = (await response.json()) as { address?: CepAddress; message?: string }
        if (json.address) {
          fill(json.address)
          setStatus('Endereço preenchido pelo CEP.')
        } else setStatus(json.message ?? null)
      } catch {
        setStatus('Não foi possível consultar o CEP agora. Preencha o endereço.')
      }
    },
    [fill],
  )
  return { status, lookup }
}

export function CepRow({
  meta,
  formId,
  fill,
}: {
  meta: FieldMetadata<unknown>
  formId: string
  fill: (address: CepAddress) => void
}) {
  const { status, lookup } = useCepLookup(fill)
  return (
    <div id="busca-cep" className="flex scroll-mt-4 flex-wrap items-end gap-3">
      <div className="w-44">
        <TextField
          meta={meta}
          label="CEP"
          required
          inputMode="numeric"
          placeholder="00000-000"
          autoComplete="postal-code"
          maxLength={9}
        />
      </div>
      <Button
        variant="secondary"
        size="sm"
        name="intent"
        value="cep"
        formNoValidate
        formAction="?etapa=local#busca-cep"
        onClick={(event) => {
          const input = event.currentTarget.form?.elements.namedItem('zipcode')
          if (input instanceof HTMLInputElement) {
            event.preventDefault()
            void lookup(input.value)
          }
        }}
      >
        Buscar CEP
      </Button>
      <ZipcodeWatcher name={meta.name} formId={formId} onComplete={lookup} />
      {status ? (
        <p role="status" className="mb-2 text-sm text-slate-600">
          {status}
        </p>
      ) : null}
    </div>
  )
}

/** With JavaScript: watches the CEP input and looks it up once it has 8 digits. */
function ZipcodeWatcher({
  name,
  formId,
  onComplete,
}: {
  name: string
  formId: string
  onComplete: (v: string) => void
}) {
  useEffect(() => {
    const input = document.getElementById(formId)?.querySelector<HTMLInputElement>(`input[name="${name}"]`)
    if (!input) return
    let last = input.value.replace(/\D/g, '')
    const handler = () => {
      const digits = input.value.replace(/\D/g, '')
      if (digits.length === 8 && digits !== last) onComplete(input.value)
      last = digits
    }
    input.addEventListener('input', handler)
    return () => input.removeEventListener('input', handler)
  }, [name, formId, onComplete])
  return null
}
