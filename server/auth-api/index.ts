// The built-in Supabase-Auth-compatible API (docs/principles.md "Auth"; ADR 010).
export { handleAuthRequest, type AuthApiDeps } from './handler'
export { createApiKeys } from './jwt'
export { createInProcessFetch } from './fetch'
export { loadOrCreateJwtSecret } from './instance'
export { authEpoch, authChanged } from '~/utils/auth-epoch.server'
