// "Forma de pagamento" on /plano/contratar: card, Pix or boleto (those the account offers), each
// with what it means beside it; the error the server found under them (ADR 309).
import { Radio } from '~/components/ui/choice'
import { Fieldset } from '~/components/ui/field'
import { PAYMENT_METHOD_NAMES, PAYMENT_METHOD_NOTES, type PaymentMethod } from '~/domain/payment-methods'

export function PaymentChoice({
  methods,
  chosen,
  errors,
}: {
  methods: readonly PaymentMethod[]
  chosen: string
  errors?: readonly string[] | null
}) {
  return (
    <Fieldset
      label="Forma de pagamento"
      errors={errors}
      errorId="forma-de-pagamento-erro"
      describedBy={errors?.length ? 'forma-de-pagamento-erro' : undefined}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="grid gap-3 md:grid-cols-3">
        {methods.map((method) => (
          <div key={method}>
            <Radio
              name="payment_method"
              value={method}
              defaultChecked={method === chosen}
              aria-describedby={`nota-${method}`}
              aria-invalid={errors?.length ? true : undefined}
              labelClassName="font-semibold"
            >
              {PAYMENT_METHOD_NAMES[method]}
            </Radio>
            <p id={`nota-${method}`} className="text-sm text-slate-600">
              {PAYMENT_METHOD_NOTES[method]}
            </p>
          </div>
        ))}
      </div>
    </Fieldset>
  )
}
