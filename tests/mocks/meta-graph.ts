// A local Meta Graph API (Instagram API with Instagram Login), plain node:http: image and
// carousel containers (it downloads each image_url like Meta does and refuses a ratio outside
// 4:5–1.91:1 with 2207009), Reels containers (it downloads the MP4 and the cover), Story
// containers (media_type=STORIES: an image from 9:16, or a video), collaborators (a JSON array of
// up to 3 usernames, none on Stories), comments on published media, container status,
// media_publish, permalinks, the daily quota
// (content_publishing_limit), and the OAuth endpoints. Knobs play the failures: 9007 on
// media_publish, a revoked token (190), 5xx.
// It also stands in for the Pages API (ADR 308): Facebook Login (the dialog and both code
// exchanges), /me/accounts with each Page's token, photos uploaded unpublished (it downloads each
// url and refuses a file that is not a JPEG), feed posts with attached_media, photo Stories, the
// Page's published posts and Stories, permalinks, comments and a post's insights; every post and
// Story it made is kept in `pagePosts`, so a test asserts what reached "Facebook". A knob makes
// the feed call post and then never answer (the client's time-out). Page Reels and video Page
// Stories (the video upload: start, upload by file_url, finish, status) are in meta-pages-video.ts.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { pageVideoEdge, readPageVideo, uploadPageVideo, videoStoriesOf, type PageVideoState } from './meta-pages-video'

export type MockContainer = {
  id: string
  imageUrl?: string
  /** A Reel (media_type=REELS): the MP4 and its cover Meta fetched. */
  mediaType?: string
  videoUrl?: string
  coverUrl?: string
  children?: string[]
  caption?: string
  altText?: string
  /** The usernames of `collaborators` (a JSON array), as Meta parses them. */
  collaborators?: string[]
  status: string
  polls: number
}
export type MockMedia = {
  id: string
  containerId: string
  children: string[]
  caption: string
  permalink: string
  /** 'STORIES', 'REELS', 'CAROUSEL' or 'IMAGE'. */
  mediaType: string
}
export type MockComment = { id: string; mediaId: string; message: string }
export type MockPage = { id: string; name: string; token: string }
export type MockPagePhoto = { id: string; pageId: string; url: string; altText: string; published: boolean }
export type MockPagePost = {
  id: string
  pageId: string
  /** 'post' (a feed post with its photos) or 'story' (one photo Story). */
  kind: 'post' | 'story'
  message: string
  photoIds: string[]
  permalink: string
}

export type MetaGraphState = PageVideoState & {
  tokens: Set<string>
  containers: Map<string, MockContainer>
  media: MockMedia[]
  /** media_publish calls that answer 9007 "media not ready" before one succeeds. */
  publish9007: number
  /** Container creations that answer HTTP 500. */
  fail500: number
  /** media_publish calls that publish and then never answer (the client's time-out). */
  hangPublish: number
  quota: { used: number; total: number }
  /** Status polls a container stays IN_PROGRESS. */
  pollsInProgress: number
  requests: string[]
  downloads: number
  codes: Map<string, string>
  comments: MockComment[]
  /** Comment calls that answer 400 (a comment refused), before one succeeds. */
  failComments: number
  /** The Pages /me/accounts lists for a Facebook Login user token. */
  pages: MockPage[]
  pagePhotos: Map<string, MockPagePhoto>
  /** Every post and Story made on a Page, oldest first. */
  pagePosts: MockPagePost[]
  /** Feed calls that post and then never answer. */
  hangFeed: number
  /** What a Page post's insights answer. */
  pageInsights: { impressions: number; reactions: Record<string, number> }
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))

const graphError = (res: ServerResponse, status: number, code: number, message: string, subcode?: number) =>
  json(res, status, { error: { message, type: 'OAuthException', code, error_subcode: subcode, fbtrace_id: 'mock' } })

