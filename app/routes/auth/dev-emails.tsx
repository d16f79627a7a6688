// The dev mailbox: e-mails kept when no SMTP server is configured, so links can be followed
// offline. It exists only outside production; in production with DEV_MAILBOX=true (e2e runs,
// offline demos) it shows reset codes and sign-in links, so only an admin opens it (ADR 210).
import { data, Form, useLoaderData } from 'react-router'
import type { Route } from './+types/dev-emails'
import { dbContext, envContext } from '~/context'
import { listDevEmails } from '~/models/dev-emails.server'
import { pageTitle } from '~/utils/meta'
import { requireAdmin } from '~/utils/session.server'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { SAO_PAULO } from '~/domain/dates'

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Caixa de e-mails (desenvolvimento)', matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = context.get(envContext)
  if (env.NODE_ENV === 'production' && !env.DEV_MAILBOX)
    throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 })
  if (env.NODE_ENV === 'production') requireAdmin(context, request)
  const to = new URL(request.url).searchParams.get('to')?.trim().toLowerCase() || undefined
  const emails = await listDevEmails(context.get(dbContext), { to, limit: 50 })
  return data(
    {
      to: to ?? '',
      emails: emails.map((e) => ({
        id: e.id,
        to: e.to,
        subject: e.subject,
        text: e.text,
        sentAt: e.created_at.toISOString(),
      })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

const LINE_WITH_LINK = /^(.*?):\s*(https?:\/\/\S+)$/

/** The e-mail text, its "Label: URL" lines as links named by their label. */
function Body({ text }: { text: string }) {
  return (
    <div className="mt-3 space-y-1 text-sm whitespace-pre-wrap text-slate-700">
      {text.split('\n').map((line, i) => {
        const match = LINE_WITH_LINK.exec(line)
        if (!match) return <p key={i}>{line || '\u00a0'}</p>
        return (
          <p key={i}>
            <a href={match[2]} className="font-semibold text-brand-700 underline">
              {match[1]}
            </a>
          </p>
        )
      })}
    </div>
  )
}

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: SAO_PAULO,
})

export default function DevEmails() {
  const { to, emails } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Caixa de e-mails (desenvolvimento)</h1>
      <p className="mt-1 text-sm text-slate-600">
        Sem servidor SMTP configurado, os e-mails ficam aqui e no log do servidor.
      </p>
      <Form method="get" className="mt-4 flex gap-2">
        <label className="sr-only" htmlFor="to">
          Destinatário
        </label>
        <Input
          id="to"
          name="to"
          type="email"
          defaultValue={to}
          placeholder="Filtrar por destinatário"
          className="flex-1"
        />
        <Button>Filtrar</Button>
      </Form>
      {emails.length === 0 ? (
        <p className="mt-8 text-slate-600">Nenhum e-mail por aqui.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {emails.map((email) => (
            <li key={email.id}>
              <article
                aria-label={`${email.subject} para ${email.to}`}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h2 className="font-semibold">{email.subject}</h2>
                <p className="text-xs text-slate-500">
                  Para {email.to} · {dateTime.format(new Date(email.sentAt))}
                </p>
                <Body text={email.text} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
