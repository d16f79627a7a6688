// The caption field with Instagram's counts: characters (an emoji counts as one) out of 2,200,
// hashtags with a warning above 5, mentions. Counted on the server for the first paint and live
// as the agent types once JavaScript runs; line breaks are kept as typed.
import { useState } from 'react'
import { Field } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { CAPTION_MAX, MAX_REACH_HASHTAGS, captionProblems, captionStats } from '~/domain/scheduling'

export function CaptionEditor({
  defaultValue,
  errors,
  rows = 8,
}: {
  defaultValue: string
  errors?: string[]
  rows?: number
}) {
  const [text, setText] = useState(defaultValue)
  const stats = captionStats(text)
  const { warnings } = captionProblems(text)
  const over = stats.characters > CAPTION_MAX
  return (
    <Field htmlFor="caption" label="Legenda" errors={errors} errorId="caption-erros">
      <Textarea
        id="caption"
        name="caption"
        rows={rows}
        value={text}
        onChange={(event) => setText(event.target.value)}
        invalid={!!errors?.length || over}
        aria-describedby="caption-contagem caption-erros"
      />
      <p id="caption-contagem" className="mt-1 flex flex-wrap gap-x-4 text-sm text-slate-600" aria-live="polite">
        <span className={over ? 'font-semibold text-red-800' : undefined}>
          {stats.characters.toLocaleString('pt-BR')} / {CAPTION_MAX.toLocaleString('pt-BR')} caracteres
        </span>
        <span className={stats.hashtags.length > MAX_REACH_HASHTAGS ? 'font-semibold text-amber-800' : undefined}>
          {stats.hashtags.length} {stats.hashtags.length === 1 ? 'hashtag' : 'hashtags'}
        </span>
        <span>
          {stats.mentions.length} {stats.mentions.length === 1 ? 'menção' : 'menções'}
          {stats.mentions.length ? `: ${stats.mentions.join(', ')}` : ''}
        </span>
      </p>
      {warnings.map((warning) => (
        <p key={warning} className="mt-1 text-sm text-amber-800">
          {warning}
        </p>
      ))}
    </Field>
  )
}
