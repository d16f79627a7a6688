// Stripe's embedded checkout, on /plano/contratar only: this module (and Stripe.js with it) is
// loaded with React.lazy when a plan is chosen with JavaScript on and Stripe configured, so
// its bytes stay off every other page (ADR 083).
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useCallback, useState } from 'react'
import { BILLING_MESSAGES } from '~/domain/billing'

let stripePromise: { key: string; promise: Promise<Stripe | null> } | null = null

function stripeFor(publishableKey: string) {
  if (stripePromise?.key !== publishableKey)
    stripePromise = { key: publishableKey, promise: loadStripe(publishableKey) }
  return stripePromise.promise
}

export default function EmbeddedCheckoutPanel({
  publishableKey,
  lookupKey,
  paymentMethod,
  planName,
  onClose,
}: {
  publishableKey: string
  lookupKey: string
  paymentMethod: string
  planName: string
  onClose: () => void
}) {
  const [failed, setFailed] = useState(false)
  const fetchClientSecret = useCallback(async () => {
    try {
      const response = await fetch('/api/checkout', {
        method: 'POST',
        body: new URLSearchParams({ lookupKey, payment_method: paymentMethod, mode: 'embedded' }),
        headers: { Accept: 'application/json' },
      })
      const body = (await response.json()) as { clientSecret?: string; url?: string; error?: string }
      if (body.url && !body.clientSecret) {
        // Answered with a page to go to (a subscriber is sent elsewhere): follow it.
        window.location.assign(body.url)
      }
      if (!response.ok || !body.clientSecret) throw new Error(body.error ?? 'no client secret')
      return body.clientSecret
    } catch (error) {
      setFailed(true)
      throw error
    }
  }, [lookupKey, paymentMethod])

  return (
    <section
      aria-labelledby="titulo-pagamento"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="titulo-pagamento" className="text-lg font-bold text-slate-900">
          Pagamento do plano {planName}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
        >
          Escolher outro plano
        </button>
      </div>
      {failed ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {BILLING_MESSAGES.checkoutAccess}
        </p>
      ) : (
        <EmbeddedCheckoutProvider stripe={stripeFor(publishableKey)} options={{ fetchClientSecret }}>
          <EmbeddedCheckout />
        </EmbeddedCheckoutProvider>
      )}
    </section>
  )
}
