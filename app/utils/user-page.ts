/**
 * A route's `handle` saying that, for a signed-in person, the page is made only from their
 * `users`, `homes` and `subscriptions` rows (and the request's URL and cookies): the server keeps
 * its HTML until one of those rows changes (ADR 201, `user-page-cache.server.ts`). Its loaders,
 * and its layouts', must read nothing else; the clock only within a minute.
 */
export const SAME_UNTIL_DATA_CHANGES = { sameUntilDataChanges: true } as const
