// The demo account and the admin (idempotent): created through the auth admin API, so the same
// code seeds the built-in auth and a hosted Supabase; then their `users` rows and roles.
import type { SupabaseClient } from '@supabase/supabase-js'
import { upsertProfile } from '../../app/models/users.server'
import type { Database } from '../../app/utils/db.server'

type AuthAdmin = SupabaseClient['auth']['admin']

type SeedAccount = {
  email: string
  password: string
  full_name: string
  phone: string | null
  role: 'user' | 'admin'
}

export const DEMO_ACCOUNT: SeedAccount = {
  email: 'demo@vitrine.app',
  password: 'vitrine123',
  full_name: 'Marina Duarte',
  phone: '(11) 98765-4321',
  role: 'user',
}

export const ADMIN_ACCOUNT: SeedAccount = {
  email: 'admin@vitrine.app',
  password: 'vitrine-admin',
  full_name: 'Administração Vitrine',
  phone: null,
  role: 'admin',
}

async function findByEmail(authAdmin: AuthAdmin, email: string) {
  for (let page = 1; ; page++) {
    const { data, error } = await authAdmin.listUsers({ page, perPage: 1000 })
    if (error) throw error
    const found = data.users.find((u) => u.email?.toLowerCase() === email)
    if (found) return found
    if (data.users.length < 1000) return null
  }
}

/** The account's auth user with the known password, confirmed; its id. */
async function ensureAuthUser(authAdmin: AuthAdmin, account: SeedAccount) {
  const metadata = { full_name: account.full_name, phone: account.phone }
  const created = await authAdmin.createUser({
    email: account.email,
    password: account.password,
    email_confirm: true,
    user_metadata: metadata,
  })
  if (created.data.user) return created.data.user.id
  const existing = await findByEmail(authAdmin, account.email)
  if (!existing) throw created.error ?? new Error(`could not create ${account.email}`)
  const updated = await authAdmin.updateUserById(existing.id, {
    password: account.password,
    email_confirm: true,
    ban_duration: 'none',
  })
  if (updated.error) throw updated.error
  return existing.id
}

function ensureProfile(db: Database, id: string, account: SeedAccount) {
  const { email, full_name, phone, role } = account
  return upsertProfile(db, { id, email, full_name, phone, role })
}

export class SeedAdminRefused extends Error {}

/**
 * The admin to seed: the demo one (password printed in the README) outside production; in
 * production only with SEED_ADMIN_PASSWORD, which then is its password. Throws before anything
 * is written otherwise: a known admin password must never reach a public deploy.
 */
export function adminAccountFor(env: { NODE_ENV?: string; SEED_ADMIN_PASSWORD?: string }): SeedAccount {
  if (env.SEED_ADMIN_PASSWORD) return { ...ADMIN_ACCOUNT, password: env.SEED_ADMIN_PASSWORD }
  if (env.NODE_ENV === 'production')
    throw new SeedAdminRefused(
      'NODE_ENV=production: the seed does not create the admin with the README password. ' +
        'Set SEED_ADMIN_PASSWORD / Em produção, defina SEED_ADMIN_PASSWORD para criar o administrador.',
    )
  return ADMIN_ACCOUNT
}

export async function seedUsers(
  db: Database,
  authAdmin: AuthAdmin,
  env: { NODE_ENV?: string; SEED_ADMIN_PASSWORD?: string } = {},
) {
  const admin = adminAccountFor(env)
  const demoUserId = await ensureAuthUser(authAdmin, DEMO_ACCOUNT)
  await ensureProfile(db, demoUserId, DEMO_ACCOUNT)
  const adminUserId = await ensureAuthUser(authAdmin, admin)
  await ensureProfile(db, adminUserId, admin)
  return { demoUserId, adminUserId }
}
