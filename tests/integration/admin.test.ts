// The admin area through its route modules on a real database and the built-in auth API:
// a template made in the editor round-trips and reaches /modelos, its edits, copies and
// archiving are logged; users are found by name, e-mail and plan; disabling an account stops
// its sign-in, and every change is in the audit log.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { adminAuditLog, devEmails, posts, scheduledPublications, subscriptions, users } from '../../db/schema'
import {
  dbContext,
  envContext,
  loggerContext,
  storageContext,
  userContext,
  type SessionUser,
  authBackendContext,
} from '../../app/context'
import { parseEnv } from '../../app/env.server'
import { createDiskStorage } from '../../app/integrations/storage/storage.server'
import { dashboardCounts, listUsers } from '../../app/models/admin-users.server'
import { installTemplateLibrary } from '../../app/models/template-library.server'
import { getTemplate, listTemplateCards } from '../../app/models/templates.server'
import { type AuthBackend } from '../../app/utils/auth.server'
import type { DatabaseHandle } from '../../app/utils/db.server'
import { createLogger } from '../../app/utils/logger.server'
import * as editPage from '../../app/routes/admin/template-edit'
import * as newPage from '../../app/routes/admin/template-new'
import * as listPage from '../../app/routes/admin/templates'
import * as userPage from '../../app/routes/admin/user'
import * as templatePage from '../../app/routes/templates/template'
import { emptyDraft, fieldToDraft } from '../../app/domain/template-draft'
import { createAuthHarness, type AuthHarness } from '../support/auth-harness'
import { createTestDatabase } from '../setup/db'

let handle: DatabaseHandle
let auth: AuthHarness
let dir = ''
let admin: SessionUser
let member: SessionUser
const password = 'senha-bem-forte-123'

beforeAll(async () => {
  handle = await createTestDatabase()
  await installTemplateLibrary(handle.db)
  auth = await createAuthHarness(handle.db, 'in-process')
  dir = await mkdtemp(path.join(tmpdir(), 'vitrine-admin-'))
  const make = async (email: string, full_name: string, role: 'user' | 'admin') => {
    const { data } = await auth.adminClient().auth.admin.createUser({ email, password, email_confirm: true })
    await handle.db.insert(users).values({ id: data.user!.id, email, full_name, role })
    return {
      id: data.user!.id,
      email,
      full_name,
      role,
      accountId: data.user!.id,
      accountRole: 'owner',
    } satisfies SessionUser
  }
  admin = await make('chefe@example.com', 'Chefe', 'admin')
  member = await make('ana.souza@example.com', 'Ana Souza', 'user')
  await make('bruno@example.com', 'Bruno Lima', 'user')
  await handle.db
    .insert(subscriptions)
    .values({ user_id: member.id, lookup_key: 'profissional_mensal', status: 'active' })
})

afterAll(async () => {
  await auth?.close()
  await handle?.close()
  await rm(dir, { recursive: true, force: true })
})

function contextOf(user: SessionUser) {
  const context = new RouterContextProvider()
  context.set(envContext, parseEnv({ NODE_ENV: 'test' }))
  context.set(dbContext, handle.db)
  context.set(storageContext, createDiskStorage(dir))
  context.set(loggerContext, createLogger('silent'))
  context.set(userContext, user)
  const backend: AuthBackend = {
    mode: 'embedded',
    supabaseUrl: auth.url,
    anonKey: auth.anonKey,
    serviceRoleKey: auth.serviceRoleKey,
    fetch: auth.fetch,
    api: undefined,
    siteUrl: auth.url,
    secureCookies: false,
  }
  context.set(authBackendContext, backend)
  return context
}

const post = (url: string, entries: Array<[string, string]>) => {
  const body = new FormData()
  for (const [key, value] of entries) body.append(key, value)
  return new Request(`http://localhost${url}`, { method: 'POST', body })
}

