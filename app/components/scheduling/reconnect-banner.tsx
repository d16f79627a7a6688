// The banner shown while a social account must be connected again (revoked or expired token).
import { Link } from 'react-router'
import { Notice } from '~/components/ui/card'

export function ReconnectBanner({ accounts }: { accounts: { id: number; name: string; reconnect: string | null }[] }) {
  const waiting = accounts.filter((account) => account.reconnect)
  if (waiting.length === 0) return null
  return (
    <Notice tone="warning" role="alert" className="mt-4">
      {waiting.map((account) => (
        <p key={account.id}>
          <strong>{account.name}</strong> precisa ser conectada de novo: {account.reconnect}{' '}
          <Link to="/integracoes" className="font-semibold underline">
            Conectar de novo
          </Link>
        </p>
      ))}
    </Notice>
  )
}
