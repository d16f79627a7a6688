// The listing page's lead form: name, phone, message, the LGPD consent and a honeypot. A plain
// POST (no JavaScript on the public pages): bad input comes back beside the field, values kept.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { z } from 'zod'
import { Honeypot } from '~/components/auth/honeypot'
import { TextField, TextareaField } from '~/components/ui/conform-fields'
import { FieldErrors, FormErrors } from '~/components/ui/field'
import type { LeadSchema } from '~/domain/leads'

export function LeadForm({
  result,
  sent,
  from,
  homeName,
  consentText,
}: {
  result: SubmissionResult<string[]> | undefined
  sent: boolean
  from: string
  homeName: string
  /** Who receives the data and what for (LGPD), word for word what is stored with the lead. */
  consentText: string
}) {
  const [form, fields] = useForm<z.input<typeof LeadSchema>>({ lastResult: result, id: 'lead-form' })
  if (sent) {
    return (
      <p role="status" className="rounded-xl bg-green-50 p-4 text-green-900">
        Mensagem enviada! O corretor vai falar com você em breve.
      </p>
    )
  }
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="lead-form-title" className="relative">
      <h2 id="lead-form-title" className="text-lg font-bold text-slate-900">
        Tenho interesse
      </h2>
      <p className="mb-4 text-sm text-slate-700">Deixe seu contato e o corretor responde sobre “{homeName}”.</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Honeypot />
      <input type="hidden" name="de" value={from} />
      <TextField className="mb-4" meta={fields.name} label="Nome" required autoComplete="name" />
      <TextField
        className="mb-4"
        meta={fields.phone}
        label="Telefone"
        type="tel"
        inputMode="tel"
        required
        autoComplete="tel"
        placeholder="(11) 98765-4321"
      />
      <TextareaField meta={fields.message} label="Mensagem" rows={3} />
      <div className="mt-4">
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            name="consent"
            value="on"
            defaultChecked={fields.consent.initialValue === 'on'}
            aria-invalid={fields.consent.errors?.length ? true : undefined}
            aria-describedby={fields.consent.errors?.length ? fields.consent.errorId : undefined}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400"
          />
          <span>
            {consentText} Veja a{' '}
            <a href="/politica-de-privacidade" className="font-medium underline">
              política de privacidade
            </a>
            .
          </span>
        </label>
        <FieldErrors id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>
      <button
        type="submit"
        className="mt-4 min-h-12 w-full rounded-xl bg-slate-900 px-5 font-semibold text-white hover:bg-slate-800"
      >
        Enviar
      </button>
    </Form>
  )
}
