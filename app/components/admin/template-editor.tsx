// The admin's template editor: the template's data, its fields (field-editor.tsx) and its
// prompts, in one plain form. Without JavaScript every button posts and the server answers with
// the edited draft; with JavaScript the same form also feeds the live preview as it changes.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { FormErrors } from '~/components/ui/field'
import { FormSection } from '~/components/ui/card'
import { formDataToValues } from '~/domain/fields/values'
import { TEMPLATE_FORMAT_LABELS, type TemplateFormat } from '~/domain/post-plan'
import { PROMPT_ROLE_LABELS, readDraft, type TemplateDraft } from '~/domain/template-draft'
import { Choose, TextArea, TextInput, type Errors } from './editor-inputs'
import { FieldListEditor } from './field-editor'

export type EditorProps = {
  draft: TemplateDraft
  errors: Errors
  formError: string | null
  formKey: string
  categories: Array<{ slug: string; name: string }>
  icons: string[]
  /** `{{home.name}}`, `{{agent.name}}`…: what a prompt may say (the fields' own come from the draft). */
  placeholders: string[]
  onDraftChange?: (draft: TemplateDraft) => void
}

/** The draft the form holds now (the editor's own `_` inputs left out). */
export function draftOfForm(form: HTMLFormElement): TemplateDraft {
  const values = formDataToValues(new FormData(form))
  for (const key of Object.keys(values)) if (key.startsWith('_')) delete values[key]
  return readDraft(values)
}

export function TemplateEditor(props: EditorProps) {
  const { draft, errors, formError, formKey, onDraftChange } = props
  const topNames = draft.fields.map((field) => field.name).filter(Boolean)
  return (
    <Form
      key={formKey}
      method="post"
      noValidate
      className="space-y-6"
      onChange={(event) => onDraftChange?.(draftOfForm(event.currentTarget))}
    >
      <input type="hidden" name="_form" value="editor" />
      {/* Enter in a text box saves, rather than pressing the first list button. */}
      <button type="submit" name="_intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
        Salvar
      </button>
      <FormErrors errors={formError ? [formError] : null} />
      <TemplateBasics {...props} />
      <FormSection
        id="campos"
        title="Campos do formulário"
        intro="O que o corretor preenche. Condições mostram um campo só quando as respostas pedem."
      >
        <FieldListEditor list="fields" fields={draft.fields} errors={errors} outerNames={[]} depth={0} />
      </FormSection>
      <PromptsEditor
        draft={draft}
        errors={errors}
        placeholders={[...props.placeholders, ...topNames.map((name) => `{{fields.${name}}}`)]}
      />
      <div className="flex flex-wrap gap-3">
        <Button name="_intent" value="save">
          Salvar modelo
        </Button>
        <Button variant="secondary" name="_intent" value="refresh" formNoValidate>
          Atualizar pré-visualização
        </Button>
      </div>
    </Form>
  )
}

function TemplateBasics({ draft, errors, categories, icons }: EditorProps) {
  const formats = Object.entries(TEMPLATE_FORMAT_LABELS).map(([value, label]) => ({ value, label }))
  return (
    <FormSection id="dados" title="Dados do modelo">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput name="name" label="Nome do modelo" defaultValue={draft.name} errors={errors} required />
        <Choose
          name="category"
          label="Categoria"
          defaultValue={draft.category}
          errors={errors}
          options={[
            { value: '', label: 'Sem categoria' },
            ...categories.map((c) => ({ value: c.slug, label: c.name })),
          ]}
        />
        <TextArea
          name="description"
          label="Descrição"
          defaultValue={draft.description}
          errors={errors}
          className="sm:col-span-2"
          rows={2}
        />
        <Choose
          name="format"
          label="Formato"
          defaultValue={draft.format as TemplateFormat}
          errors={errors}
          options={formats}
        />
        <Choose
          name="icon"
          label="Ícone"
          defaultValue={draft.icon}
          errors={errors}
          options={[{ value: '', label: 'Nenhum' }, ...icons.map((icon) => ({ value: icon, label: icon }))]}
        />
        <TextInput name="color" label="Cor" type="color" defaultValue={draft.color || '#0f766e'} errors={errors} />
        <div>
          <Checkbox name="needs_home" defaultChecked={draft.needs_home}>
            Pede um imóvel
          </Checkbox>
          <Checkbox name="featured" defaultChecked={draft.featured}>
            Destaque na lista
          </Checkbox>
        </div>
      </div>
    </FormSection>
  )
}

function PromptsEditor({
  draft,
  errors,
  placeholders,
}: {
  draft: TemplateDraft
  errors: Errors
  placeholders: string[]
}) {
  const roles = Object.entries(PROMPT_ROLE_LABELS).map(([value, label]) => ({ value, label }))
  return (
    <FormSection
      id="prompts"
      title="Prompts"
      intro="As mensagens enviadas à IA. Use os marcadores para trazer dados do imóvel, do corretor e das respostas."
    >
      <FormErrors errors={errors.prompts ?? null} />
      {draft.prompts.map((prompt, index) => (
        <fieldset key={index} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Prompt {index + 1}</legend>
          <Choose
            name={`prompts[${index}].role`}
            label="Papel"
            defaultValue={prompt.role}
            errors={errors}
            options={roles}
          />
          <TextArea
            name={`prompts[${index}].content`}
            label="Conteúdo"
            rows={5}
            defaultValue={prompt.content}
            errors={errors}
            className="mt-3"
          />
          <Button
            variant="danger-outline"
            size="sm"
            className="mt-3"
            name="_intent"
            value={`remove-prompt:${index}`}
            formNoValidate
            aria-label={`Remover prompt ${index + 1}`}
          >
            Remover prompt
          </Button>
        </fieldset>
      ))}
      <Button variant="secondary" size="sm" name="_intent" value="add-prompt" formNoValidate>
        Adicionar prompt
      </Button>
      <details>
        <summary className="cursor-pointer py-3 text-sm font-medium text-brand-700">Marcadores disponíveis</summary>
        <p className="mt-2 text-xs text-slate-600">
          Escreva {'{{home.price | "sob consulta"}}'} para um texto quando o dado faltar. Uma linha cujos marcadores
          ficam vazios é removida.
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {placeholders.map((placeholder) => (
            <li key={placeholder}>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{placeholder}</code>
            </li>
          ))}
        </ul>
      </details>
    </FormSection>
  )
}
