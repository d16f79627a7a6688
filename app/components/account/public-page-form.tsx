// The public page's address on /minha-conta/marca (ADR 223): /c/{handle}, unique, reserved
// words refused, and the noindex switch. A plain POST to ?pagina; bad input answers 400 beside
// the field with the typed value kept.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { SubmitButton } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { TextField } from '~/components/ui/conform-fields'
import { FormErrors } from '~/components/ui/field'

export function PublicPageForm({
  saved,
  result,
}: {
  saved: { handle: string; noindex: boolean } | null
  result: SubmissionResult<string[]> | undefined
}) {
  const [form, fields] = useForm({
    id: 'public-page',
    lastResult: result,
    defaultValue: { handle: saved?.handle ?? '', noindex: saved?.noindex ? 'on' : '' },
  })
  return (
    <section aria-labelledby="pagina-publica" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="pagina-publica" className="text-xl font-bold text-slate-900">
        Página pública
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Um endereço curto para o link da bio: sua marca, seu CRECI, seu WhatsApp e seus imóveis ativos. Seu e-mail nunca
        aparece.
      </p>
      {saved ? (
        <p className="mt-2 text-sm text-slate-800">
          Sua página:{' '}
          <a href={`/c/${saved.handle}`} className="font-semibold text-brand-700 underline">
            /c/{saved.handle}
          </a>
        </p>
      ) : null}
      <Form method="post" action="?pagina" {...getFormProps(form)} className="mt-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          className="mb-4"
          meta={fields.handle}
          label="Endereço da página"
          prefix="/c/"
          placeholder="ana-souza"
          hint="De 3 a 30 caracteres: letras, números e hífens."
          maxLength={40}
        />
        <Checkbox name="noindex" value="on" defaultChecked={fields.noindex.initialValue === 'on'}>
          Não aparecer no Google e em outros buscadores (noindex)
        </Checkbox>
        <div className="mt-4">
          <SubmitButton pendingText="Salvando…">Salvar página pública</SubmitButton>
        </div>
      </Form>
    </section>
  )
}
