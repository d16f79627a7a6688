// An account's team (ADR 218): its owner (the account's `users` row), its members and
// the invitations that wait. Seats are counted inside the transaction that fills one, with the
// owner's row locked, so two invites at once cannot pass the plan together.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import { accountInvites, accountMembers, homes, users } from '../../db/schema'
import type { MemberRole } from '~/domain/team'
import type { Database } from '~/utils/db.server'

export type TeamMember = {
  id: string
  email: string
  name: string | null
  role: 'owner' | MemberRole
  since: Date
  /** The owner's choice when the team is larger than the plan (ADR 306); null: not chosen. */
  keepsSeat: boolean | null
}
export type PendingInvite = { id: number; email: string; role: MemberRole; expiresAt: Date; expired: boolean }

export async function teamOf(db: Database, accountId: string, now = new Date()) {
  const [owner] = await db
    .select({
      id: users.id,
      email: sql<string>`coalesce(${users.email}, '')`,
      name: users.full_name,
      since: users.created_at,
    })
    .from(users)
    .where(eq(users.id, accountId))
  const members = await db
    .select({
      id: users.id,
      email: sql<string>`coalesce(${users.email}, '')`,
      name: users.full_name,
      role: accountMembers.role,
      since: accountMembers.created_at,
      keepsSeat: accountMembers.keeps_seat,
    })
    .from(accountMembers)
    .innerJoin(users, eq(users.id, accountMembers.user_id))
    .where(eq(accountMembers.account_id, accountId))
    .orderBy(asc(accountMembers.created_at))
  const invites = await db
    .select()
    .from(accountInvites)
    .where(
      and(
        eq(accountInvites.account_id, accountId),
        isNull(accountInvites.accepted_at),
        isNull(accountInvites.revoked_at),
      ),
    )
    .orderBy(asc(accountInvites.created_at))
  const people: TeamMember[] = owner ? [{ ...owner, role: 'owner', keepsSeat: true }, ...members] : members
  const pending: PendingInvite[] = invites.map((invite) => ({
    id: invite.id,
    email: invite.email,
    role: invite.role,
    expiresAt: invite.expires_at,
    expired: invite.expires_at <= now,
  }))
  return { people, pending }
}

/** Seats taken: the owner, the members and the invites that can still be accepted. */
async function seatsTaken(db: Database, accountId: string, now: Date): Promise<number> {
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountMembers)
    .where(eq(accountMembers.account_id, accountId))
  const [invites] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountInvites)
    .where(
      and(
        eq(accountInvites.account_id, accountId),
        isNull(accountInvites.accepted_at),
        isNull(accountInvites.revoked_at),
        gt(accountInvites.expires_at, now),
      ),
    )
  return 1 + (members?.n ?? 0) + (invites?.n ?? 0)
}

const lockAccount = (tx: Database, accountId: string) =>
  tx.execute(sql`select 1 from ${users} where ${users.id} = ${accountId} for update`)

export type NewInvite = {
  accountId: string
  email: string
  role: MemberRole
  invitedBy: string
  tokenHash: string
  expiresAt: Date
}

/** Saves an invite if a seat is free: 'full' when the plan's seats are taken, 'member' when the address is in. */
export async function createInvite(
  db: Database,
  invite: NewInvite,
  seats: number,
  now = new Date(),
): Promise<'created' | 'full' | 'member'> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, invite.accountId)
    const inTeam = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(accountMembers, eq(accountMembers.user_id, users.id))
      .where(
        and(
          eq(users.email, invite.email),
          sql`(${users.id} = ${invite.accountId} or ${accountMembers.account_id} = ${invite.accountId})`,
        ),
      )
    if (inTeam.length > 0) return 'member'
    // A new invite to the same address replaces the one that waits.
    await tx
      .update(accountInvites)
      .set({ revoked_at: now })
      .where(
        and(
          eq(accountInvites.account_id, invite.accountId),
          eq(accountInvites.email, invite.email),
          isNull(accountInvites.accepted_at),
          isNull(accountInvites.revoked_at),
        ),
      )
    if ((await seatsTaken(tx, invite.accountId, now)) >= seats) return 'full'
    await tx.insert(accountInvites).values({
      account_id: invite.accountId,
      email: invite.email,
      role: invite.role,
      invited_by: invite.invitedBy,
      token_hash: invite.tokenHash,
      expires_at: invite.expiresAt,
    })
    return 'created'
  })
}

/** A waiting invite with a new token and expiry (resend); null when it is not this account's. */
export async function renewInvite(
  db: Database,
  accountId: string,
  inviteId: number,
  tokenHash: string,
  expiresAt: Date,
) {
  const [invite] = await db
    .update(accountInvites)
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where(
      and(
        eq(accountInvites.id, inviteId),
        eq(accountInvites.account_id, accountId),
        isNull(accountInvites.accepted_at),
        isNull(accountInvites.revoked_at),
      ),
    )
    .returning()
  return invite ?? null
}

export async function revokeInvite(db: Database, accountId: string, inviteId: number, now = new Date()) {
  const revoked = await db
    .update(accountInvites)
    .set({ revoked_at: now })
    .where(
      and(
        eq(accountInvites.id, inviteId),
        eq(accountInvites.account_id, accountId),
        isNull(accountInvites.accepted_at),
      ),
    )
    .returning({ id: accountInvites.id })
  return revoked.length > 0
}