/** The editor's form for a template with a conditional field, a select and a repeater. */
const templateForm: Array<[string, string]> = [
  ['_form', 'editor'],
  ['_intent', 'save'],
  ['name', 'Visita guiada'],
  ['description', 'Convite para visitar'],
  ['category', ''],
  ['format', 'feed'],
  ['color', '#112233'],
  ['icon', 'calendar'],
  ['fields[0].type', 'select'],
  ['fields[0].name', 'ocasiao'],
  ['fields[0].label', 'Ocasião'],
  ['fields[0].options', 'visita | Visita\nlancamento | Lançamento'],
  ['fields[0].width', 'full'],
  ['fields[0].required', 'on'],
  ['fields[1].type', 'text'],
  ['fields[1].name', 'data_lancamento'],
  ['fields[1].label', 'Data do lançamento'],
  ['fields[1].width', 'half'],
  ['fields[1].conditions[0].field', 'ocasiao'],
  ['fields[1].conditions[0].operator', '=='],
  ['fields[1].conditions[0].value', 'lancamento'],
  ['fields[2].type', 'repeater'],
  ['fields[2].name', 'destaques'],
  ['fields[2].label', 'Destaques'],
  ['fields[2].width', 'full'],
  ['fields[2].repeater.itemLabel', 'Destaque'],
  ['fields[2].repeater.max', '3'],
  ['fields[2].repeater.fields[0].type', 'text'],
  ['fields[2].repeater.fields[0].name', 'texto'],
  ['fields[2].repeater.fields[0].width', 'full'],
  ['prompts[0].role', 'user'],
  ['prompts[0].content', 'Convite para {{home.name}} em {{fields.data_lancamento}}'],
]

test('a template saved in the editor is stored as written, listed in /modelos, and round-trips', async () => {
  const response = (await newPage.action({
    request: post('/admin/templates/novo', templateForm),
    context: contextOf(admin),
    params: {},
  } as never)) as Response
  expect(response.status).toBe(302)
  const id = Number(response.headers.get('Location')!.split('/').pop())
  const stored = await getTemplate(handle.db, id)
  expect(stored).toMatchObject({
    name: 'Visita guiada',
    color: '#112233',
    icon: 'calendar',
    needs_home: false,
    format: 'feed',
  })
  expect(stored!.fields).toEqual([
    {
      type: 'select',
      name: 'ocasiao',
      label: 'Ocasião',
      required: true,
      options: [
        { value: 'visita', label: 'Visita' },
        { value: 'lancamento', label: 'Lançamento' },
      ],
    },
    {
      type: 'text',
      name: 'data_lancamento',
      label: 'Data do lançamento',
      width: 'half',
      conditions: [{ field: 'ocasiao', operator: '==', value: 'lancamento' }],
    },
    {
      type: 'repeater',
      name: 'destaques',
      label: 'Destaques',
      repeater: { fields: [{ type: 'text', name: 'texto' }], itemLabel: 'Destaque', max: 3 },
    },
  ])
  expect((await listTemplateCards(handle.db)).map((card) => card.id)).toContain(id)

  // The edit page shows that draft; saving it unchanged stores the same template.
  const page = await editPage.loader({
    request: new Request(`http://localhost/admin/templates/${id}`),
    context: contextOf(admin),
    params: { id: String(id) },
  } as never)
  const resave = templateForm.filter(([key]) => !key.startsWith('fields') && key !== 'name')
  const draftEntries: Array<[string, string]> = [['name', page.draft.name]]
  page.draft.fields.forEach((field, i) => {
    for (const key of ['type', 'name', 'label', 'width', 'options', 'help'] as const)
      draftEntries.push([`fields[${i}].${key}`, field[key]])
    if (field.required) draftEntries.push([`fields[${i}].required`, 'on'])
    field.conditions.forEach((c, k) =>
      draftEntries.push(
        [`fields[${i}].conditions[${k}].field`, c.field],
        [`fields[${i}].conditions[${k}].operator`, c.operator],
        [`fields[${i}].conditions[${k}].value`, c.value],
      ),
    )
    draftEntries.push(
      [`fields[${i}].repeater.itemLabel`, field.repeater.itemLabel],
      [`fields[${i}].repeater.max`, field.repeater.max],
    )
    field.repeater.fields.forEach((sub, j) =>
      draftEntries.push(
        [`fields[${i}].repeater.fields[${j}].type`, sub.type],
        [`fields[${i}].repeater.fields[${j}].name`, sub.name],
      ),
    )
  })
  const saved = (await editPage.action({
    request: post(`/admin/templates/${id}`, [...resave, ...draftEntries]),
    context: contextOf(admin),
    params: { id: String(id) },
  } as never)) as Response
  expect(saved.status).toBe(302)
  expect((await getTemplate(handle.db, id))!.fields).toEqual(stored!.fields)

  const log = await handle.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.target_id, String(id)))
  expect(log.map((line) => [line.action, line.actor_email])).toEqual([
    ['template.create', admin.email],
    ['template.update', admin.email],
  ])
})