async function readParams(req: IncomingMessage, url: URL): Promise<URLSearchParams> {
  const params = new URLSearchParams(url.searchParams)
  if (req.method === 'POST') {
    let body = ''
    for await (const chunk of req) body += chunk
    for (const [k, v] of new URLSearchParams(body)) params.set(k, v)
  }
  return params
}

let nextId = 17_000_000_000

async function createContainer(state: MetaGraphState, params: URLSearchParams, res: ServerResponse) {
  if (state.fail500 > 0) {
    state.fail500--
    return json(res, 500, { error: { message: 'An unknown error occurred', code: 1 } })
  }
  const id = String(nextId++)
  const collaborators = readCollaborators(params)
  if (collaborators === 'invalid')
    return graphError(res, 400, 100, 'Invalid parameter: collaborators must be a list of usernames.', 2207060)
  if (collaborators && params.get('media_type') === 'STORIES')
    return graphError(res, 400, 100, 'Collaborators are not supported on stories.', 2207061)
  if (params.get('media_type') === 'CAROUSEL') {
    const children = (params.get('children') ?? '').split(',').filter(Boolean)
    state.containers.set(id, {
      id,
      mediaType: 'CAROUSEL',
      children,
      caption: params.get('caption') ?? '',
      collaborators: collaborators ?? undefined,
      status: 'IN_PROGRESS',
      polls: 0,
    })
    return json(res, 200, { id })
  }
  if (params.get('media_type') === 'REELS') return createReel(state, id, params, res, collaborators ?? undefined)
  const story = params.get('media_type') === 'STORIES'
  if (story && params.get('video_url')) return createReel(state, id, params, res, undefined, 'STORIES')
  const imageUrl = params.get('image_url') ?? ''
  const image = await fetch(imageUrl).catch(() => null)
  if (!image || !image.ok)
    return graphError(res, 400, 9004, 'Only photo or video can be accepted as media type.', 2207052)
  state.downloads++
  const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
  const ratio = (meta.width ?? 1) / (meta.height ?? 1)
  // A Story takes 9:16; the feed 4:5 to 1.91:1.
  if (ratio < (story ? 9 / 16 : 0.8) - 0.005 || ratio > 1.91 + 0.005)
    return graphError(res, 400, 36003, 'The aspect ratio is not supported.', 2207009)
  if (meta.format !== 'jpeg') return graphError(res, 400, 9004, 'Only JPEG is supported.', 2207005)
  state.containers.set(id, {
    id,
    imageUrl,
    mediaType: story ? 'STORIES' : params.get('is_carousel_item') === 'true' ? 'CAROUSEL_ITEM' : 'IMAGE',
    caption: story ? '' : (params.get('caption') ?? ''),
    altText: params.get('alt_text') ?? '',
    collaborators: collaborators ?? undefined,
    status: 'IN_PROGRESS',
    polls: 0,
  })
  return json(res, 200, { id })
}

/** `collaborators` as Meta reads it: a JSON array of 1–3 usernames; null when absent. */
function readCollaborators(params: URLSearchParams): string[] | null | 'invalid' {
  const raw = params.get('collaborators')
  if (raw === null) return null
  try {
    const list = JSON.parse(raw) as unknown
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      list.length > 3 ||
      !list.every((name) => typeof name === 'string' && /^[A-Za-z0-9._]{1,30}$/.test(name))
    )
      return 'invalid'
    return list as string[]
  } catch {
    return 'invalid'
  }
}

/**
 * A Reel container (or a video Story): Meta fetches the MP4 (an ISO BMFF file: 'ftyp' at byte 4)
 * and, for a Reel, the cover JPEG.
 */
