// The parts of /minha-conta/equipe: the people, the invites that wait, the invite form and the
// approval setting. The owner's controls are plain forms; the others see the list only.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { Button, SubmitButton } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { SelectField, TextField } from '~/components/ui/conform-fields'
import { Field, FormErrors } from '~/components/ui/field'
import { Input, Select } from '~/components/ui/input'
import { formatDateTime } from '~/domain/dates'
import { inviteSchema, ROLE_NAMES, type AccountRole } from '~/domain/team'

export type Person = { id: string; name: string | null; email: string; role: AccountRole; readOnly?: boolean }
export type Invite = { id: number; email: string; role: 'gestor' | 'corretor'; expiresAt: string; expired: boolean }

const ROLE_OPTIONS = [
  { value: 'corretor', label: 'Corretor' },
  { value: 'gestor', label: 'Gestor' },
]

export function People({ people, manage, self }: { people: Person[]; manage: boolean; self: string }) {
  return (
    <ul className="mt-3 divide-y divide-slate-200">
      {people.map((person) => (
        <li key={person.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {person.name || person.email}
              {person.id === self ? <span className="text-slate-500"> (você)</span> : null}
            </p>
            <p className="truncate text-sm text-slate-600">{person.email}</p>
            {person.readOnly ? <p className="text-sm font-medium text-amber-800">Somente leitura</p> : null}
          </div>
          {manage && person.role !== 'owner' ? (
            <div className="flex flex-wrap items-center gap-2">
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="role" />
                <input type="hidden" name="member" value={person.id} />
                <label className="sr-only" htmlFor={`role-${person.id}`}>
                  Papel de {person.name || person.email}
                </label>
                <Select id={`role-${person.id}`} name="role" defaultValue={person.role} controlSize="sm">
                  <option value="corretor">Corretor</option>
                  <option value="gestor">Gestor</option>
                </Select>
                <Button variant="secondary" size="sm">
                  Salvar papel
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="member" value={person.id} />
                <Button
                  variant="danger-outline"
                  size="sm"
                  aria-label={`Remover ${person.name ? `${person.name} (${person.email})` : person.email}`}
                >
                  Remover
                </Button>
              </Form>
            </div>
          ) : (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
              {ROLE_NAMES[person.role]}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

export function PendingInvites({ invites }: { invites: Invite[] }) {
  if (invites.length === 0) return null
  return (
    <section aria-labelledby="convites" className="mt-6">
      <h3 id="convites" className="font-semibold text-slate-900">
        Convites pendentes
      </h3>
      <ul className="mt-2 divide-y divide-slate-200">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-slate-900">{invite.email}</p>
              <p className="text-slate-600">
                {ROLE_NAMES[invite.role]} ·{' '}
                {invite.expired ? 'expirado' : `vale até ${formatDateTime(invite.expiresAt)}`}
              </p>
            </div>
            <div className="flex gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="id" value={invite.id} />
                <Button variant="secondary" size="sm" aria-label={`Reenviar convite para ${invite.email}`}>
                  Reenviar
                </Button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="id" value={invite.id} />
                <Button variant="link-danger" size="sm" aria-label={`Cancelar convite para ${invite.email}`}>
                  Cancelar
                </Button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function InviteForm({ result }: { result: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    id: 'invite',
    lastResult: result,
    defaultValue: { role: 'corretor' },
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="invite" />
      <TextField className="mb-4" meta={fields.email} label="E-mail" type="email" autoComplete="off" required />
      <SelectField className="mb-1" meta={fields.role} label="Papel" options={ROLE_OPTIONS} required />
      <p className="mb-4 text-sm text-slate-600">
        O corretor cria e edita os próprios imóveis e posts; o gestor aprova e edita tudo da imobiliária.
      </p>
      <SubmitButton pendingText="Enviando…">Enviar convite</SubmitButton>
    </Form>
  )
}

/**
 * The owner's choice when the team is larger than the plan (ADR 306): who keeps access, at most
 * the seats besides the owner's. A plain form: the others stay read-only.
 */
export function SeatChoice({
  message,
  seats,
  members,
  error,
}: {
  message: string
  seats: number
  members: Person[]
  error?: string
}) {
  const room = Math.max(0, seats - 1)
  return (
    <Card className="mt-4 border-amber-300 bg-amber-50">
      <h2 className="text-lg font-semibold text-amber-950">Quem continua com acesso</h2>
      <p role="status" className="mt-1 text-sm text-amber-950">
        {message}
      </p>
      <Form method="post" className="mt-3" aria-describedby={error ? 'seats-error' : undefined}>
        <input type="hidden" name="intent" value="seats" />
        <fieldset>
          <legend className="text-sm text-slate-700">
            Você continua com acesso.{' '}
            {room === 0
              ? 'O plano não tem lugar para mais ninguém: quem não for marcado só vê, sem criar nem editar.'
              : `Marque até ${room === 1 ? '1 pessoa' : `${room} pessoas`}; as demais só veem, sem criar nem editar.`}
          </legend>
          {members.map((person) => (
            <label key={person.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                name="keep"
                value={person.id}
                defaultChecked={!person.readOnly}
                disabled={room === 0}
                className="size-5"
              />
              {person.name ? `${person.name} (${person.email})` : person.email}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p id="seats-error" className="mt-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        {room > 0 ? (
          <SubmitButton className="mt-3" variant="secondary" pendingText="Salvando…">
            Salvar quem continua
          </SubmitButton>
        ) : null}
      </Form>
    </Card>
  )
}

export function ApprovalSetting({ required, manage }: { required: boolean; manage: boolean }) {
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-semibold text-slate-900">Aprovação</h2>
      {manage ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="approval" />
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input type="checkbox" name="require" defaultChecked={required} className="size-5" />
            Exigir aprovação antes de agendar
          </label>
          <p className="mt-1 text-sm text-slate-600">
            Os posts dos corretores só podem ser agendados depois que um gestor ou o cliente aprovar.
          </p>
          <SubmitButton className="mt-3" variant="secondary" pendingText="Salvando…">
            Salvar
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {required
            ? 'Os posts precisam de aprovação antes de agendar.'
            : 'Os posts podem ser agendados sem aprovação.'}
        </p>
      )}
    </Card>
  )
}

/** The agency's Instagram account as collaborator on its agents' pieces (issue 63). */
export function DefaultCollaborator(props: { name: string | null; typed?: string; error?: string; manage: boolean }) {
  return (
    <Card className="mt-4">
      <h2 className="text-lg font-semibold text-slate-900">Colaborador padrão</h2>
      {props.manage ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="collaborator" />
          <Field
            htmlFor="collaborator"
            label="Instagram da imobiliária"
            hint="Vai como colaborador em cada post, carrossel e Reel agendado pela equipe: a publicação aparece também no perfil da imobiliária. Deixe vazio para nenhum."
            hintId="collaborator-hint"
            errors={props.error ? [props.error] : undefined}
            errorId="collaborator-error"
          >
            <Input
              id="collaborator"
              name="collaborator"
              placeholder="@imobiliaria"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              defaultValue={props.typed ?? (props.name ? `@${props.name}` : '')}
              invalid={!!props.error}
              aria-describedby="collaborator-hint collaborator-error"
            />
          </Field>
          <SubmitButton className="mt-3" variant="secondary" pendingText="Salvando…">
            Salvar colaborador
          </SubmitButton>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-700">
          {props.name ? `As peças vão com @${props.name} como colaborador.` : 'Sem colaborador padrão.'}
        </p>
      )}
    </Card>
  )
}

/** Deleting the owner's account asks first what happens to the agency and its team. */
export function AgencyChoice({ team, errors }: { team: number; errors?: string[] }) {
  return (
    <fieldset className="mb-4 rounded-xl border border-red-200 bg-red-50 p-3" aria-describedby="agency-error">
      <legend className="px-1 text-sm font-semibold text-red-900">E a imobiliária?</legend>
      <p className="text-sm text-red-900">
        Sua conta é a conta da imobiliária, com {team === 1 ? '1 pessoa' : `${team} pessoas`} na equipe. Para manter a
        imobiliária, transfira a assinatura e remova a equipe antes.
      </p>
      <label className="mt-2 flex min-h-11 items-center gap-3 text-sm text-red-900">
        <input type="checkbox" name="agency" value="delete" className="size-5" />
        Excluir também a imobiliária: os imóveis, posts e kits da equipe, e o acesso de todos
      </label>
      {errors?.length ? (
        <p id="agency-error" className="text-sm font-medium text-red-800">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  )
}
