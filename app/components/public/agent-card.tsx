// The agent's card on the public pages: photo or logo, name, CRECI, Instagram, and the tracked
// WhatsApp button. Never the e-mail. Plain HTML: no JavaScript needed.
import type { ReactNode } from 'react'

export type PublicAgent = {
  name: string
  photo: string | null
  logo: string | null
  creci: string | null
  instagram: string | null
  whatsapp: string | null
  color: string
  pageHref: string
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')

export const whatsappButtonClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-green-700 px-5 font-semibold text-white hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700'

export function AgentCard({ agent, children, heading = 'h2' }: { agent: PublicAgent; children?: ReactNode; heading?: 'h1' | 'h2' }) {
  const Heading = heading
  const picture = agent.photo ?? agent.logo
  return (
    <section
      aria-label="Corretor"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      style={{ borderTop: `6px solid ${agent.color}` }}
    >
      <div className="flex items-center gap-4">
        {picture ? (
          <img
            src={picture}
            alt=""
            width={72}
            height={72}
            className="size-18 shrink-0 rounded-full border border-slate-200 bg-white object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-18 shrink-0 place-items-center rounded-full text-xl font-bold text-white"
            style={{ background: agent.color }}
          >
            {initials(agent.name)}
          </span>
        )}
        <div className="min-w-0">
          <Heading className="text-xl font-bold text-slate-900">
            <a href={agent.pageHref} className="hover:underline">
              {agent.name}
            </a>
          </Heading>
          {agent.creci ? <p className="text-sm text-slate-700">{agent.creci}</p> : null}
          {agent.instagram ? <p className="text-sm text-slate-700">{agent.instagram}</p> : null}
        </div>
      </div>
      {children ? <div className="mt-4 flex flex-col gap-3">{children}</div> : null}
    </section>
  )
}

/** The top of a listing page: the agent's brand (logo or initials, name, CRECI), to their page. */
export function AgentBrandBar({ agent }: { agent: PublicAgent }) {
  const picture = agent.logo ?? agent.photo
  return (
    <header className="-mt-4 mb-4 border-b-4 pb-3" style={{ borderColor: agent.color }}>
      <a href={agent.pageHref} className="inline-flex min-h-11 items-center gap-3 hover:underline">
        {picture ? (
          <img
            src={picture}
            alt=""
            width={40}
            height={40}
            className="size-10 shrink-0 rounded-full border border-slate-200 bg-white object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-10 shrink-0 place-items-center rounded-full text-sm font-bold text-white"
            style={{ background: agent.color }}
          >
            {initials(agent.name)}
          </span>
        )}
        <span className="font-semibold text-slate-900">{agent.name}</span>
        {agent.creci ? <span className="text-sm text-slate-600">{agent.creci}</span> : null}
      </a>
    </header>
  )
}
