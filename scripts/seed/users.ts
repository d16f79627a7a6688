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

export async function seedUsers(db: Database, authAdmin: AuthAdmin) {
  const demoUserId = await ensureAuthUser(authAdmin, DEMO_ACCOUNT)
  await ensureProfile(db, demoUserId, DEMO_ACCOUNT)
  const adminUserId = await ensureAuthUser(authAdmin, ADMIN_ACCOUNT)
  await ensureProfile(db, adminUserId, ADMIN_ACCOUNT)
  return { demoUserId, adminUserId }
}