/** The invite behind a link, with the agency's name; null when unknown. */
export async function inviteOfToken(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ invite: accountInvites, agency: users.full_name, ownerEmail: users.email, theme: users.theme })
    .from(accountInvites)
    .innerJoin(users, eq(users.id, accountInvites.account_id))
    .where(eq(accountInvites.token_hash, tokenHash))
  return row ? { ...row.invite, agency: row.agency ?? 'Imobiliária' } : null
}

export type AcceptOutcome = 'joined' | 'invalid' | 'expired' | 'other-email' | 'in-a-team' | 'full'

/** The signed-in person joins the invite's account, if the invite is theirs and still good. */
export async function acceptInvite(
  db: Database,
  tokenHash: string,
  person: { id: string; email: string },
  /** The account's seats, read through the join's transaction (an outer read would wait for it to end). */
  seats: (db: Database, accountId: string) => Promise<number>,
  now = new Date(),
): Promise<AcceptOutcome> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(accountInvites)
      .where(eq(accountInvites.token_hash, tokenHash))
      .for('update')
    if (!invite || invite.accepted_at || invite.revoked_at) return 'invalid'
    if (invite.expires_at <= now) return 'expired'
    if (invite.email !== person.email.toLowerCase()) return 'other-email'
    if (invite.account_id === person.id) return 'invalid'
    const [membership] = await tx.select().from(accountMembers).where(eq(accountMembers.user_id, person.id))
    const [ownTeam] = await tx
      .select({ id: accountMembers.user_id })
      .from(accountMembers)
      .where(eq(accountMembers.account_id, person.id))
      .limit(1)
    if (membership || ownTeam) return 'in-a-team'
    await lockAccount(tx, invite.account_id)
    // This invite holds a seat already: the others may not have grown past the plan meanwhile.
    if ((await seatsTaken(tx, invite.account_id, now)) > (await seats(tx, invite.account_id))) return 'full'
    await tx.insert(accountMembers).values({ user_id: person.id, account_id: invite.account_id, role: invite.role })
    await tx.update(accountInvites).set({ accepted_at: now }).where(eq(accountInvites.id, invite.id))
    return 'joined'
  })
}

export async function setMemberRole(db: Database, accountId: string, memberId: string, role: MemberRole) {
  const changed = await db
    .update(accountMembers)
    .set({ role })
    .where(and(eq(accountMembers.account_id, accountId), eq(accountMembers.user_id, memberId)))
    .returning({ id: accountMembers.user_id })
  return changed.length > 0
}

/**
 * The owner's choice of who keeps access when the team is larger than the plan (ADR 306): the
 * members named keep it, every other member of the account is read-only. The route bounds how many.
 */
export async function chooseSeatHolders(db: Database, accountId: string, keep: readonly string[]) {
  await db
    .update(accountMembers)
    .set({ keeps_seat: inArray(accountMembers.user_id, [...keep]) })
    .where(eq(accountMembers.account_id, accountId))
}

/** Takes a member out at once; the properties they were responsible for pass to the owner. */
export async function removeMember(db: Database, accountId: string, memberId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(accountMembers)
      .where(and(eq(accountMembers.account_id, accountId), eq(accountMembers.user_id, memberId)))
      .returning({ id: accountMembers.user_id })
    if (removed.length === 0) return false
    await tx
      .update(homes)
      .set({ responsible_id: accountId })
      .where(and(eq(homes.user_id, accountId), eq(homes.responsible_id, memberId)))
    return true
  })
}

/** The addresses of the people with these roles in the account (the owner counts as a gestor). */
export async function emailsOfRoles(db: Database, accountId: string, roles: MemberRole[]): Promise<string[]> {
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, accountId))
  const members = roles.length
    ? await db
        .select({ email: users.email })
        .from(accountMembers)
        .innerJoin(users, eq(users.id, accountMembers.user_id))
        .where(and(eq(accountMembers.account_id, accountId), inArray(accountMembers.role, roles)))
    : []
  // An anonymous visitor (ADR 269) has no address yet.
  return [owner?.email, ...members.map((m) => m.email)].filter((email): email is string => !!email)
}

/** Does the account have anyone besides its owner? (Deleting the owner asks first.) */
export async function memberCount(db: Database, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountMembers)
    .where(eq(accountMembers.account_id, accountId))
  return row?.n ?? 0
}

/** A member leaves: the pieces stay with the account, passed to the owner. */
export async function reassignToOwner(db: Database, memberId: string) {
  const [membership] = await db.select().from(accountMembers).where(eq(accountMembers.user_id, memberId))
  if (!membership) return
  await removeMember(db, membership.account_id, memberId)
}

/** The account's default collaborator (an Instagram username without '@'), or null. */
export async function defaultCollaboratorOf(db: Database, accountId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.default_collaborator }).from(users).where(eq(users.id, accountId))
  return row?.name ?? null
}

export async function setDefaultCollaborator(db: Database, accountId: string, name: string | null) {
  await db.update(users).set({ default_collaborator: name }).where(eq(users.id, accountId))
}
