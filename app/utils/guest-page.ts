/**
 * A route's `handle` saying that, to a signed-out visitor with no cookie and no query string, the
 * page is the same for everyone: the server keeps its HTML and answers the next such visit from
 * memory (ADR 199, `guest-page-cache.server.ts`). Its loaders, and its layouts', must read only
 * the request and the process's settings: no database, no clock that the page shows.
 */
export const SAME_FOR_EVERY_GUEST = { sameForEveryGuest: true } as const

/**
 * A route's `handle` saying its page needs no JavaScript: the root layout writes no scripts at all
 * (the agent's public pages of ADR 223, read on slow phones; every link and form there is plain HTML).
 */
export const NO_SCRIPTS = { noScripts: true } as const

/**
 * The agent's own pages (/c/…): no JavaScript, and the agent's brand only: the product's header
 * ("Entrar", "Criar conta") is not drawn; the page draws the agent's.
 */
export const AGENT_PAGE = { noScripts: true, ownBrand: true } as const
