// From post to lead (ADR 223–225), below HTTP: the public page's handle is unique; the public page
// shows only the owner scope's active properties (archived never, another agent's never); short
// links are one per property and source; clicks and views count per week and per post; leads are
// read and changed only through their owner scope; the LGPD export holds them and the account's
// deletion removes them.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { homes, leads, listingEvents, posts } from '../../db/schema'
import { deleteAccountRows, exportAccountRows } from '../../app/models/account-data.server'
import { createLead, listLeads, updateLead } from '../../app/models/leads.server'
import { findShortLink, homeResults, recordListingEvent, shortLinkFor } from '../../app/models/listing-stats.server'
import {
  findPageByHandle,
  getPublicHome,
  listPublicHomes,
  listSitemapEntries,
  savePublicPage,
} from '../../app/models/public-pages.server'
import { fillWeeks } from '../../app/workflows/listing-results.server'
import { captionWithLink, kitTextsWithLink, postHadLink } from '../../app/workflows/caption-link.server'
import { mediaKits } from '../../db/schema'
import type { KitPiece } from '../../app/domain/media-kit'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { agentsOnDisk } from '../support/agents-on-disk'
import { jardinsApartment } from '../support/sample-home'

let handle: DatabaseHandle
let close: () => Promise<void>
const ana = crypto.randomUUID()
const bruno = crypto.randomUUID()
let active: number
let archived: number
let brunoHome: number

beforeAll(async () => {
  ;({ handle, close } = await agentsOnDisk('leads', [ana, bruno]))
  const rows = await handle.db
    .insert(homes)
    .values([
      jardinsApartment(ana, { name: 'Ativo' }),
      jardinsApartment(ana, { name: 'Arquivado', archived_at: new Date() }),
      jardinsApartment(bruno, { name: 'Do Bruno' }),
    ])
    .returning({ id: homes.id })
  ;[active, archived, brunoHome] = rows.map((row) => row.id) as [number, number, number]
})
afterAll(() => close())

test('a handle is unique: another owner cannot take it, the owner can save it again', async () => {
  expect(await savePublicPage(handle.db, ana, { handle: 'ana-souza', noindex: false })).toBe('saved')
  expect(await savePublicPage(handle.db, bruno, { handle: 'ana-souza', noindex: false })).toBe('taken')
  expect(await savePublicPage(handle.db, ana, { handle: 'ana-souza', noindex: true })).toBe('saved')
  expect(await savePublicPage(handle.db, bruno, { handle: 'bruno-lima', noindex: false })).toBe('saved')
  const page = await findPageByHandle(handle.db, 'ana-souza')
  expect(page).toMatchObject({ user_id: ana, noindex: true })
  expect(page).not.toHaveProperty('email')
})

test('the public page shows the active properties only, never archived or another agent’s', async () => {
  expect((await listPublicHomes(handle.db, ana)).map((home) => home.name)).toEqual(['Ativo'])
  expect(await getPublicHome(handle.db, ana, archived)).toBeNull()
  expect(await getPublicHome(handle.db, ana, brunoHome)).toBeNull()
  expect((await getPublicHome(handle.db, ana, active))?.name).toBe('Ativo')
  // Ana said noindex: only Bruno's pages are in the sitemap.
  const sitemap = await listSitemapEntries(handle.db)
  expect(new Set(sitemap.map((row) => row.handle))).toEqual(new Set(['bruno-lima']))
})

test('a short link per property and source; an archived property’s code leads nowhere', async () => {
  const [post] = await handle.db.insert(posts).values({ user_id: ana, home_id: active }).returning({ id: posts.id })
  const page = await shortLinkFor(handle.db, ana, active)
  expect(await shortLinkFor(handle.db, ana, active)).toBe(page)
  const fromPost = await shortLinkFor(handle.db, ana, active, { postId: post!.id })
  expect(fromPost).not.toBe(page)
  expect(await findShortLink(handle.db, fromPost)).toMatchObject({ user_id: ana, home_id: active })
  const gone = await shortLinkFor(handle.db, ana, archived)
  expect(await findShortLink(handle.db, gone)).toBeNull()
  expect(await findShortLink(handle.db, 'NOT-A-CODE')).toBeNull()

  await recordListingEvent(handle.db, { user_id: ana, home_id: active, kind: 'view', link_code: fromPost })
  await recordListingEvent(handle.db, { user_id: ana, home_id: active, kind: 'whatsapp', link_code: fromPost })
  await recordListingEvent(handle.db, { user_id: ana, home_id: active, kind: 'view', link_code: page })
  const results = await homeResults(handle.db, ana, active)
  expect(results.totals).toEqual({ view: 2, whatsapp: 1, phone: 0, form: 0 })
  expect(results.sources).toEqual([
    expect.objectContaining({ post_id: post!.id, view: 1, whatsapp: 1, phone: 0, form: 0 }),
  ])
  const weeks = fillWeeks(results.weeks)
  expect(weeks).toHaveLength(8)
  expect(weeks.at(-1)).toMatchObject({ view: 2, whatsapp: 1 })
  // Another owner scope reads nothing of Ana's property.
  expect((await homeResults(handle.db, bruno, active)).totals).toEqual({ view: 0, whatsapp: 0, phone: 0, form: 0 })
})

