// /agendar-posts/agendamento's two forms: pick a post (GET, so it works without JS), then the
// accounts, São Paulo date and time and the caption (POST).
import { Form } from 'react-router'
import { Button, SubmitButton } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { Field, Fieldset, FormErrors } from '~/components/ui/field'
import { Input, Select, Textarea } from '~/components/ui/input'
import { ALT_TEXT_MAX, BEST_TIMES, type ScheduleValues } from '~/domain/scheduling'
import { COLLABORATORS_MAX } from '~/domain/publishing-details'
import { CaptionEditor } from './caption-editor'

type Errors = Partial<Record<string, string[]>>
type Values = ScheduleValues

export function PostPicker({ posts, selected }: { posts: { id: number; label: string }[]; selected: number | null }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <Field htmlFor="post" label="Post" className="min-w-0 flex-1">
        <Select id="post" name="post" defaultValue={selected ?? ''}>
          <option value="" disabled>
            Escolha um post do histórico
          </option>
          {posts.map((post) => (
            <option key={post.id} value={post.id}>
              {post.label}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" variant="secondary">
        Escolher post
      </Button>
    </Form>
  )
}

export function PostItems({ items, errors }: { items: { label: string; src: string }[]; errors?: string[] }) {
  return (
    <div>
      <ol className="flex snap-x gap-2 overflow-x-auto pb-2" aria-label="Imagens que serão publicadas">
        {items.slice(0, 10).map((item) => (
          <li key={item.src} className="shrink-0 snap-start text-center text-xs text-slate-600">
            <img src={item.src} alt={item.label} className="h-32 w-auto rounded-lg border border-slate-200" />
            <span className="mt-1 block max-w-28 truncate">{item.label}</span>
          </li>
        ))}
      </ol>
      <FormErrors id="slides-erros" errors={errors} />
    </div>
  )
}

function When({ values, errors, today, maxDate }: { values: Values; errors: Errors; today: string; maxDate: string }) {
  const timeErrors = [...(errors.publish_at ?? []), ...(errors.time ?? [])]
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field htmlFor="date" label="Data" required errors={errors.date} errorId="date-erros">
        <Input
          id="date"
          name="date"
          type="date"
          required
          min={today}
          max={maxDate}
          defaultValue={values.date}
          invalid={!!errors.date}
        />
      </Field>
      <Field
        htmlFor="time"
        label="Horário (Brasília)"
        required
        errors={timeErrors.length ? timeErrors : undefined}
        errorId="time-erros"
        hint={`Bons horários para imóveis: ${BEST_TIMES.join(', ')}.`}
      >
        <Input id="time" name="time" type="time" required defaultValue={values.time} invalid={timeErrors.length > 0} />
      </Field>
    </div>
  )
}

export function ScheduleForm(props: {
  postId: number
  accounts: { id: number; name: string }[]
  values: Values
  errors: Errors
  today: string
  maxDate: string
  /** The images that go out, in order: each gets its alt text. */
  images: { label: string }[]
  /** Stories carry no caption, alt text, comment or collaborators. */
  story: boolean
}) {
  const { values, errors } = props
  const accountErrors = [...(errors.account_ids ?? []), ...(errors.account ?? [])]
  return (
    <Form method="post" className="space-y-5">
      <input type="hidden" name="post_id" value={props.postId} />
      <FormErrors id="post-erros" errors={errors.post_id} />
      <Fieldset
        label="Contas"
        required
        errors={accountErrors.length ? accountErrors : undefined}
        errorId="contas-erros"
      >
        <div className="space-y-1">
          {props.accounts.map((account) => (
            <Checkbox
              key={account.id}
              name="account_ids"
              value={account.id}
              defaultChecked={values.account_ids.includes(String(account.id))}
            >
              {account.name}
            </Checkbox>
          ))}
        </div>
      </Fieldset>
      <When values={values} errors={errors} today={props.today} maxDate={props.maxDate} />
      <CaptionEditor defaultValue={values.caption} errors={errors.caption} />
      {props.story ? null : <Details images={props.images} values={values} errors={errors} />}
      <SubmitButton pendingText="Conferindo e agendando…">Agendar</SubmitButton>
    </Form>
  )
}

/** What goes with a feed post or carousel besides its caption (issue 63). */
function Details({ images, values, errors }: { images: { label: string }[]; values: Values; errors: Errors }) {
  return (
    <>
      <Fieldset
        label="Texto alternativo das imagens"
        errors={errors.alt_text}
        errorId="alt-text-erros"
        hint="Lido em voz alta para quem não vê a imagem. Já vem escrito a partir do imóvel: ajuste se quiser."
      >
        <div className="space-y-3">
          {images.slice(0, 10).map((image, i) => (
            <Field key={i} htmlFor={`alt_text_${i}`} label={`Imagem ${i + 1}: ${image.label}`}>
              <Textarea
                id={`alt_text_${i}`}
                name="alt_texts"
                rows={2}
                maxLength={ALT_TEXT_MAX}
                defaultValue={values.alt_texts[i] ?? ''}
              />
            </Field>
          ))}
        </div>
      </Fieldset>
      <Field
        htmlFor="first_comment"
        label="Primeiro comentário (opcional)"
        errors={errors.first_comment}
        errorId="first-comment-erros"
        hint="Publicado logo depois do post: hashtags ou a linha do CRECI, fora da legenda."
      >
        <Textarea
          id="first_comment"
          name="first_comment"
          rows={3}
          defaultValue={values.first_comment}
          invalid={!!errors.first_comment}
          aria-describedby="first-comment-erros"
        />
      </Field>
      <Field
        htmlFor="collaborators"
        label="Colaboradores (opcional)"
        errors={errors.collaborators}
        errorId="collaborators-erros"
        hint={`Até ${COLLABORATORS_MAX} usuários do Instagram, separados por vírgula: a imobiliária, um parceiro, a incorporadora.`}
      >
        <Input
          id="collaborators"
          name="collaborators"
          placeholder="@imobiliaria, @parceiro"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          defaultValue={values.collaborators}
          invalid={!!errors.collaborators}
          aria-describedby="collaborators-erros"
        />
      </Field>
    </>
  )
}
