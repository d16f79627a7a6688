// /minha-conta/plano while a boleto or Pix is not paid yet (ADR 309): the plan waiting, the due
// date, the code to copy (a read-only field anyone can select; "Copiar" once JavaScript runs),
// the provider's page when there is one, and, in the demo, the button that pays it.
import { useEffect, useState } from 'react'
import { Form } from 'react-router'

export type AwaitingPayment = {
  planName: string
  method: 'pix' | 'boleto' | 'card'
  dueDate: string | null
  overdue: boolean
  code: string | null
  url: string | null
  /** The demo's "Simular pagamento" (the payer, demo billing). */
  demo: boolean
}

function CopyButton({ text }: { text: string }) {
  const [ready, setReady] = useState(false)
  const [copied, setCopied] = useState(false)
  useEffect(() => setReady(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), [])
  if (!ready) return null
  return (
    <button
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text)
          setCopied(true)
        } catch {
          setCopied(false)
        }
      }}
      className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      {copied ? 'Copiado' : 'Copiar'}
    </button>
  )
}

export function AwaitingPaymentPanel({ awaiting }: { awaiting: AwaitingPayment }) {
  const pix = awaiting.method === 'pix'
  const codeLabel = pix ? 'Pix copia e cola' : 'Linha digitável do boleto'
  return (
    <section
      aria-labelledby="aguardando-pagamento"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6 shadow-sm"
    >
      <h2 id="aguardando-pagamento" className="text-lg font-bold text-amber-950">
        Aguardando pagamento
      </h2>
      <p className="mt-1 text-slate-800">
        Plano {awaiting.planName}, {pix ? 'por Pix' : 'por boleto'}.{' '}
        {awaiting.dueDate
          ? awaiting.overdue
            ? `Venceu em ${awaiting.dueDate}.`
            : `Vencimento: ${awaiting.dueDate}.`
          : null}
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {awaiting.overdue
          ? 'Este pagamento não pode mais ser feito. Escolha o plano de novo para gerar outro.'
          : 'Os recursos do plano são liberados assim que o pagamento for confirmado; até lá, valem os limites do plano Gratuito.'}
      </p>
      {awaiting.code && !awaiting.overdue ? (
        <div className="mt-4">
          <label htmlFor="codigo-pagamento" className="text-sm font-medium text-slate-800">
            {codeLabel}
          </label>
          <div className="mt-1 flex flex-wrap gap-2">
            <input
              id="codigo-pagamento"
              readOnly
              value={awaiting.code}
              className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
            />
            <CopyButton text={awaiting.code} />
          </div>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {awaiting.url && !awaiting.overdue ? (
          <a href={awaiting.url} rel="noreferrer" className="font-semibold text-brand-700 hover:underline">
            {pix ? 'Ver o Pix' : 'Ver o boleto'}
          </a>
        ) : null}
        {awaiting.demo && !awaiting.overdue ? (
          <Form method="post" action="/plano/pagamento-demo">
            <input type="hidden" name="_intent" value="pay" />
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
            >
              Simular pagamento (demonstração)
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  )
}
