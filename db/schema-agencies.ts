// Agencies (ADR 218): an account is its owner's `users` row, so every data row's
// `user_id` names the account it belongs to and the owner's id is the account's id. The other
// people of the agency are members; invites bring them in; pieces wait for approval.
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { posts, users } from './schema'

export const MEMBER_ROLES = ['gestor', 'corretor'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** A person who works in another person's account. One account a person, at most. */
export const accountMembers = pgTable(
  'account_members',
  {
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The owner's choice when the team has more people than the plan's seats (ADR 306): true
     * keeps access, false is read-only; null until the owner chooses (the earliest joined first).
     */
    keeps_seat: boolean('keeps_seat'),
  },
  (t) => [index('account_members_account_idx').on(t.account_id)],
)

/** An invitation by e-mail: only the token's SHA-256 is kept; it expires, may be revoked. */
export const accountInvites = pgTable(
  'account_invites',
  {
    id: serial('id').primaryKey(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_invites_account_idx').on(t.account_id, t.created_at)],
)

/** A link a client opens without an account to approve one revision of a post. */
export const approvalLinks = pgTable(
  'approval_links',
  {
    id: serial('id').primaryKey(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    post_id: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    /** The post's revision when the link was made: a decision counts only for that revision. */
    revision: integer('revision').notNull(),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_links_token_idx').on(t.token_hash), index('approval_links_post_idx').on(t.post_id)],
)

export const APPROVAL_ACTIONS = [
  'submitted',
  'approved',
  'changes_requested',
  'client_link_created',
  'client_link_revoked',
  'client_approved',
  'client_changes_requested',
  'scheduled',
  'published',
] as const
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number]

/** Every step of a piece's approval: who (a member, or a client link), what, when, the comment. */
export const approvalEvents = pgTable(
  'approval_events',
  {
    id: serial('id').primaryKey(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    post_id: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown: the member's name when it was written, or 'Cliente'. */
    actor_name: text('actor_name').notNull(),
    link_id: integer('link_id').references(() => approvalLinks.id, { onDelete: 'set null' }),
    action: text('action', { enum: APPROVAL_ACTIONS }).notNull(),
    comment: text('comment'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_events_post_idx').on(t.post_id, t.created_at),
    index('approval_events_account_idx').on(t.account_id, t.created_at),
  ],
)

export type AccountMember = typeof accountMembers.$inferSelect
export type AccountInvite = typeof accountInvites.$inferSelect
export type ApprovalLink = typeof approvalLinks.$inferSelect
export type ApprovalEvent = typeof approvalEvents.$inferSelect