async function createReel(
  state: MetaGraphState,
  id: string,
  params: URLSearchParams,
  res: ServerResponse,
  collaborators?: string[],
  mediaType: 'REELS' | 'STORIES' = 'REELS',
) {
  const videoUrl = params.get('video_url') ?? ''
  const coverUrl = params.get('cover_url') ?? ''
  const [video, cover] = await Promise.all(
    [videoUrl, mediaType === 'REELS' ? coverUrl : null].map((u) => (u === null ? null : fetch(u).catch(() => null))),
  )
  const videoBytes = video?.ok ? Buffer.from(await video.arrayBuffer()) : null
  if (!videoBytes || videoBytes.subarray(4, 8).toString('latin1') !== 'ftyp')
    return graphError(res, 400, 9004, 'The video could not be fetched or is not an MP4.', 2207026)
  if (mediaType === 'REELS') {
    const coverBytes = cover?.ok ? Buffer.from(await cover.arrayBuffer()) : null
    if (!coverBytes || (await sharp(coverBytes).metadata()).format !== 'jpeg')
      return graphError(res, 400, 9004, 'The cover could not be fetched.', 2207052)
  }
  state.downloads += mediaType === 'REELS' ? 2 : 1
  state.containers.set(id, {
    id,
    mediaType,
    videoUrl,
    coverUrl: mediaType === 'REELS' ? coverUrl : undefined,
    caption: mediaType === 'REELS' ? (params.get('caption') ?? '') : '',
    collaborators,
    status: 'IN_PROGRESS',
    polls: 0,
  })
  return json(res, 200, { id })
}

function publish(state: MetaGraphState, params: URLSearchParams, res: ServerResponse) {
  if (state.publish9007 > 0) {
    state.publish9007--
    return graphError(res, 400, 9007, 'Media ID is not available', 2207027)
  }
  if (state.quota.used >= state.quota.total)
    return graphError(res, 400, 9, 'Application request limit reached', 2207042)
  const container = state.containers.get(params.get('creation_id') ?? '')
  if (!container || container.status !== 'FINISHED')
    return graphError(res, 400, 9007, 'Media ID is not available', 2207027)
  container.status = 'PUBLISHED'
  const id = String(nextId++)
  state.media.unshift({
    id,
    containerId: container.id,
    children: container.children ?? [],
    caption: container.caption ?? '',
    permalink: `https://www.instagram.com/p/${id}/`,
    mediaType: container.mediaType ?? 'IMAGE',
  })
  state.quota.used++
  if (state.hangPublish > 0) return void state.hangPublish--
  return json(res, 200, { id })
}

/** POST /{media-id}/comments: a comment on a published media or Page post (not on a Story). */
function comment(state: MetaGraphState, mediaId: string, params: URLSearchParams, res: ServerResponse) {
  if (state.failComments > 0) {
    state.failComments--
    return graphError(res, 400, 100, 'The comment could not be posted.', 2207051)
  }
  const media = state.media.find((m) => m.id === mediaId)
  const pagePost =
    state.pagePosts.find((p) => p.id === mediaId && p.kind === 'post') ??
    (state.pageVideos.get(mediaId)?.edge === 'video_reels' && state.pageVideos.get(mediaId)?.finished)
  if (!pagePost && (!media || media.mediaType === 'STORIES'))
    return graphError(res, 400, 100, 'Unsupported post request.', 33)
  const message = params.get('message') ?? ''
  if (!message || [...message].length > 2200) return graphError(res, 400, 100, 'Invalid parameter: message.')
  const id = String(nextId++)
  state.comments.push({ id, mediaId, message })
  return json(res, 200, { id })
}

function readObject(state: MetaGraphState, id: string, params: URLSearchParams, res: ServerResponse) {
  const video = state.pageVideos.get(id)
  if (video) return readPageVideo(state, video, params, (status, body) => json(res, status, body))
  const pagePost = state.pagePosts.find((p) => p.id === id)
  if (pagePost) return json(res, 200, { id, permalink_url: pagePost.permalink })
  const container = state.containers.get(id)
  if (container) {
    if (container.status === 'IN_PROGRESS' && ++container.polls > state.pollsInProgress) container.status = 'FINISHED'
    return json(res, 200, { id, status_code: container.status })
  }
  const media = state.media.find((m) => m.id === id)
  if (media) return json(res, 200, { id, permalink: media.permalink })
  return graphError(res, 400, 100, 'Unsupported get request.', 33)
}

