// With no Instagram account connected, the scheduling pages say plainly where a
// publication goes (the local outbox of this installation) and how to change that.
import { Link } from 'react-router'
import { Notice } from '~/components/ui/card'

export const OUTBOX_ONLY_TEXT =
  'Nenhuma conta do Instagram conectada: as publicações vão para a caixa de saída local desta instalação e não chegam ao Instagram.'

/** The links sit inside the sentence: inline text links, tapped like the words around them. */
export function OutboxOnlyNotice({ className }: { className?: string }) {
  return (
    <Notice tone="warning" className={className}>
      <p>
        {OUTBOX_ONLY_TEXT}{' '}
        <Link to="/integracoes#redes-sociais" className="font-semibold underline">
          Conectar uma conta do Instagram
        </Link>{' '}
        ou{' '}
        <Link to="/integracoes/saida" className="font-semibold underline">
          abrir a caixa de saída
        </Link>
        .
      </p>
    </Notice>
  )
}
