// The slice of the Pages API (graph.facebook.com) that publishing to a Facebook Page uses (ADR 308):
// the Pages a person manages with their Page tokens, photos uploaded unpublished, a feed post that
// attaches them, photo Stories, the Page's latest posts and Stories (to settle an attempt cut
// short), a post's permalink, a comment and a post's insights; Reels and video Stories through the
// video upload (facebook-page-videos.server.ts, ADR 320). Same wire as the Instagram client
// (graph.server.ts): plain fetch, and a local test server speaks it (tests/mocks/meta-graph.ts).
import { graphCall, GRAPH_TIMEOUT_MS, type Params } from './graph.server'
import { pageVideoCalls } from './facebook-page-videos.server'

export const DEFAULT_FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v23.0'

export type PagesClient = ReturnType<typeof createPagesClient>

export type ManagedPage = { id: string; name: string; token: string }

/** A post of the Page with the photos it carries (a multi-photo post's are subattachments). */
export type PagePost = { id: string; permalink: string | null; photoIds: string[] }

type Attachment = { target?: { id?: string }; subattachments?: { data?: Attachment[] } }

function photoIdsOf(attachments: { data?: Attachment[] } | undefined): string[] {
  const ids: string[] = []
  for (const attachment of attachments?.data ?? []) {
    if (attachment.target?.id) ids.push(attachment.target.id)
    ids.push(...photoIdsOf(attachment.subattachments))
  }
  return ids
}

/** Lifetime impressions and reactions (all kinds summed) of a Page post; an absent metric is 0. */
function pageInsightsOf(json: Record<string, unknown>): { impressions: number; reactions: number } {
  type Metric = { name?: string; values?: { value?: number | Record<string, number> }[] }
  const metrics = (json.data as Metric[] | undefined) ?? []
  const value = (name: string) => metrics.find((m) => m.name === name)?.values?.[0]?.value
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
  const reactions = value('post_reactions_by_type_total')
  return {
    impressions: count(value('post_impressions')),
    reactions:
      typeof reactions === 'object' && reactions
        ? Object.values(reactions).reduce((sum, n) => sum + count(n), 0)
        : count(reactions),
  }
}

export function createPagesClient(options: { baseUrl?: string; fetch?: typeof fetch; timeoutMs?: number } = {}) {
  const base = options.baseUrl ?? DEFAULT_FACEBOOK_GRAPH_URL
  const f = options.fetch ?? fetch
  const timeout = options.timeoutMs ?? GRAPH_TIMEOUT_MS
  const get = (path: string, params: Params) => graphCall(base, f, 'GET', path, params, timeout)
  const post = (path: string, params: Params) => graphCall(base, f, 'POST', path, params, timeout)
  return {
    ...pageVideoCalls(base, f, timeout),
    /** The Pages the person manages, each with its Page token (GET /me/accounts). */
    async managedPages(userToken: string): Promise<ManagedPage[]> {
      const json = await get('me/accounts', { access_token: userToken, fields: 'id,name,access_token', limit: '100' })
      const pages = (json.data as { id?: string; name?: string; access_token?: string }[] | undefined) ?? []
      return pages
        .filter((page) => page.id && page.access_token)
        .map((page) => ({
          id: String(page.id),
          name: String(page.name ?? 'Página do Facebook'),
          token: page.access_token!,
        }))
    },
    /** A photo Facebook fetches from `url`, kept unpublished until a post (or a Story) takes it. */
    async uploadPhoto(pageId: string, token: string, input: { url: string; altText?: string }) {
      const json = await post(`${pageId}/photos`, {
        access_token: token,
        url: input.url,
        published: 'false',
        alt_text_custom: input.altText || undefined,
      })
      return String(json.id)
    },
    /** The post itself: the message and the uploaded photos, in order (POST /{page-id}/feed). */
    async createPost(pageId: string, token: string, input: { message: string; photoIds: readonly string[] }) {
      const attached: Params = {}
      input.photoIds.forEach((id, i) => (attached[`attached_media[${i}]`] = JSON.stringify({ media_fbid: id })))
      const json = await post(`${pageId}/feed`, { access_token: token, message: input.message, ...attached })
      return String(json.id)
    },
    /** One uploaded photo as a Page Story (POST /{page-id}/photo_stories); the Story's post id. */
    async photoStory(pageId: string, token: string, photoId: string) {
      const json = await post(`${pageId}/photo_stories`, { access_token: token, photo_id: photoId })
      return String(json.post_id ?? json.id)
    },
    /** The Page's latest posts with their photos (after an attempt cut short during the post). */
    async latestPosts(pageId: string, token: string): Promise<PagePost[]> {
      const json = await get(`${pageId}/published_posts`, {
        access_token: token,
        fields: 'id,permalink_url,attachments{target{id},subattachments{target{id}}}',
        limit: '10',
      })
      type Row = { id: string; permalink_url?: string; attachments?: { data?: Attachment[] } }
      return ((json.data as Row[] | undefined) ?? []).map((row) => ({
        id: row.id,
        permalink: row.permalink_url ?? null,
        photoIds: photoIdsOf(row.attachments),
      }))
    },
    /** The Page's Stories: which uploaded photo each one shows. */
    async stories(pageId: string, token: string): Promise<{ postId: string; mediaId: string }[]> {
      const json = await get(`${pageId}/stories`, { access_token: token })
      const rows = (json.data as { post_id?: string; media_id?: string }[] | undefined) ?? []
      return rows.map((row) => ({ postId: String(row.post_id ?? ''), mediaId: String(row.media_id ?? '') }))
    },
    async permalink(postId: string, token: string): Promise<string | null> {
      const json = await get(postId, { access_token: token, fields: 'permalink_url' })
      return typeof json.permalink_url === 'string' ? json.permalink_url : null
    },
    /** A comment on the Page's post, as the Page (the first comment). */
    async comment(postId: string, token: string, message: string) {
      const json = await post(`${postId}/comments`, { access_token: token, message })
      return String(json.id)
    },
    /** A post's lifetime impressions and reactions (GET /{post-id}/insights). */
    async postInsights(postId: string, token: string): Promise<{ impressions: number; reactions: number }> {
      return pageInsightsOf(
        await get(`${postId}/insights`, {
          access_token: token,
          metric: 'post_impressions,post_reactions_by_type_total',
        }),
      )
    },
  }
}