function oauth(state: MetaGraphState, url: URL, params: URLSearchParams, res: ServerResponse): boolean {
  if (url.pathname === '/oauth/authorize') {
    const code = `code-${nextId++}`
    state.codes.set(code, params.get('redirect_uri') ?? '')
    const back = new URL(params.get('redirect_uri') ?? '')
    back.searchParams.set('code', code)
    back.searchParams.set('state', params.get('state') ?? '')
    res.writeHead(302, { location: back.toString() }).end()
    return true
  }
  if (url.pathname === '/oauth/access_token') {
    if (!state.codes.has(params.get('code') ?? '')) graphError(res, 400, 36009, 'Invalid authorization code')
    else
      json(res, 200, {
        access_token: `short-${params.get('code')}`,
        user_id: 'ig-user-1',
        permissions: ['instagram_business_basic'],
      })
    return true
  }
  if (url.pathname === '/access_token' || url.pathname === '/refresh_access_token') {
    const token = `long-${nextId++}`
    state.tokens.add(token)
    json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_184_000 })
    return true
  }
  return false
}

// ------------------------------------------------------------------ the Pages API

/** A Facebook Login user token (the Pages' own tokens are not). */
const isFacebookUserToken = (state: MetaGraphState, token: string) => token.startsWith('fb-') && state.tokens.has(token)

/** Facebook Login: the dialog answers at once with a code; both exchanges are GETs on the Graph. */
function facebookOauth(state: MetaGraphState, url: URL, params: URLSearchParams, res: ServerResponse): boolean {
  if (/^\/v\d+\.\d+\/dialog\/oauth$/.test(url.pathname)) {
    const code = `fb-code-${nextId++}`
    state.codes.set(code, params.get('redirect_uri') ?? '')
    const back = new URL(params.get('redirect_uri') ?? '')
    back.searchParams.set('code', code)
    back.searchParams.set('state', params.get('state') ?? '')
    res.writeHead(302, { location: back.toString() }).end()
    return true
  }
  if (!/^\/v\d+\.\d+\/oauth\/access_token$/.test(url.pathname)) return false
  if (params.get('grant_type') === 'fb_exchange_token') {
    if (!isFacebookUserToken(state, params.get('fb_exchange_token') ?? ''))
      graphError(res, 400, 190, 'Invalid OAuth access token.')
    else {
      const token = `fb-long-${nextId++}`
      state.tokens.add(token)
      json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_184_000 })
    }
    return true
  }
  const code = params.get('code') ?? ''
  if (!code.startsWith('fb-code-') || state.codes.get(code) !== params.get('redirect_uri'))
    graphError(res, 400, 100, 'Invalid verification code format.')
  else {
    state.codes.delete(code)
    const token = `fb-short-${nextId++}`
    state.tokens.add(token)
    json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_000 })
  }
  return true
}

function managedPages(state: MetaGraphState, token: string, res: ServerResponse) {
  if (!isFacebookUserToken(state, token)) return graphError(res, 400, 190, 'A user access token is required.')
  return json(res, 200, {
    data: state.pages.map((page) => ({
      id: page.id,
      name: page.name,
      access_token: page.token,
      tasks: ['CREATE_CONTENT'],
    })),
  })
}

/** What a Page's published_posts answer shows of a post's photos (one, or an album of them). */
function attachmentsOf(post: MockPagePost) {
  if (post.photoIds.length === 1) return { data: [{ type: 'photo', target: { id: post.photoIds[0] } }] }
  return {
    data: [{ type: 'album', subattachments: { data: post.photoIds.map((id) => ({ type: 'photo', target: { id } })) } }],
  }
}

