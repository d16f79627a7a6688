// /minha-conta/plano: the customer's latest invoices at the payment provider.
import { formatBRL } from '~/domain/money'

export type InvoiceItem = {
  id: string
  number: string | null
  date: string
  amount: number
  status: string | null
  url: string | null
  /** "Pago com Pix", "Cartão final 4242"; null when not paid or not known. */
  paidWith: string | null
}

const STATUS: Record<string, string> = {
  paid: 'Paga',
  open: 'Em aberto',
  void: 'Cancelada',
  uncollectible: 'Não paga',
  draft: 'Rascunho',
}

export function InvoiceList({ invoices }: { invoices: InvoiceItem[] }) {
  return (
    <section aria-labelledby="faturas" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="faturas" className="text-lg font-bold text-slate-900">
        Faturas
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhuma fatura ainda.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2 text-sm">
              <span className="text-slate-800">
                {invoice.date} · {formatBRL(invoice.amount)} · {STATUS[invoice.status ?? ''] ?? invoice.status ?? ''}
                {invoice.paidWith ? ` · ${invoice.paidWith}` : ''}
              </span>
              {invoice.url ? (
                <a href={invoice.url} className="font-semibold text-brand-700 hover:underline" rel="noreferrer">
                  Ver fatura {invoice.number ?? ''}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
