// The slice of Meta's Graph API that publishing uses (Instagram API with Instagram Login):
// image, carousel, Reel and Story containers (collaborators and alt text on what takes them),
// their status, media_publish, the permalink, the first comment and the daily quota.
// Plain fetch: the wire format is small and a local test server speaks it (tests/mocks).
import type { MetaErrorFacts } from '~/domain/publishing-rules'

export const DEFAULT_GRAPH_URL = 'https://graph.instagram.com/v23.0'

export class GraphError extends Error implements MetaErrorFacts {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    readonly subcode: number | undefined,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED'

export type GraphClient = ReturnType<typeof createGraphClient>

export type Params = Record<string, string | undefined>

/** Collaborators as the Graph API takes them: a JSON array of usernames (none: not sent). */
const collaboratorsParam = (usernames: readonly string[] | undefined) =>
  usernames && usernames.length ? JSON.stringify(usernames) : undefined

/** Per request: a hung Graph API fails the attempt (retried later), never holds a worker forever. */
export const GRAPH_TIMEOUT_MS = 30_000

/**
 * One Graph API call: a GET's params in the query, a POST's in a form body; an error answer throws.
 * An empty `path` calls `base` itself (an upload address the API handed out), with its `headers`.
 */
export async function graphCall(
  base: string,
  fetchImpl: typeof fetch,
  method: 'GET' | 'POST',
  path: string,
  params: Params,
  timeoutMs = GRAPH_TIMEOUT_MS,
  headers?: Record<string, string>,
) {
  const url = new URL(path ? `${base.replace(/\/$/, '')}/${path}` : base)
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    if (method === 'GET') url.searchParams.set(key, value)
    else body.set(key, value)
  }
  let response: Response
  try {
    response = await fetchImpl(url, {
      method,
      headers,
      body: method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'falha de rede'
    throw new GraphError(0, undefined, undefined, `rede: ${reason}`, { cause: error })
  }
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok || json.error) {
    const error = (json.error ?? {}) as { code?: number; error_subcode?: number; message?: string }
    throw new GraphError(response.status, error.code, error.error_subcode, error.message ?? `HTTP ${response.status}`)
  }
  return json
}

/** config.quota_total − quota_usage of a content_publishing_limit answer. */
function quotaOf(json: Record<string, unknown>): { used: number; total: number } {
  const first = (json.data as { quota_usage?: number; config?: { quota_total?: number } }[] | undefined)?.[0]
  return { used: first?.quota_usage ?? 0, total: first?.config?.quota_total ?? 50 }
}

/** Reach, saves and shares of an insights answer; a metric Instagram does not have yet is 0. */
function insightsOf(json: Record<string, unknown>): { reach: number; saved: number; shares: number } {
  type Metric = { name?: string; values?: { value?: number }[]; total_value?: { value?: number } }
  const metrics = (json.data as Metric[] | undefined) ?? []
  const read = (name: string) => {
    const metric = metrics.find((m) => m.name === name)
    const value = metric?.total_value?.value ?? metric?.values?.[0]?.value
    return typeof value === 'number' && Number.isFinite(value) ? value : 0
  }
  return { reach: read('reach'), saved: read('saved'), shares: read('shares') }
}

/** Reels, Stories and the first comment (issue 63), beside the client's other calls. */
function storyAndCommentCalls(post: (path: string, params: Params) => Promise<Record<string, unknown>>) {
  return {
    /** A Reel: the MP4 and its cover by links Meta fetches (media_type=REELS). */
    async createReelContainer(
      accountId: string,
      token: string,
      input: { videoUrl: string; coverUrl: string; caption: string; collaborators?: readonly string[] },
    ) {
      const json = await post(`${accountId}/media`, {
        access_token: token,
        media_type: 'REELS',
        video_url: input.videoUrl,
        cover_url: input.coverUrl,
        caption: input.caption,
        share_to_feed: 'true',
        collaborators: collaboratorsParam(input.collaborators),
      })
      return String(json.id)
    },
    /** One Story (media_type=STORIES): an image, or a video (a Reel shown as a Story). No caption. */
    async createStoryContainer(accountId: string, token: string, input: { imageUrl: string } | { videoUrl: string }) {
      const json = await post(`${accountId}/media`, {
        access_token: token,
        media_type: 'STORIES',
        image_url: 'imageUrl' in input ? input.imageUrl : undefined,
        video_url: 'videoUrl' in input ? input.videoUrl : undefined,
      })
      return String(json.id)
    },
    /** A comment on a published media (the first comment): POST /{media-id}/comments. */
    async comment(mediaId: string, token: string, message: string) {
      const json = await post(`${mediaId}/comments`, { access_token: token, message })
      return String(json.id)
    },
  }
}

export function createGraphClient(options: { baseUrl?: string; fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const base = options.baseUrl ?? DEFAULT_GRAPH_URL
  const f = options.fetch ?? fetch
  const get = (path: string, params: Params) => graphCall(base, f, 'GET', path, params, options.timeoutMs)
  const post = (path: string, params: Params) => graphCall(base, f, 'POST', path, params, options.timeoutMs)
  return {
    async createImageContainer(
      accountId: string,
      token: string,
      input: {
        imageUrl: string
        caption?: string
        altText?: string
        carouselItem: boolean
        collaborators?: readonly string[]
      },
    ) {
      const json = await post(`${accountId}/media`, {
        access_token: token,
        image_url: input.imageUrl,
        is_carousel_item: input.carouselItem ? 'true' : undefined,
        caption: input.carouselItem ? undefined : input.caption,
        alt_text: input.altText || undefined,
        // On the carousel's container, not on its items.
        collaborators: input.carouselItem ? undefined : collaboratorsParam(input.collaborators),
      })
      return String(json.id)
    },
    async createCarouselContainer(
      accountId: string,
      token: string,
      children: string[],
      caption: string,
      collaborators?: readonly string[],
    ) {
      const json = await post(`${accountId}/media`, {
        access_token: token,
        media_type: 'CAROUSEL',
        children: children.join(','),
        caption,
        collaborators: collaboratorsParam(collaborators),
      })
      return String(json.id)
    },
    ...storyAndCommentCalls(post),
    async containerStatus(containerId: string, token: string): Promise<ContainerStatus> {
      const json = await get(containerId, { access_token: token, fields: 'status_code' })
      return String(json.status_code) as ContainerStatus
    },
    async publish(accountId: string, token: string, containerId: string) {
      const json = await post(`${accountId}/media_publish`, { access_token: token, creation_id: containerId })
      return String(json.id)
    },
    async permalink(mediaId: string, token: string): Promise<string | null> {
      const json = await get(mediaId, { access_token: token, fields: 'permalink' })
      return typeof json.permalink === 'string' ? json.permalink : null
    },
    /** The newest media of the account (after a crash during media_publish). */
    async latestMedia(accountId: string, token: string): Promise<{ id: string; permalink: string | null } | null> {
      const json = await get(`${accountId}/media`, { access_token: token, fields: 'id,permalink', limit: '1' })
      const first = (json.data as { id: string; permalink?: string }[] | undefined)?.[0]
      return first ? { id: first.id, permalink: first.permalink ?? null } : null
    },
    /** Publications left today: config.quota_total − quota_usage (content_publishing_limit). */
    async publishingQuota(accountId: string, token: string): Promise<{ used: number; total: number }> {
      return quotaOf(
        await get(`${accountId}/content_publishing_limit`, { access_token: token, fields: 'quota_usage,config' }),
      )
    },
    /**
     * A media's lifetime reach, saves and shares (GET /{media-id}/insights). A metric Instagram
     * does not have yet comes back absent, read as 0.
     */
    async mediaInsights(mediaId: string, token: string): Promise<{ reach: number; saved: number; shares: number }> {
      return insightsOf(await get(`${mediaId}/insights`, { access_token: token, metric: 'reach,saved,shares' }))
    },
    async me(token: string): Promise<{ id: string; username: string }> {
      const json = await get('me', { access_token: token, fields: 'user_id,username' })
      return { id: String(json.user_id ?? json.id), username: String(json.username ?? '') }
    },
  }
}