async function uploadPagePhoto(state: MetaGraphState, pageId: string, params: URLSearchParams, res: ServerResponse) {
  const url = params.get('url') ?? ''
  const image = await fetch(url).catch(() => null)
  if (!image || !image.ok) return graphError(res, 400, 324, 'Missing or invalid image file')
  state.downloads++
  const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata()
  if (meta.format !== 'jpeg') return graphError(res, 400, 324, 'Missing or invalid image file')
  const id = String(nextId++)
  const published = params.get('published') !== 'false'
  state.pagePhotos.set(id, { id, pageId, url, altText: params.get('alt_text_custom') ?? '', published })
  if (published)
    return json(res, 200, { id, post_id: makePagePost(state, pageId, 'post', params.get('caption') ?? '', [id]) })
  return json(res, 200, { id })
}

function makePagePost(
  state: MetaGraphState,
  pageId: string,
  kind: 'post' | 'story',
  message: string,
  photoIds: string[],
) {
  const n = nextId++
  const id = `${pageId}_${n}`
  state.pagePosts.push({
    id,
    pageId,
    kind,
    message,
    photoIds,
    permalink: `https://www.facebook.com/${pageId}/posts/${n}`,
  })
  return id
}

/** POST /{page-id}/feed with attached_media[i]={"media_fbid":…}: photos of this Page, unpublished. */
function pageFeedPost(state: MetaGraphState, pageId: string, params: URLSearchParams, res: ServerResponse) {
  const photoIds: string[] = []
  for (let i = 0; params.has(`attached_media[${i}]`); i++) {
    let id = ''
    try {
      id = String((JSON.parse(params.get(`attached_media[${i}]`) ?? '{}') as { media_fbid?: string }).media_fbid ?? '')
    } catch {
      return graphError(res, 400, 100, 'Invalid parameter: attached_media')
    }
    const photo = state.pagePhotos.get(id)
    if (!photo || photo.pageId !== pageId || photo.published)
      return graphError(res, 400, 100, `Invalid parameter: attached_media[${i}]`)
    photoIds.push(id)
  }
  const message = params.get('message') ?? ''
  if (!message && photoIds.length === 0)
    return graphError(res, 400, 100, 'Invalid parameter: message or attached_media')
  const id = makePagePost(state, pageId, 'post', message, photoIds)
  if (state.hangFeed > 0) return void state.hangFeed--
  return json(res, 200, { id })
}

function pageEdge(
  state: MetaGraphState,
  req: IncomingMessage,
  method: string,
  pageId: string,
  edge: string | undefined,
  params: URLSearchParams,
  res: ServerResponse,
) {
  const page = state.pages.find((p) => p.id === pageId)!
  if (params.get('access_token') !== page.token) return graphError(res, 403, 200, 'A Page access token is required.')
  if (method === 'POST' && edge === 'photos') return uploadPagePhoto(state, pageId, params, res)
  if (method === 'POST' && edge === 'feed') return pageFeedPost(state, pageId, params, res)
  if (method === 'POST' && (edge === 'video_reels' || edge === 'video_stories'))
    return pageVideoEdge(state, req, pageId, edge, params, (status, body) => json(res, status, body))
  if (method === 'POST' && edge === 'photo_stories') {
    const photo = state.pagePhotos.get(params.get('photo_id') ?? '')
    if (!photo || photo.pageId !== pageId || photo.published)
      return graphError(res, 400, 100, 'Invalid parameter: photo_id')
    return json(res, 200, { success: true, post_id: makePagePost(state, pageId, 'story', '', [photo.id]) })
  }
  const mine = state.pagePosts.filter((p) => p.pageId === pageId)
  if (method === 'GET' && edge === 'published_posts')
    return json(res, 200, {
      data: mine
        .filter((p) => p.kind === 'post')
        .reverse()
        .slice(0, Number(params.get('limit') ?? 25))
        .map((p) => ({ id: p.id, permalink_url: p.permalink, attachments: attachmentsOf(p) })),
    })
  if (method === 'GET' && edge === 'stories')
    return json(res, 200, {
      data: mine
        .filter((p) => p.kind === 'story')
        .reverse()
        .map((p) => ({ post_id: p.id, media_id: p.photoIds[0], media_type: 'photo', status: 'PUBLISHED' }))
        .concat(videoStoriesOf(state, pageId)),
    })
  return graphError(res, 404, 100, 'Unknown path')
}

