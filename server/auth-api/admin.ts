// Admin users endpoints (service-role key): list, get, create, update, delete.
import { asc, count, eq } from 'drizzle-orm'
import { users as profiles } from '../../db/schema'
import { authSessions, authUsers, type AuthUserRow } from '../../db/schema-auth'
import {
  checkPasswordStrength,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  loadFactors,
  checkedMetadata,
  requireServiceRole,
  serializeUser,
  str,
  userJson,
  validateEmail,
  type Ctx,
} from './core'
import { badRequest, json, messages, notFound, unprocessable } from './errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function requireUser(ctx: Ctx, id: string) {
  const user = UUID.test(id) ? await findUserById(ctx.db, id) : undefined
  if (!user) throw notFound('user_not_found', messages.userNotFound)
  return user
}

/** Go-style durations as Supabase takes for ban_duration: "24h", "1h30m", "none". */
function banUntil(ctx: Ctx, raw: unknown): Date | null | undefined {
  if (raw === undefined) return undefined
  if (raw === 'none' || raw === null || raw === '') return null
  if (typeof raw !== 'string') throw badRequest('validation_failed', 'invalid format for ban duration')
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }
  let total = 0
  let rest = raw
  const part = /^(\d+(?:\.\d+)?)(ms|h|m|s)/
  while (rest) {
    const m = part.exec(rest)
    if (!m) throw badRequest('validation_failed', `invalid format for ban duration: ${raw}`)
    total += Number(m[1]) * units[m[2]!]!
    rest = rest.slice(m[0].length)
  }
  return new Date(ctx.now.getTime() + total)
}

export async function listUsers(ctx: Ctx) {
  await requireServiceRole(ctx)
  const page = Math.max(1, Number(ctx.url.searchParams.get('page')) || 1)
  const perPage = Math.min(1000, Math.max(1, Number(ctx.url.searchParams.get('per_page')) || 50))
  const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(authUsers)
  const rows = await ctx.db
    .select()
    .from(authUsers)
    .orderBy(asc(authUsers.created_at), asc(authUsers.id))
    .limit(perPage)
    .offset((page - 1) * perPage)
  const users = await Promise.all(rows.map((u) => userJson(ctx.db, u)))
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')]
  return json({ users, aud: 'authenticated' }, 200, {
    'X-Total-Count': String(total),
    Link: links.join(', '),
  })
}

export async function getUserById(ctx: Ctx, id: string) {
  await requireServiceRole(ctx)
  return userJson(ctx.db, await requireUser(ctx, id))
}

export async function createUser(ctx: Ctx) {
  await requireServiceRole(ctx)
  if (str(ctx.body.phone) && !str(ctx.body.email))
    throw unprocessable('phone_provider_disabled', 'Phone signups are disabled')
  const email = validateEmail(str(ctx.body.email))
  if (await findUserByEmail(ctx.db, email)) throw unprocessable('email_exists', messages.emailExists)
  const password = str(ctx.body.password)
  if (password) checkPasswordStrength(ctx, password)
  const id = str(ctx.body.id) && UUID.test(str(ctx.body.id)!) ? str(ctx.body.id)! : crypto.randomUUID()
  const user = await insertUser(ctx, ctx.db, {
    id,
    email,
    encrypted_password: password ? await hashPassword(ctx, password) : null,
    email_confirmed_at: ctx.body.email_confirm === true ? ctx.now : null,
    raw_user_meta_data: checkedMetadata(ctx.body.user_metadata ?? ctx.body.data),
    raw_app_meta_data: checkedMetadata(ctx.body.app_metadata),
    banned_until: banUntil(ctx, ctx.body.ban_duration) ?? null,
  })
  return serializeUser(user)
}

export async function updateUserById(ctx: Ctx, id: string) {
  await requireServiceRole(ctx)
  const user = await requireUser(ctx, id)
  const changes: Partial<AuthUserRow> = {}
  if (ctx.body.email !== undefined) {
    const email = validateEmail(str(ctx.body.email))
    if (email !== user.email) {
      if (await findUserByEmail(ctx.db, email)) throw unprocessable('email_exists', messages.emailExists)
      changes.email = email
    }
  }
  const password = str(ctx.body.password)
  if (password !== undefined) {
    checkPasswordStrength(ctx, password)
    changes.encrypted_password = await hashPassword(ctx, password)
  }
  if (ctx.body.email_confirm === true && !user.email_confirmed_at) changes.email_confirmed_at = ctx.now
  if (ctx.body.user_metadata !== undefined)
    changes.raw_user_meta_data = checkedMetadata({
      ...user.raw_user_meta_data,
      ...checkedMetadata(ctx.body.user_metadata),
    })
  if (ctx.body.app_metadata !== undefined)
    changes.raw_app_meta_data = checkedMetadata({
      ...user.raw_app_meta_data,
      ...checkedMetadata(ctx.body.app_metadata),
    })
  const ban = banUntil(ctx, ctx.body.ban_duration)
  if (ban !== undefined) changes.banned_until = ban
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = Object.keys(changes).length
      ? await tx.update(authUsers).set(changes).where(eq(authUsers.id, id)).returning()
      : [user]
    // A ban ends the user's sessions at once.
    if (ban) await tx.delete(authSessions).where(eq(authSessions.user_id, id))
    return row!
  })
  return serializeUser(updated, await loadFactors(ctx.db, id))
}

export async function deleteUser(ctx: Ctx, id: string) {
  await requireServiceRole(ctx)
  const user = await requireUser(ctx, id)
  await ctx.db.transaction(async (tx) => {
    // Mirrors the usual `users.id references auth.users on delete cascade` of a Supabase project.
    await tx.delete(profiles).where(eq(profiles.id, user.id))
    await tx.delete(authUsers).where(eq(authUsers.id, user.id))
  })
  return {}
}