test('a bad draft is a 400 with the errors beside the inputs and nothing saved', async () => {
  const before = (await listTemplateCards(handle.db)).length
  const bad = templateForm.map(([k, v]): [string, string] =>
    k === 'fields[1].conditions[0].field' ? [k, 'nao_existe'] : k === 'fields[0].options' ? [k, ''] : [k, v],
  )
  const result = (await newPage.action({
    request: post('/admin/templates/novo', bad),
    context: contextOf(admin),
    params: {},
  } as never)) as { init: ResponseInit; data: { errors: Record<string, string[]>; draft: { name: string } } }
  expect(result.init.status).toBe(400)
  expect(Object.keys(result.data.errors).sort()).toEqual(['fields[0].options', 'fields[1].conditions[0].field'])
  expect(result.data.draft.name).toBe('Visita guiada')
  expect((await listTemplateCards(handle.db)).length).toBe(before)
})

test('add a field without JavaScript: the draft comes back with it, nothing saved', async () => {
  const result = (await newPage.action({
    request: post('/admin/templates/novo', [
      ...templateForm.filter(([k]) => k !== '_intent'),
      ['_intent', 'add-field:fields[2].repeater.fields'],
      ['_type__fields[2].repeater.fields', 'color'],
    ]),
    context: contextOf(admin),
    params: {},
  } as never)) as { data: { draft: { fields: Array<{ repeater: { fields: Array<{ type: string }> } }> } } }
  expect(result.data.draft.fields[2]!.repeater.fields.map((f) => f.type)).toEqual(['text', 'color'])
})

test("the preview's own buttons without JavaScript keep the draft and the preview's answers", async () => {
  const draft = {
    ...emptyDraft(),
    name: 'Prévia',
    needs_home: false,
    fields: [fieldToDraft({ type: 'repeater', name: 'itens', repeater: { fields: [{ type: 'text', name: 't' }] } })],
  }
  const entries: Array<[string, string]> = [
    ['_form', 'preview'],
    ['_draft', JSON.stringify(draft)],
    ['_intent', 'add:itens'],
  ]
  const result = (await newPage.action({
    request: post('/admin/templates/novo', entries),
    context: contextOf(admin),
    params: {},
  } as never)) as { data: { draft: { name: string }; preview: { values: Record<string, unknown> } } }
  expect(result.data.draft.name).toBe('Prévia')
  expect(result.data.preview.values.itens).toEqual([{}])
  // A template not saved yet cannot be test-generated.
  const test = (await newPage.action({
    request: post('/admin/templates/novo', [
      ['_form', 'preview'],
      ['_draft', JSON.stringify(draft)],
      ['_intent', 'generate'],
    ]),
    context: contextOf(admin),
    params: {},
  } as never)) as { init: ResponseInit; data: { preview: { formError: string } } }
  expect(test.init.status).toBe(400)
  expect(test.data.preview.formError).toBe('Salve o modelo para gerar um post de teste.')
})

