// Files stored for a form before the form is saved (photos sent with the property form, or
// uploaded as soon as they are picked) wait under tmp/ until the save moves them to their
// place. The files of a form that failed and was never sent again, or was abandoned, are swept
// once they are a day old. See ADR 070.
import { contentTypeOfKey } from '~/domain/media'
import type { Logger } from '~/utils/logger.server'
import { type Storage } from './storage.server'

export const TEMPORARY_PREFIX = 'tmp/'

/** Long enough to fix a form after lunch; short enough that nothing piles up. */
export const TEMPORARY_MAX_AGE_MS = 24 * 3600 * 1000

export const SWEEP_EVERY_MS = 3600 * 1000

export const temporaryKey = (key: string) => `${TEMPORARY_PREFIX}${key}`

export const isTemporaryKey = (key: string) => key.startsWith(TEMPORARY_PREFIX)

/** Where a temporary file goes when its form is saved: the same key without 'tmp/'. */
export const permanentKeyOf = (key: string) => (isTemporaryKey(key) ? key.slice(TEMPORARY_PREFIX.length) : key)

/**
 * Copies a temporary file to its permanent key and answers that key (a permanent key is
 * answered as it is). Null when the temporary file is gone (swept before the form was saved).
 * The temporary file itself is deleted by the caller once the row points at the copy.
 */
export async function keepTemporaryFile(storage: Storage, key: string): Promise<string | null> {
  if (!isTemporaryKey(key)) return key
  const bytes = await storage.get(key)
  if (!bytes) return null
  const target = permanentKeyOf(key)
  await storage.put(target, bytes, contentTypeOfKey(key))
  return target
}

/** Deletes the temporary files older than `maxAgeMs`; answers how many went. */
export async function sweepTemporaryUploads(
  storage: Storage,
  options: { now?: number; maxAgeMs?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now()
  const maxAgeMs = options.maxAgeMs ?? TEMPORARY_MAX_AGE_MS
  const old: string[] = []
  for await (const file of storage.list(TEMPORARY_PREFIX))
    if (now - file.modifiedAt.getTime() >= maxAgeMs) old.push(file.key)
  for (const key of old) await storage.delete(key)
  return old.length
}

/** Sweeps at start and then every hour, in the background; `stop` ends it (shutdown). */
export function startTemporaryUploadSweeper(
  storage: Storage,
  logger: Pick<Logger, 'info' | 'error'>,
  options: { everyMs?: number; maxAgeMs?: number } = {},
): { stop(): void } {
  let running: Promise<void> | null = null
  const sweep = () => {
    running ??= sweepTemporaryUploads(storage, { maxAgeMs: options.maxAgeMs })
      .then((removed) => {
        if (removed > 0) logger.info('temporary uploads swept', { removed })
      })
      .catch((error) => logger.error('temporary upload sweep failed', { error }))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(sweep, 1000)
  const timer = setInterval(sweep, options.everyMs ?? SWEEP_EVERY_MS)
  first.unref()
  timer.unref()
  return {
    stop() {
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}
