// The live preview of a template being edited: the very form agents will see (TemplateForm),
// built from the draft. It is also the test: "Gerar post de teste" generates a post with the
// draft against one of the admin's own properties, through the usual generation workflow.
import { Button } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { TemplateForm } from '~/components/template-fields/template-form'
import type { FormHome } from '~/components/template-fields/controls'
import { defaultValues } from '~/domain/fields/values'
import { HOME_FIELD } from '~/domain/fields/template-fields'
import type { FormValues } from '~/domain/fields/types'
import { previewFields, type TemplateDraft } from '~/domain/template-draft'

export type PreviewState = {
  values: FormValues
  errors: Record<string, string[]>
  notice: string | null
  formError: string | null
  formKey: string
}

type Props = {
  draft: TemplateDraft
  homes: FormHome[]
  /** Only a saved template can be tested (its posts point at it). */
  canTest: boolean
  state: PreviewState | null
}

export function TemplatePreview({ draft, homes, canTest, state }: Props) {
  const own = previewFields(draft)
  const fields = draft.needs_home && !own.some((field) => field.type === 'home') ? [HOME_FIELD, ...own] : own
  const homeField = fields.find((field) => field.type === 'home')?.name
  return (
    <Card as="section" aria-labelledby="previa">
      <h2 id="previa" className="text-lg font-semibold text-slate-900">
        Pré-visualização
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        O formulário como o corretor vai ver. Preencha e gere um post de teste com um dos seus imóveis.
      </p>
      {draft.needs_home && homes.length === 0 ? (
        <Notice tone="warning" className="mb-4">
          Cadastre um imóvel na sua conta para testar modelos que pedem um imóvel.
        </Notice>
      ) : null}
      <TemplateForm
        formKey={state?.formKey ?? 'previa'}
        fields={fields}
        initialValues={state?.values ?? defaultValues(fields)}
        errors={state?.errors ?? {}}
        homes={homes}
        homeField={homeField}
        notice={state?.notice}
        formError={state?.formError}
      >
        <input type="hidden" name="_form" value="preview" />
        <input type="hidden" name="_draft" value={JSON.stringify(draft)} />
        {canTest ? (
          <Button name="_intent" value="generate">
            Gerar post de teste
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Salve o modelo para gerar um post de teste.</p>
        )}
      </TemplateForm>
    </Card>
  )
}