function postInsights(state: MetaGraphState, res: ServerResponse) {
  return json(res, 200, {
    data: [
      { name: 'post_impressions', period: 'lifetime', values: [{ value: state.pageInsights.impressions }] },
      { name: 'post_reactions_by_type_total', period: 'lifetime', values: [{ value: state.pageInsights.reactions }] },
    ],
  })
}

async function route(state: MetaGraphState, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const params = await readParams(req, url)
  state.requests.push(`${req.method} ${url.pathname}`)
  if (oauth(state, url, params, res)) return
  if (facebookOauth(state, url, params, res)) return
  // The video upload address carries its token in a header, not in the params.
  if (url.pathname.startsWith('/video-upload/'))
    return uploadPageVideo(state, req, url, (status, body) => json(res, status, body))
  const path = url.pathname.replace(/^\/v\d+\.\d+/, '')
  const token = params.get('access_token') ?? ''
  if (!state.tokens.has(token))
    return graphError(res, 400, 190, 'Error validating access token: The session has been invalidated.', 460)
  const [, first = '', second] = path.split('/')
  if (first === 'me' && second === 'accounts') return managedPages(state, token, res)
  if (state.pages.some((page) => page.id === first))
    return pageEdge(state, req, req.method ?? 'GET', first, second, params, res)
  if (second === 'insights' && state.pagePosts.some((p) => p.id === first)) return postInsights(state, res)
  if (first === 'me') return json(res, 200, { user_id: 'ig-user-1', username: 'imobiliaria.teste' })
  if (req.method === 'POST' && second === 'media') return createContainer(state, params, res)
  if (req.method === 'POST' && second === 'media_publish') return publish(state, params, res)
  if (req.method === 'POST' && second === 'comments') return comment(state, first, params, res)
  if (second === 'content_publishing_limit')
    return json(res, 200, {
      data: [{ quota_usage: state.quota.used, config: { quota_total: state.quota.total, quota_duration: 86400 } }],
    })
  if (req.method === 'GET' && second === 'media')
    return json(res, 200, { data: state.media.slice(0, 1).map((m) => ({ id: m.id, permalink: m.permalink })) })
  if (req.method === 'GET' && !second) return readObject(state, first, params, res)
  return graphError(res, 404, 100, 'Unknown path')
}

export async function startMockMetaGraph(options: { token?: string } = {}) {
  const state: MetaGraphState = {
    tokens: new Set(options.token ? [options.token] : []),
    containers: new Map(),
    media: [],
    publish9007: 0,
    fail500: 0,
    hangPublish: 0,
    quota: { used: 0, total: 50 },
    pollsInProgress: 1,
    requests: [],
    downloads: 0,
    codes: new Map(),
    comments: [],
    failComments: 0,
    pages: [{ id: '900100200300', name: 'Imobiliária Teste', token: 'page-token-1' }],
    pagePhotos: new Map(),
    pagePosts: [],
    hangFeed: 0,
    pageInsights: { impressions: 0, reactions: {} },
    pageVideos: new Map(),
    videoCalls: [],
    videoPollsProcessing: 1,
    hangVideoFinish: 0,
  }
  for (const page of state.pages) state.tokens.add(page.token)
  const server = createServer((req, res) => {
    route(state, req, res).catch((error) => json(res, 500, { error: { message: String(error), code: 2 } }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    graphUrl: `${url}/v23.0`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
