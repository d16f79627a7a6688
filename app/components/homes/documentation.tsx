// The cards of a property's "Documentação" page (issue 65): what blocks its ads, the owner's
// authorisations with the form for a new one, and a launch's registration.
import { Form, Link } from 'react-router'
import { SubmitButton } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/choice'
import { Field } from '~/components/ui/field'
import { FileInput, Input } from '~/components/ui/input'
import { dayLabel } from '~/domain/compliance'

type Errors = Record<string, string[]>

export function ComplianceSummary({ blocking, warnings }: { blocking: string[]; warnings: string[] }) {
  if (!blocking.length && !warnings.length)
    return (
      <Notice tone="success" role="status" className="mt-4">
        Documentação em dia: as peças deste imóvel podem ser agendadas e publicadas.
      </Notice>
    )
  return (
    <div className="mt-4 space-y-2">
      {blocking.length ? (
        <Notice tone="error" role="alert">
          <p className="font-semibold">Antes de publicar:</p>
          <ul className="mt-1 list-disc pl-5">
            {blocking.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {warnings.map((warning) => (
        <Notice key={warning} tone="warning" role="status">
          {warning}
        </Notice>
      ))}
    </div>
  )
}

export type AuthorizationRow = {
  id: number
  owner_name: string
  starts_on: string
  ends_on: string
  exclusive: boolean
  document: { href: string; name: string } | null
}

export function AuthorizationCard(props: {
  authorizations: AuthorizationRow[]
  mayEdit: boolean
  errors: Errors
  typed?: Record<string, string>
}) {
  const { errors, typed } = props
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Autorização do proprietário</h2>
      {props.authorizations.length ? (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Autorizações">
          {props.authorizations.map((row) => (
            <li key={row.id} className="py-2 text-sm text-slate-800">
              <p className="font-medium">
                {row.owner_name} · {row.exclusive ? 'com exclusividade' : 'sem exclusividade'}
              </p>
              <p className="text-slate-600">
                De {dayLabel(row.starts_on)} a {dayLabel(row.ends_on)}
                {row.document ? (
                  <>
                    {' · '}
                    <a href={row.document.href} className="font-semibold text-brand-700 hover:underline">
                      Ver documento assinado
                    </a>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">Nenhuma autorização guardada ainda.</p>
      )}
      {props.mayEdit ? (
        <Form method="post" encType="multipart/form-data" className="mt-4 space-y-3" aria-label="Nova autorização">
          <input type="hidden" name="intent" value="autorizacao" />
          <Field
            htmlFor="owner_name"
            label="Nome do proprietário"
            required
            errors={errors.owner_name}
            errorId="owner_name-erros"
          >
            <Input
              id="owner_name"
              name="owner_name"
              autoComplete="off"
              defaultValue={typed?.owner_name}
              invalid={!!errors.owner_name}
              aria-describedby="owner_name-erros"
            />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field htmlFor="starts_on" label="Vale desde" required errors={errors.starts_on} errorId="starts_on-erros">
              <Input
                id="starts_on"
                name="starts_on"
                type="date"
                defaultValue={typed?.starts_on}
                invalid={!!errors.starts_on}
                aria-describedby="starts_on-erros"
              />
            </Field>
            <Field htmlFor="ends_on" label="Vale até" required errors={errors.ends_on} errorId="ends_on-erros">
              <Input
                id="ends_on"
                name="ends_on"
                type="date"
                defaultValue={typed?.ends_on}
                invalid={!!errors.ends_on}
                aria-describedby="ends_on-erros"
              />
            </Field>
          </div>
          <Checkbox name="exclusive" defaultChecked={typed?.exclusive === 'on'}>
            Com exclusividade
          </Checkbox>
          <Field
            htmlFor="document"
            label="Documento assinado"
            required
            hint="PDF ou foto das páginas assinadas, até 10 MB. Fica só na sua conta: nunca vai para uma página pública."
            hintId="document-dica"
            errors={errors.document}
            errorId="document-erros"
          >
            <FileInput
              id="document"
              name="document"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              aria-describedby="document-dica document-erros"
            />
          </Field>
          <SubmitButton pendingText="Salvando…">Salvar autorização</SubmitButton>
        </Form>
      ) : null}
    </Card>
  )
}

export function IncorporationCard(props: {
  launch: boolean
  registry: string | null
  developer: string | null
  mayEdit: boolean
  errors: Errors
  typed?: Record<string, string>
}) {
  const { errors, typed } = props
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">Registro de incorporação</h2>
      <p className="mt-1 text-sm text-slate-600">
        {props.launch
          ? 'Obrigatório neste imóvel (lançamento ou em construção): sai nas peças com o nome da incorporadora.'
          : 'Só é pedido para lançamentos e imóveis em construção.'}
      </p>
      {props.mayEdit ? (
        <Form method="post" className="mt-3 space-y-3" aria-label="Registro de incorporação">
          <input type="hidden" name="intent" value="incorporacao" />
          <Field
            htmlFor="incorporation_registry"
            label="Número do registro (R.I.)"
            required
            hint="Como está na matrícula: por exemplo, R.5 da matrícula 123.456 do 4º Registro de Imóveis de São Paulo."
            hintId="incorporation_registry-dica"
            errors={errors.incorporation_registry}
            errorId="incorporation_registry-erros"
          >
            <Input
              id="incorporation_registry"
              name="incorporation_registry"
              defaultValue={typed?.incorporation_registry ?? props.registry ?? ''}
              invalid={!!errors.incorporation_registry}
              aria-describedby="incorporation_registry-dica incorporation_registry-erros"
            />
          </Field>
          <Field
            htmlFor="developer_name"
            label="Incorporadora"
            errors={errors.developer_name}
            errorId="developer_name-erros"
          >
            <Input
              id="developer_name"
              name="developer_name"
              defaultValue={typed?.developer_name ?? props.developer ?? ''}
              invalid={!!errors.developer_name}
              aria-describedby="developer_name-erros"
            />
          </Field>
          <SubmitButton variant="secondary" pendingText="Salvando…">
            Salvar registro
          </SubmitButton>
        </Form>
      ) : props.registry ? (
        <p className="mt-2 text-sm text-slate-800">R.I. {props.registry}</p>
      ) : null}
    </Card>
  )
}

/** On the property's page: whether its ads may go out, and the way to its documentation. */
export function DocumentationStatus(props: { homeId: number; blocking: string[]; warnings: string[] }) {
  const href = `/imoveis/${props.homeId}/documentacao`
  const problems = [...props.blocking, ...props.warnings]
  return (
    <Notice tone={props.blocking.length ? 'error' : props.warnings.length ? 'warning' : 'success'} className="mt-4">
      {problems.length ? (
        <ul className="list-disc pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : (
        <p>Documentação em dia: autorização do proprietário em vigor.</p>
      )}
      <Link to={href} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
        Documentação do imóvel
      </Link>
    </Notice>
  )
}