test('duplicate and archive: the copy is editable, the archived template leaves /modelos', async () => {
  const [card] = await listTemplateCards(handle.db)
  const copy = (await listPage.action({
    request: post('/admin/templates', [
      ['_intent', 'duplicate'],
      ['id', String(card!.id)],
    ]),
    context: contextOf(admin),
    params: {},
  } as never)) as Response
  const copyId = Number(copy.headers.get('Location')!.split('/').pop())
  expect((await getTemplate(handle.db, copyId))!.name).toBe(`${card!.name} (cópia)`)
  await listPage.action({
    request: post('/admin/templates', [
      ['_intent', 'archive'],
      ['id', String(copyId)],
    ]),
    context: contextOf(admin),
    params: {},
  } as never)
  expect((await listTemplateCards(handle.db)).map((c) => c.id)).not.toContain(copyId)
  // Its page takes no new posts.
  const opened = templatePage.loader({
    request: new Request(`http://localhost/modelos/${copyId}`),
    context: contextOf(member),
    params: { id: String(copyId) },
  } as never)
  await expect(opened).rejects.toMatchObject({ init: { status: 404 } })
  await listPage.action({
    request: post('/admin/templates', [
      ['_intent', 'restore'],
      ['id', String(copyId)],
    ]),
    context: contextOf(admin),
    params: {},
  } as never)
  expect((await listTemplateCards(handle.db)).map((c) => c.id)).toContain(copyId)
  const actions = (
    await handle.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target_id, String(copyId)))
  ).map((l) => l.action)
  expect(actions).toEqual(['template.duplicate', 'template.archive', 'template.restore'])
})

test('users: search by name or e-mail, filter by plan; dashboard counts', async () => {
  expect((await listUsers(handle.db, { search: 'souza' })).rows.map((r) => r.email)).toEqual([member.email])
  expect((await listUsers(handle.db, { search: 'BRUNO@' })).rows.map((r) => r.full_name)).toEqual(['Bruno Lima'])
  expect((await listUsers(handle.db, { plan: 'profissional' })).rows.map((r) => r.email)).toEqual([member.email])
  expect((await listUsers(handle.db, { plan: 'gratuito' })).total).toBe(2)
  expect((await listUsers(handle.db, { plan: 'corretor' })).total).toBe(0)
  expect(await dashboardCounts(handle.db)).toMatchObject({ users: 3, activeSubscriptions: 1, failedPublications: 0 })
  const [post] = await handle.db.insert(posts).values({ user_id: member.id }).returning()
  expect((await dashboardCounts(handle.db)).postsThisMonth).toBe(1)
  // Failed publications are the ones the publisher marked failed, not merely late.
  const publishAt = new Date(Date.now() - 3_600_000)
  await handle.db.insert(scheduledPublications).values([
    { user_id: member.id, post_id: post!.id, publish_at: publishAt, status: 'failed' },
    { user_id: member.id, post_id: post!.id, publish_at: publishAt, status: 'scheduled' },
  ])
  expect((await dashboardCounts(handle.db)).failedPublications).toBe(1)
})

test('disable stops sign-in, enable restores it; admin role and password reset; all logged', async () => {
  const act = (intent: string, actor = admin) =>
    userPage.action({
      request: post(`/admin/usuarios/${member.id}`, [['_intent', intent]]),
      context: contextOf(actor),
      params: { id: member.id },
    } as never) as Promise<Response>
  const signIn = () => auth.client().auth.signInWithPassword({ email: member.email, password })
  expect((await act('disable')).status).toBe(302)
  expect((await signIn()).error?.message).toBe('User is banned')
  const page = await userPage.loader({
    request: new Request(`http://localhost/admin/usuarios/${member.id}`),
    context: contextOf(admin),
    params: { id: member.id },
  } as never)
  expect(page).toMatchObject({ disabled: true, plan: 'Profissional' })
  await act('enable')
  expect((await signIn()).error).toBeNull()
  await act('make-admin')
  expect((await handle.db.select().from(users).where(eq(users.id, member.id)))[0]!.role).toBe('admin')
  await act('password-reset')
  const mail = await handle.db.select().from(devEmails).where(eq(devEmails.to, member.email))
  expect(mail.map((m) => m.subject)).toContain('Redefinição de senha')
  const log = await handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.target_id, member.id))
  expect(log.map((l) => l.action)).toEqual(['user.disable', 'user.enable', 'user.make-admin', 'user.password-reset'])
  // An admin cannot lock themself out.
  const self = (await userPage.action({
    request: post(`/admin/usuarios/${admin.id}`, [['_intent', 'disable']]),
    context: contextOf(admin),
    params: { id: admin.id },
  } as never)) as Response
  expect(self.status).toBe(302)
  expect((await auth.client().auth.signInWithPassword({ email: admin.email, password })).error).toBeNull()
})
