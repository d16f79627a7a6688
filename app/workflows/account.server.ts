// The person's rights over their data (LGPD art. 18), from /minha-conta/privacidade: a zip of
// everything the account holds (every row as JSON, every stored file, every post's image), and
// the account's deletion (subscription ended at the provider, rows, stored files, auth user).
// See ADR 131.
import type { Readable } from 'node:stream'
import { postDownloadName } from '~/domain/post-content'
import { deleteAccountRows, exportAccountRows } from '~/models/account-data.server'
import type { Database } from '~/utils/db.server'
import type { Logger } from '~/utils/logger.server'
import type { BillingBackend } from '~/integrations/stripe/billing.server'
import type { Storage } from '~/integrations/storage/storage.server'
import { TEMPORARY_PREFIX } from '~/integrations/storage/temporary-uploads.server'
import { userUploadsPrefix } from '~/integrations/images/images.server'
import { streamStoredZip, type ZipSource } from '~/integrations/render/zip.server'
import { cancelSubscriptionForDeletion } from './billing.server'
import { loadOwnPost, type PostImages } from './post-images.server'

export const EXPORT_JSON_NAME = 'dados.json'

/** Every stored key of the person: saved uploads and files still waiting under tmp/. */
async function storedKeys(storage: Storage, userId: string): Promise<string[]> {
  const keys: string[] = []
  for (const prefix of [userUploadsPrefix(userId), `${TEMPORARY_PREFIX}${userUploadsPrefix(userId)}`])
    for await (const file of storage.list(prefix)) keys.push(file.key)
  return keys.sort()
}

/** JSON-safe rows (bigint ids, dates as ISO strings). */
function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? Number(v) : v), 2)
}

export type ExportDeps = { db: Database; storage: Storage; postImages: PostImages; logger: Logger }

/**
 * The export zip, streamed: dados.json (every row, by table), arquivos/<key> (every stored
 * file: photos in every size, floor plans, logos, profile photo) and posts/post-{template}-{id}.png
 * (each post's main image, drawn by the renderer). A file that fails is logged and left out.
 */
export async function exportAccountZip(
  deps: ExportDeps,
  userId: string,
  now = new Date(),
): Promise<{ stream: Readable; files: string[] }> {
  const rows = await exportAccountRows(deps.db, userId)
  const json = toJson({ exported_at: now.toISOString(), user_id: userId, tables: rows })
  const sources: ZipSource[] = [{ name: EXPORT_JSON_NAME, bytes: async () => Buffer.from(json, 'utf8') }]
  const prefix = userUploadsPrefix(userId)
  for (const key of await storedKeys(deps.storage, userId)) {
    const name = key.startsWith(TEMPORARY_PREFIX)
      ? `arquivos/tmp/${key.slice(TEMPORARY_PREFIX.length + prefix.length)}`
      : `arquivos/${key.slice(prefix.length)}`
    sources.push({ name, bytes: () => deps.storage.get(key) })
  }
  const posts = (rows.posts ?? []).filter((post) => post.deleted_at == null)
  for (const post of posts) {
    const id = Number(post.id)
    sources.push({
      name: `posts/${postDownloadName(post.template as string | null, id)}`,
      bytes: async () => {
        const data = await loadOwnPost(deps.db, userId, id)
        return data && data.post.user_id === userId && !data.post.generating ? deps.postImages.mainPng(data) : null
      },
    })
  }
  return streamStoredZip(sources, {
    concurrency: 2,
    // The export is dated when it is made.
    modified: new Date(),
    onError: (source, error) => deps.logger.error('account export: file skipped', { userId, file: source.name, error }),
  })
}

export type DeletionDeps = {
  db: Database
  storage: Storage
  billing: BillingBackend
  logger: Logger
  /** Deletes the auth user at the auth service (hosted Supabase); a missing one is fine. */
  deleteAuthUser: (userId: string) => Promise<void>
}

/**
 * Deletes the account: the subscription first (throws, deleting nothing, when the provider
 * cannot be reached), then every row in one transaction, then the stored files and the auth user.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  userId: string,
): Promise<{ rows: Record<string, number>; files: number }> {
  await cancelSubscriptionForDeletion(deps.db, deps.billing, userId, deps.logger)
  const keys = await storedKeys(deps.storage, userId)
  const rows = await deleteAccountRows(deps.db, userId)
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)))
  const failed = results.filter((result) => result.status === 'rejected').length
  if (failed) deps.logger.error('account deletion: stored files left', { userId, failed })
  await deps
    .deleteAuthUser(userId)
    .catch((error) => deps.logger.error('account deletion: auth user not deleted', { userId, error }))
  deps.logger.info('account deleted', { userId, files: keys.length - failed })
  return { rows, files: keys.length - failed }
}
