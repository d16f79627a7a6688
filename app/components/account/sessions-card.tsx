// /minha-conta/seguranca: the devices signed in to the account, and the two ways out.
import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'

export type SessionItem = { id: string; device: string; ip: string | null; lastUsed: string; current: boolean }

export function SessionsCard({ sessions }: { sessions: SessionItem[] }) {
  const others = sessions.filter((s) => !s.current).length
  return (
    <Card as="section" className="mt-6" aria-labelledby="sessoes">
      <h2 id="sessoes" className="text-lg font-semibold">
        Sessões ativas
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Onde sua conta está conectada. Se não reconhecer um dispositivo, saia de todos e troque a senha.
      </p>
      <ul className="mt-4 divide-y divide-slate-100" aria-label="Dispositivos conectados">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2 text-sm">
            <span className="font-medium text-slate-900">
              {session.device}
              {session.current ? (
                <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-800">Este dispositivo</span>
              ) : null}
            </span>
            <span className="text-slate-600">
              {session.ip ? `${session.ip} · ` : ''}último uso {session.lastUsed}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        {others > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="logout-others" />
            <Button variant="secondary">Sair dos outros dispositivos</Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="logout-all" />
          <Button variant="danger-outline">Sair de todos os dispositivos</Button>
        </Form>
      </div>
    </Card>
  )
}
