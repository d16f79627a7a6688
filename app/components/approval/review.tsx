// The pieces of the review screen (/aprovacoes/{id}): the status, the decisions a role may take,
// the client link, and the history. Plain forms: all of it works without JavaScript.
import { Form } from 'react-router'
import { Button, LinkButton, SubmitButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { Input, Textarea } from '~/components/ui/input'
import { formatDateTime } from '~/domain/dates'
import { APPROVAL_STATUS_NAMES, STEP_NAMES, type ApprovalStatus } from '~/domain/team'

const STATUS_LOOKS: Record<ApprovalStatus, string> = {
  draft: 'bg-slate-100 text-slate-800',
  pending: 'bg-amber-100 text-amber-900',
  changes: 'bg-red-100 text-red-900',
  approved: 'bg-emerald-100 text-emerald-900',
}

export function StatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOKS[status]}`}>
      {APPROVAL_STATUS_NAMES[status]}
    </span>
  )
}

export type Step = { id: number; action: keyof typeof STEP_NAMES; actor: string; comment: string | null; at: string }

export function History({ steps }: { steps: Step[] }) {
  return (
    <section aria-labelledby="historico" className="mt-6">
      <h2 id="historico" className="text-lg font-semibold text-slate-900">
        Histórico
      </h2>
      {steps.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nenhuma etapa ainda.</p>
      ) : (
        <ol className="mt-2 space-y-3 border-l-2 border-slate-200 pl-4">
          {steps.map((step) => (
            <li key={step.id} className="text-sm">
              <p className="text-slate-900">
                <strong>{step.actor}</strong> {STEP_NAMES[step.action]}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </p>
              {step.comment ? (
                <blockquote className="mt-1 rounded-lg bg-slate-50 p-2 text-slate-800">{step.comment}</blockquote>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

export function Decisions({
  comment,
  errors,
  revision,
}: {
  comment: string
  errors: string[] | null
  /** The revision on screen: a decision about it decides nothing once the post has changed. */
  revision?: number
}) {
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-semibold text-slate-900">Sua decisão</h2>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="approve" />
        {revision ? <input type="hidden" name="revision" value={revision} /> : null}
        <SubmitButton block pendingText="Aprovando…">
          Aprovar
        </SubmitButton>
      </Form>
      <ChangeRequestForm comment={comment} errors={errors} revision={revision} />
    </Card>
  )
}

/** "Pedir ajuste" with its required comment: the reviewer's and the client's. */
export function ChangeRequestForm({
  comment,
  errors,
  revision,
}: {
  comment: string
  errors: readonly string[] | null
  revision?: number
}) {
  return (
    <Form method="post" className="mt-4 border-t border-slate-200 pt-4">
      <input type="hidden" name="intent" value="changes" />
      {revision ? <input type="hidden" name="revision" value={revision} /> : null}
      <Field
        htmlFor="comment"
        label="O que precisa mudar"
        required
        errors={errors}
        errorId="comment-error"
        hint="Quem fez o post recebe o comentário por e-mail."
        hintId="comment-hint"
      >
        <Textarea
          id="comment"
          name="comment"
          rows={3}
          defaultValue={comment}
          maxLength={1000}
          invalid={Boolean(errors?.length)}
          aria-describedby={errors?.length ? 'comment-error comment-hint' : 'comment-hint'}
        />
      </Field>
      <SubmitButton className="mt-3" block variant="secondary" pendingText="Enviando…">
        Pedir ajuste
      </SubmitButton>
    </Form>
  )
}

export type OpenLink = { id: number; expiresAt: string; current: boolean }

export function ClientLink({
  newLink,
  whatsapp,
  links,
}: {
  newLink: string | null
  whatsapp: string | null
  links: OpenLink[]
}) {
  return (
    <section id="cliente" aria-labelledby="cliente-titulo" className="mt-6">
      <h2 id="cliente-titulo" className="text-lg font-semibold text-slate-900">
        Aprovação do cliente
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        O cliente abre o link no celular, sem conta, vê o post como no Instagram e aprova ou pede ajustes. O link vale
        só para esta versão do post.
      </p>
      {newLink ? (
        <div className="mt-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3">
          <Field htmlFor="client-link" label="Link para o cliente (copie agora: ele não aparece de novo)">
            <Input id="client-link" readOnly value={newLink} className="font-mono text-xs" />
          </Field>
          {whatsapp ? (
            <LinkButton to={whatsapp} reloadDocument className="mt-3" block>
              Compartilhar no WhatsApp
            </LinkButton>
          ) : null}
        </div>
      ) : null}
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="client-link" />
        <SubmitButton variant="secondary" block pendingText="Criando o link…">
          Enviar para aprovação do cliente
        </SubmitButton>
      </Form>
      {links.length ? (
        <ul className="mt-3 space-y-2">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-slate-700">
                Link {link.current ? 'desta versão' : 'de uma versão anterior'}, válido até{' '}
                {formatDateTime(link.expiresAt)}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-link" />
                <input type="hidden" name="link" value={link.id} />
                <Button variant="link-danger" size="sm">
                  Cancelar link
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