test('a caption carries the listing page’s short link of its own post, only when the agent has a public page', async () => {
  const [post] = await handle.db.insert(posts).values({ user_id: ana, home_id: active }).returning({ id: posts.id })
  const caption = await captionWithLink(handle.db, {
    userId: ana,
    postId: post!.id,
    homeId: active,
    caption: 'Lindo apartamento.\n',
    siteUrl: 'https://vitrine.example/',
  })
  const code = /\/l\/([a-z0-9]+)$/.exec(caption)?.[1]
  expect(caption).toMatch(
    /^Lindo apartamento\.\n\nFotos, detalhes e contato: https:\/\/vitrine\.example\/l\/[a-z0-9]+$/,
  )
  expect(await findShortLink(handle.db, code!)).toMatchObject({ home_id: active, user_id: ana })
  expect(await postHadLink(handle.db, ana, post!.id)).toBe(true)
  // Without a public page, or without the site's address, the caption stays as written.
  const lonely = crypto.randomUUID()
  expect(
    await captionWithLink(handle.db, {
      userId: lonely,
      postId: post!.id,
      homeId: active,
      caption: 'x',
      siteUrl: 'https://a',
    }),
  ).toBe('x')
  expect(
    await captionWithLink(handle.db, { userId: ana, postId: post!.id, homeId: active, caption: 'x', siteUrl: null }),
  ).toBe('x')
})

test('a new media kit’s shared texts end with its own short link; its visits count for the kit', async () => {
  const [kit] = await handle.db
    .insert(mediaKits)
    .values({ public_id: crypto.randomUUID().replace(/-/g, '').slice(0, 22), user_id: ana, home_id: active })
    .returning({ id: mediaKits.id })
  const pieces = [
    { key: 'whatsapp', text: 'Olá! Veja este apartamento.' },
    { key: 'flyer', text: 'Texto do folheto' },
  ] as unknown as KitPiece[]
  const linked = await kitTextsWithLink(handle.db, {
    userId: ana,
    kitId: kit!.id,
    homeId: active,
    pieces,
    siteUrl: 'https://v.example',
  })
  const code = /\/l\/([a-z0-9]+)$/.exec(linked[0]!.text ?? '')?.[1]
  expect(linked[1]!.text).toBe('Texto do folheto')
  await recordListingEvent(handle.db, { user_id: ana, home_id: active, kind: 'view', link_code: code })
  expect((await homeResults(handle.db, ana, active)).sources).toContainEqual(
    expect.objectContaining({ kit_id: kit!.id, post_id: null, view: 1 }),
  )
})

test('leads are the owner scope’s: listed newest first, changed only by it; exported and deleted with the account', async () => {
  const first = await createLead(handle.db, {
    user_id: ana,
    agent_id: ana,
    home_id: active,
    link_code: null,
    name: 'Carla',
    phone: '11987654321',
    message: 'Quero visitar',
    consent_text: 'Autorizo Ana a usar meus dados.',
  })
  await createLead(handle.db, {
    user_id: ana,
    agent_id: ana,
    home_id: active,
    link_code: null,
    name: 'Davi',
    phone: '11912345678',
    message: '',
    consent_text: 'Autorizo Ana a usar meus dados.',
  })
  expect((await listLeads(handle.db, ana)).map((lead) => lead.name)).toEqual(['Davi', 'Carla'])
  expect(await listLeads(handle.db, bruno)).toEqual([])
  expect(await updateLead(handle.db, bruno, first.id, { status: 'fechado', note: 'x' })).toBe(false)
  expect(await updateLead(handle.db, ana, first.id, { status: 'visitou', note: 'Sábado' })).toBe(true)
  const [row] = await handle.db.select().from(leads).where(eq(leads.id, first.id))
  expect(row).toMatchObject({ status: 'visitou', note: 'Sábado' })
  expect(row!.consent_at).toBeInstanceOf(Date)

  const exported = await exportAccountRows(handle.db, ana)
  expect(exported.leads?.map((lead) => lead.name).sort()).toEqual(['Carla', 'Davi'])
  expect(exported.public_pages).toHaveLength(1)
  expect(exported.listing_events?.length).toBeGreaterThan(0)
  const counts = await deleteAccountRows(handle.db, ana)
  expect(counts.leads).toBe(2)
  expect(await handle.db.select().from(leads)).toEqual([])
  expect(await handle.db.select().from(listingEvents).where(eq(listingEvents.user_id, ana))).toEqual([])
})
