// An agency for the tests (ADR 218): the owner buys the Imobiliária plan and invites members by
// e-mail; each member opens the link from the dev mailbox (read as the seeded admin) and joins.
import type { HttpAgent } from '../../support/http-agent'

/** The invite link's token from the newest e-mail to `email` in the dev mailbox. */
export async function inviteToken(admin: HttpAgent, email: string): Promise<string> {
  // The invite's e-mail goes out through the job queue (ADR 261): a few seconds late.
  for (let attempt = 0; attempt < 40; attempt++) {
    const page = await (await admin.fetch(`/dev/emails?${new URLSearchParams({ to: email })}`)).text()
    const token = /\/convite\/([\w-]{43})/.exec(page)?.[1]
    if (token) return token
    await new Promise((done) => setTimeout(done, 500))
  }
  throw new Error(`no invite link in the mailbox of ${email}`)
}

export async function buyPlan(owner: HttpAgent, lookupKey = 'imobiliaria_mensal') {
  const bought = await owner.fetch('/plano/pagamento-demo', {
    method: 'POST',
    body: new URLSearchParams({ lookupKey }),
  })
  if (bought.headers.get('location') !== '/plano/sucesso') throw new Error(`demo checkout: ${bought.status}`)
}

/** `member` joins `owner`'s team with `role`, through the invite e-mail's link. */
export async function joinTeam(owner: HttpAgent, admin: HttpAgent, member: HttpAgent, role: 'gestor' | 'corretor') {
  const invited = await owner.fetch('/minha-conta/equipe', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'invite', email: member.email, role }),
  })
  if (invited.status !== 302) throw new Error(`invite ${member.email}: ${invited.status}`)
  const token = await inviteToken(admin, member.email)
  const joined = await member.fetch(`/convite/${token}`, { method: 'POST' })
  if (joined.status !== 302) throw new Error(`join ${member.email}: ${joined.status}`)
}
