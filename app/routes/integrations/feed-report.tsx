// /integracoes/feeds/:id — one feed connection: sincronizar agora, a new file, the last sync's
// report (counts, errors by listing in pt-BR, unknown values), the listing-status automations and
// the drafts they made, waiting for approval. Every form is a plain POST (PRG).
import { postPagePath } from '~/domain/public-links'
import { Form, Link } from 'react-router'
import type { Route } from './+types/feed-report'
import { SyncReport } from '~/components/feeds/sync-report'
import { Button, SubmitButton } from '~/components/ui/button'
import { Card, Notice } from '~/components/ui/card'
import { Field } from '~/components/ui/field'
import { FileInput, Select } from '~/components/ui/input'
import { formatDateTime } from '~/domain/dates'
import {
  automationEventLabels,
  automationEvents,
  automationTemplateChoices,
  feedFormatLabels,
  feedKindLabels,
  type FeedFormat,
} from '~/domain/feeds'
import { requirePermission, requireUser } from '~/utils/session.server'
import { pageTitle } from '~/utils/meta'
import { reportAction, reportLoader } from './feed-report.server'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Relatório da integração', matches)

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return reportLoader(context, requireUser(context, request), params.id)
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return reportAction(context, request, requirePermission(context, request, 'brand'), params.id)
}

type Data = Route.ComponentProps['loaderData']

function Header({ connection }: { connection: Data['connection'] }) {
  const where =
    connection.kind === 'vista'
      ? connection.apiHost
      : connection.kind === 'url'
        ? connection.url
        : 'Arquivo enviado pelo seu CRM'
  return (
    <div>
      <Link to="/integracoes" className="text-sm text-brand-700 underline">
        ← Integrações
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{feedKindLabels[connection.kind]}</h1>
      <p className="break-all text-slate-600">
        {where}
        {connection.format ? ` · ${feedFormatLabels[connection.format as FeedFormat]}` : null}
      </p>
      <p className="text-sm text-slate-600">
        {connection.synced_at
          ? `Sincronizado em ${formatDateTime(new Date(connection.synced_at).toISOString())}`
          : 'Ainda não sincronizado'}
      </p>
    </div>
  )
}

function SyncForms({ connection, uploadError }: { connection: Data['connection']; uploadError: string | null }) {
  return (
    <div className="mt-4 flex flex-wrap items-end gap-4">
      {connection.kind !== 'upload' ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sync" />
          <SubmitButton pendingText="Sincronizando…">Sincronizar agora</SubmitButton>
        </Form>
      ) : (
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
          aria-label="Enviar nova versão do arquivo"
        >
          <input type="hidden" name="intent" value="upload" />
          <Field
            htmlFor="new-file"
            label="Nova versão do arquivo XML"
            errors={uploadError ? [uploadError] : null}
            errorId="new-file-error"
          >
            <FileInput
              id="new-file"
              name="file"
              accept=".xml,application/xml,text/xml"
              aria-describedby="new-file-error"
            />
          </Field>
          <SubmitButton pendingText="Sincronizando…">Enviar e sincronizar</SubmitButton>
        </Form>
      )}
    </div>
  )
}

function Automations({ automations }: { automations: Data['connection']['automations'] }) {
  return (
    <Card className="mt-6" as="section" aria-labelledby="automations-title">
      <h2 id="automations-title" className="text-lg font-semibold">
        Automações de status
      </h2>
      <p className="text-sm text-slate-600">
        A partir da segunda sincronização, o Vitrine cria um rascunho de post para você aprovar (até 10 por
        sincronização).
      </p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="automations" />
        {automationEvents.map((event) => (
          <Field key={event} htmlFor={`automation-${event}`} label={automationEventLabels[event]}>
            <Select id={`automation-${event}`} name={`automation_${event}`} defaultValue={automations[event] ?? ''}>
              <option value="">Não criar post</option>
              {automationTemplateChoices[event].map((choice) => (
                <option key={choice.slug} value={choice.slug}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
        ))}
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary">
            Salvar automações
          </Button>
        </div>
      </Form>
    </Card>
  )
}

function Drafts({ drafts }: { drafts: Data['drafts'] }) {
  if (drafts.length === 0) return null
  return (
    <Card className="mt-6" as="section" aria-labelledby="drafts-title">
      <h2 id="drafts-title" className="text-lg font-semibold">
        Rascunhos para aprovar
      </h2>
      <ul className="mt-3 grid gap-3">
        {drafts.map((draft) => (
          <li key={draft.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium">
              {draft.homeName ?? `Anúncio ${draft.listingId}`} · {automationEventLabels[draft.event]}
            </p>
            <p className="line-clamp-3 text-sm text-slate-600">{draft.error ?? draft.description}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Link to={postPagePath(draft.publicId)} className="text-sm font-semibold text-brand-700 underline">
                Ver post
              </Link>
              {(['approve', 'discard'] as const).map((intent) => (
                <Form method="post" key={intent}>
                  <input type="hidden" name="intent" value={intent} />
                  <input type="hidden" name="postId" value={draft.id} />
                  <Button type="submit" size="sm" variant={intent === 'approve' ? 'primary' : 'secondary'}>
                    {intent === 'approve' ? 'Aprovar' : 'Descartar'}
                  </Button>
                </Form>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  )
}

export default function FeedReport({ loaderData, actionData }: Route.ComponentProps) {
  const { connection, reports, drafts, pendingPhotos, syncing } = loaderData
  const [last, ...older] = reports
  const uploadError = actionData && 'error' in actionData ? String(actionData.error) : null
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Header connection={connection} />
      <SyncForms connection={connection} uploadError={uploadError} />
      {last ? (
        <SyncReport report={last} pendingPhotos={pendingPhotos} syncing={syncing} />
      ) : (
        <Notice className="mt-6">Nenhuma sincronização ainda.</Notice>
      )}
      <Drafts drafts={drafts} />
      <Automations automations={connection.automations} />
      {older.length ? (
        <section className="mt-6" aria-labelledby="older-title">
          <h2 id="older-title" className="text-lg font-semibold">
            Sincronizações anteriores
          </h2>
          <ul className="mt-2 text-sm text-slate-700">
            {older.map((r) => (
              <li key={r.id}>
                {formatDateTime(new Date(r.started_at).toISOString())}:{' '}
                {r.failure
                  ? 'falhou'
                  : `${r.created} novos, ${r.updated} atualizados, ${r.archived} arquivados, ${r.errors.length} erros`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" className="mt-8">
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="secondary">
          Desconectar esta fonte
        </Button>
      </Form>
    </div>
  )
}
