// "Mês pronto" (ADR 283): each property owner's one link to the month, showing only their
// property's pieces; their answer is recorded on each piece's history as a client's (it never
// moves the agency's own approval, ADR 237).
import { randomBytes } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import { dbContext, type SessionUser } from '~/context'
import { CLIENT_LINK_DAYS, can } from '~/domain/team'
import { recordStep } from '~/models/approvals.server'
import { createMonthClientLink, markMonthLinkDecided, monthLinkOf } from '~/models/month-links.server'
import { listPieces, type MonthPlan } from '~/models/month-plans.server'
import { siteUrl } from '~/utils/request-origin.server'
import { tokenHash } from './team.server'

type Context = Readonly<RouterContextProvider>
type Refusal = { status: 'not-found' } | { status: 'forbidden' }

/** Those who approve make one link per property of the month, for its owner. */
export async function monthClientLinks(
  context: Context,
  user: SessionUser,
  plan: MonthPlan,
): Promise<Refusal | { status: 'links'; links: { homeName: string; url: string }[] }> {
  if (!can(user.accountRole, 'send-to-client')) return { status: 'forbidden' }
  const db = context.get(dbContext)
  const pieces = await listPieces(db, user.accountId, plan.id)
  const homes = new Map<number, string>()
  for (const p of pieces) if (p.home_id && p.homeName) homes.set(p.home_id, p.homeName)
  const links: { homeName: string; url: string }[] = []
  for (const [homeId, homeName] of homes) {
    const token = randomBytes(32).toString('base64url')
    await createMonthClientLink(db, {
      planId: plan.id,
      accountId: user.accountId,
      homeId,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + CLIENT_LINK_DAYS * 86_400_000),
    })
    links.push({ homeName, url: new URL(`/aprovar-mes/${token}`, siteUrl(context)).href })
  }
  return { status: 'links', links }
}

/** What a property owner's link shows: that property's pieces of the month, nothing else. */
export async function clientMonthOf(context: Context, token: string) {
  const db = context.get(dbContext)
  const found = await monthLinkOf(db, tokenHash(token))
  if (!found) return null
  const pieces = await listPieces(db, found.link.account_id, found.link.plan_id, found.link.home_id)
  return { link: found.link, homeName: found.homeName, pieces: pieces.filter((p) => p.status === 'ready') }
}

/** The owner's answer: recorded on each piece's history (the client's, never the agency's approval). */
export async function clientMonthDecision(
  context: Context,
  token: string,
  decision: 'approved' | 'changes',
  comment: string,
) {
  const db = context.get(dbContext)
  const found = await clientMonthOf(context, token)
  if (!found) return 'gone' as const
  if (found.link.decided_at) return 'decided-before' as const
  if (decision === 'changes' && !comment.trim()) return 'needs-comment' as const
  for (const piece of found.pieces)
    if (piece.post)
      await recordStep(db, {
        accountId: found.link.account_id,
        postId: piece.post.id,
        actor: { id: null, name: 'Proprietário' },
        action: decision === 'approved' ? 'client_approved' : 'client_changes_requested',
        comment: comment.trim() || null,
      })
  await markMonthLinkDecided(db, found.link.id)
  return 'decided' as const
}
