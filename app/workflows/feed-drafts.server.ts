// Listing-status automations: after a sync, the events it saw (a new listing, a lower price, a
// listing sold or rented) draft posts from the templates the agent chose, at most
// MAX_DRAFTS_PER_SYNC per sync, never on the first import (ADR 123).
import { approvalRequired } from '~/workflows/approvals.server'
import { moveApproval } from '~/models/approvals.server'
import {
  MAX_DRAFTS_PER_SYNC,
  RENTED_TEMPLATE,
  type AutomationEvent,
  type FeedAutomations,
  type FeedReportError,
} from '~/domain/feeds'
import type { CopyWriter } from '~/integrations/ai/ai.server'
import { getHome } from '~/models/homes.server'
import { getTemplateBySlug, markDraft } from '~/models/feed-drafts.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import { QuotaExceededError, generatePost } from './generation.server'

export type DraftEvent = {
  event: AutomationEvent
  homeId: number
  listingId: string
  oldPrice: number | null
  rented: boolean
}

export type DraftDeps = { db: Database; writer: CopyWriter; logger?: Pick<Logger, 'error' | 'warn'> }

const EVENT_NAMES: Record<AutomationEvent, string> = {
  new: 'imóvel novo',
  price_drop: 'preço menor',
  sold: 'vendido/alugado',
}

/** Drafts the posts; returns how many and the pt-BR reasons of those not drafted. */
export async function draftPosts(
  deps: DraftDeps,
  connection: { id: number; user_id: string; automations: FeedAutomations },
  events: DraftEvent[],
): Promise<{ drafts: number; errors: FeedReportError[] }> {
  const wanted = events.filter((e) => connection.automations[e.event])
  const errors: FeedReportError[] = []
  let drafts = 0
  for (const event of wanted) {
    if (drafts >= MAX_DRAFTS_PER_SYNC) {
      errors.push({
        listingId: event.listingId,
        reason: `Rascunho (${EVENT_NAMES[event.event]}) não criado: até ${MAX_DRAFTS_PER_SYNC} rascunhos por sincronização.`,
      })
      continue
    }
    let slug = connection.automations[event.event]!
    if (event.event === 'sold' && event.rented && slug === 'venda-vendido') slug = RENTED_TEMPLATE
    const [template, home] = await Promise.all([
      getTemplateBySlug(deps.db, slug),
      getHome(deps.db, connection.user_id, event.homeId),
    ])
    if (!template || !home) continue
    try {
      const values = event.event === 'price_drop' && event.oldPrice ? { old_price: event.oldPrice } : {}
      const post = await generatePost(deps, connection.user_id, { template, home, values })
      await markDraft(deps.db, connection.user_id, post.id, {
        event: event.event,
        integration_id: connection.id,
        listing_id: event.listingId,
      })
      // Where the agency approves before scheduling, an automation's draft arrives waiting (ADR 218).
      if (!post.error && (await approvalRequired(deps.db, connection.user_id)))
        await moveApproval(deps.db, {
          accountId: connection.user_id,
          postId: post.id,
          from: ['draft'],
          to: 'pending',
          action: 'submitted',
          actor: { id: null, name: 'Automação do feed' },
        })
      drafts++
    } catch (error) {
      if (!(error instanceof QuotaExceededError)) throw error
      errors.push({ listingId: event.listingId, reason: `Rascunho não criado: ${error.message}` })
      break
    }
  }
  return { drafts, errors }
}
