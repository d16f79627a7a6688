// The feeds panel of /integracoes: the connected sources with their last sync, and the form that
// connects a new one (XML address, XML file, Vista CRM). A plain multipart POST: works without
// JavaScript; the fields of every kind are shown, the chosen kind's are used.
import { Form, Link } from 'react-router'
import { SubmitButton } from '~/components/ui/button'
import { Card, EmptyState } from '~/components/ui/card'
import { Field, FormErrors } from '~/components/ui/field'
import { RadioGroup } from '~/components/ui/choice'
import { FileInput, Input } from '~/components/ui/input'
import { feedFormatLabels, feedKindLabels, feedKinds, type FeedFormat } from '~/domain/feeds'
import { formatDateTime } from '~/domain/dates'
import type { ConnectReply, FeedPanelItem } from './feeds.server'

type PanelItem = Omit<FeedPanelItem, 'synced_at' | 'created_at' | 'syncing_at' | 'last'> & {
  synced_at: Date | string | null
  last: {
    created: number
    updated: number
    matched: number
    archived: number
    unchanged: number
    errors: unknown[]
    failure: string | null
  } | null
}

function ConnectionCard({ item }: { item: PanelItem }) {
  const where = item.kind === 'vista' ? item.api_connection.apiHost : item.kind === 'url' ? item.url : 'Arquivo enviado'
  const last = item.last
  return (
    <li>
      <Card padding="sm" className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {feedKindLabels[item.kind]}
            {item.format ? (
              <span className="font-normal text-slate-600"> · {feedFormatLabels[item.format as FeedFormat]}</span>
            ) : null}
          </p>
          <p className="truncate text-sm text-slate-600">{where}</p>
          <p className="text-sm text-slate-600">
            {item.synced_at
              ? `Sincronizado em ${formatDateTime(new Date(item.synced_at).toISOString())}`
              : 'Ainda não sincronizado'}
            {last
              ? last.failure
                ? ' · a última leitura falhou'
                : ` · ${last.created} novos, ${last.updated + last.matched} atualizados, ${last.archived} arquivados, ${last.errors.length} erros`
              : null}
          </p>
        </div>
        <Link to={`/integracoes/feeds/${item.id}`} className="text-sm font-semibold text-brand-700 underline">
          Ver relatório
          <span className="sr-only">
            {' '}
            de {feedKindLabels[item.kind]} {item.id}
          </span>
        </Link>
      </Card>
    </li>
  )
}

function ConnectForm({ reply }: { reply: ConnectReply | null }) {
  const errors = reply?.errors ?? {}
  const values = reply?.values ?? { kind: 'upload', url: '', apiHost: '' }
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold">Conectar uma fonte</h2>
      <p className="mt-1 text-sm text-slate-600">
        Traga os imóveis que você já publica nos portais: o feed VRSync (ZAP, Viva Real, OLX) ou Carga (ZAP, ImovelWeb)
        do seu CRM, ou a API do Vista. Preencha só os campos da fonte escolhida.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-4 grid gap-4" aria-label="Conectar uma fonte">
        <input type="hidden" name="intent" value="feed-connect" />
        <FormErrors errors={errors.form ? [errors.form] : null} />
        <RadioGroup
          label="De onde vêm os imóveis"
          name="kind"
          options={feedKinds.map((kind) => ({ value: kind, label: feedKindLabels[kind] }))}
          isChecked={(value) => value === values.kind}
          errors={errors.kind ? [errors.kind] : null}
        />
        <Field
          htmlFor="feed-file"
          label="Arquivo XML"
          hint="Até 50 MB, exportado pelo seu CRM."
          errors={errors.file ? [errors.file] : null}
          errorId="feed-file-error"
        >
          <FileInput
            id="feed-file"
            name="file"
            accept=".xml,application/xml,text/xml"
            aria-describedby="feed-file-error"
          />
        </Field>
        <Field
          htmlFor="feed-url"
          label="Endereço do feed XML"
          errors={errors.url ? [errors.url] : null}
          errorId="feed-url-error"
        >
          <Input
            id="feed-url"
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://seucrm.com.br/feed/vrsync.xml"
            defaultValue={values.url}
            invalid={Boolean(errors.url)}
            aria-describedby="feed-url-error"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            htmlFor="feed-api-host"
            label="Endereço da API do Vista"
            errors={errors.apiHost ? [errors.apiHost] : null}
            errorId="feed-api-host-error"
          >
            <Input
              id="feed-api-host"
              name="apiHost"
              placeholder="suaimobiliaria-rest.vistahost.com.br"
              defaultValue={values.apiHost}
              invalid={Boolean(errors.apiHost)}
              aria-describedby="feed-api-host-error"
            />
          </Field>
          <Field
            htmlFor="feed-api-key"
            label="Chave de API do Vista"
            hint="Guardada criptografada."
            errors={errors.apiKey ? [errors.apiKey] : null}
            errorId="feed-api-key-error"
          >
            <Input
              id="feed-api-key"
              name="apiKey"
              type="password"
              autoComplete="off"
              invalid={Boolean(errors.apiKey)}
              aria-describedby="feed-api-key-error"
            />
          </Field>
        </div>
        <div>
          <SubmitButton pendingText="Testando e importando…">Conectar e importar</SubmitButton>
        </div>
      </Form>
    </Card>
  )
}

export function FeedsPanel({ connections, reply }: { connections: PanelItem[]; reply: ConnectReply | null }) {
  return (
    <section aria-labelledby="feeds-title" className="mt-8">
      <h2 id="feeds-title" className="text-xl font-bold">
        Imóveis dos portais e do CRM
      </h2>
      {connections.length === 0 ? (
        <EmptyState title="Nenhuma fonte conectada" className="mt-4">
          Conecte o feed do seu CRM e seus imóveis aparecem aqui, sem digitar de novo.
        </EmptyState>
      ) : (
        <ul className="mt-4 grid gap-3">
          {connections.map((item) => (
            <ConnectionCard key={item.id} item={item} />
          ))}
        </ul>
      )}
      <ConnectForm reply={reply} />
    </section>
  )
}
