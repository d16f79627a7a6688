// The checkout form of /plano/contratar (ADR 309), apart from the labels so that zod stays out of
// the pages that only show them.
import { z } from 'zod'
import { LOOKUP_KEY_PATTERN } from './billing'
import { PAYMENT_METHODS } from './payment-methods'

/** The checkout form's choice: a plan's price and how to pay it. */
export const CheckoutChoiceSchema = z.object({
  lookupKey: z.string({ error: 'Escolha um plano.' }).regex(LOOKUP_KEY_PATTERN, 'Escolha um plano.'),
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Escolha como pagar: cartão, Pix ou boleto.' }),
})
