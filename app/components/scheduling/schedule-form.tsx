// /agendar-posts/agendamento's two forms: pick a post (GET, so it works without JS), then the
// accounts, São Paulo date and time and the caption (POST).
import { Form } from 'react-router'
import { Button, SubmitButton } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/choice'
import { Field, Fieldset, FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { BEST_TIMES } from '~/domain/scheduling'
import { CaptionEditor } from './caption-editor'

type Errors = Partial<Record<string, string[]>>
type Values = { date: string; time: string; caption: string; account_ids: string[] }

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
      <SubmitButton pendingText="Conferindo e agendando…">Agendar</SubmitButton>
    </Form>
  )
}
