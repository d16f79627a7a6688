// The editor and its live preview side by side: the preview follows the editor's form as it
// changes (JavaScript), and the server's answer to every button (without it).
import { useState } from 'react'
import type { FormHome } from '~/components/template-fields/controls'
import type { TemplateDraft } from '~/domain/template-draft'
import { TemplateEditor } from './template-editor'
import { TemplatePreview, type PreviewState } from './template-preview'

export type EditorReplyView = {
  draft: TemplateDraft
  errors: Record<string, string[]>
  formError: string | null
  formKey: string
  preview: PreviewState | null
}

type Props = {
  draft: TemplateDraft
  reply: EditorReplyView | null
  categories: Array<{ slug: string; name: string }>
  icons: string[]
  placeholders: string[]
  homes: FormHome[]
  canTest: boolean
}

export function TemplateEditorPage({ draft: saved, reply, categories, icons, placeholders, homes, canTest }: Props) {
  const draft = reply?.draft ?? saved
  const formKey = reply?.formKey ?? 'inicial'
  const [live, setLive] = useState({ key: formKey, draft })
  const current = live.key === formKey ? live.draft : draft
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <TemplateEditor
        draft={draft}
        errors={reply?.errors ?? {}}
        formError={reply?.formError ?? null}
        formKey={formKey}
        categories={categories}
        icons={icons}
        placeholders={placeholders}
        onDraftChange={(next) => setLive({ key: formKey, draft: next })}
      />
      <div className="lg:sticky lg:top-4 lg:self-start">
        <TemplatePreview draft={current} homes={homes} canTest={canTest} state={reply?.preview ?? null} />
      </div>
    </div>
  )
}
