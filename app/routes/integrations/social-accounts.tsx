// /integracoes, social accounts panel: the local outbox (always there) and Instagram accounts
// connected through Meta (when the app has META_APP_ID) and Facebook Pages through Facebook Login
// (ADR 308), with the reconnect banner.
import { Form, Link } from 'react-router'
import { ReconnectBanner } from '~/components/scheduling/reconnect-banner'
import { Button, buttonClass } from '~/components/ui/button'
import { FormSection } from '~/components/ui/card'
import { formatDateTime } from '~/domain/dates'
import { PROVIDER_LABELS, type SocialProvider } from '~/domain/scheduling'

export type SocialAccountsPanelData = {
  metaConfigured: boolean
  facebookConfigured: boolean
  accounts: { id: number; name: string; provider: SocialProvider; reconnect: string | null; expiresAt: string | null }[]
}

function AccountRow({ account }: { account: SocialAccountsPanelData['accounts'][number] }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
      <div>
        <p className="font-semibold text-slate-900">{account.name}</p>
        {/* The outbox's name is already its kind: say what it does instead. */}
        <p className="text-sm text-slate-600">
          {account.provider === 'outbox'
            ? 'Guarda as publicações nesta instalação, numa pasta que você abre aqui; nada chega ao Instagram'
            : PROVIDER_LABELS[account.provider]}
          {account.expiresAt ? ` · acesso válido até ${formatDateTime(account.expiresAt)}` : ''}
        </p>
      </div>
      {account.provider === 'outbox' ? (
        <Link to="/integracoes/saida" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          Abrir caixa de saída
        </Link>
      ) : (
        <div className="flex gap-2">
          {account.reconnect ? (
            <a
              href={
                account.provider === 'facebook'
                  ? '/integracoes/meta/conectar?rede=facebook'
                  : '/integracoes/meta/conectar'
              }
              className={buttonClass({ size: 'sm' })}
            >
              Conectar de novo
            </a>
          ) : null}
          <Form method="post">
            <input type="hidden" name="account" value={account.id} />
            <Button
              variant="danger-outline"
              size="sm"
              name="intent"
              value="social-disconnect"
              aria-label={`Desconectar ${account.name}`}
            >
              Desconectar
            </Button>
          </Form>
        </div>
      )}
    </li>
  )
}

export function SocialAccountsPanel({ data }: { data: SocialAccountsPanelData }) {
  return (
    <FormSection id="redes-sociais" title="Redes sociais" intro="Contas onde seus posts agendados são publicados.">
      <ReconnectBanner accounts={data.accounts} />
      <ul className="space-y-2">
        {data.accounts.map((account) => (
          <AccountRow key={account.id} account={account} />
        ))}
      </ul>
      {data.metaConfigured || data.facebookConfigured ? (
        <div className="flex flex-wrap gap-2">
          {data.metaConfigured ? (
            <a href="/integracoes/meta/conectar" className={buttonClass()}>
              Conectar Instagram
            </a>
          ) : null}
          {data.facebookConfigured ? (
            <a href="/integracoes/meta/conectar?rede=facebook" className={buttonClass({ variant: 'secondary' })}>
              Conectar Página do Facebook
            </a>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          Para publicar no Instagram, o administrador configura o app da Meta (META_APP_ID e META_APP_SECRET). Até lá, a
          caixa de saída local recebe as publicações.
        </p>
      )}
    </FormSection>
  )
}
