import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import routes from '../routes'
import { HandleSchema } from './leads'
import { handleOfSegment, RESERVED_HANDLES } from './reserved-handles'

type Entry = { path?: string; children?: Entry[] }

/** Every first path segment the route table answers, layouts and prefixes unfolded. */
function firstSegments(entries: Entry[], into = new Set<string>()): Set<string> {
  for (const entry of entries) {
    if (!entry.path) firstSegments(entry.children ?? [], into)
    else into.add(entry.path.split('/')[0]!)
  }
  return into
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const refused = (handle: string) => {
  const result = HandleSchema.safeParse({ handle })
  return result.success ? null : result.error.issues[0]?.message
}

test('every first path segment of the route table is a reserved handle', () => {
  const segments = [...firstSegments(routes as Entry[])].filter((segment) => !/^[:*]/.test(segment))
  expect(segments.length).toBeGreaterThan(30)
  const missing = segments.map(handleOfSegment).filter((handle) => !RESERVED_HANDLES.has(handle))
  expect(missing).toEqual([])
})

test("the public folder's names are reserved handles", () => {
  const files = fs.readdirSync(path.join(ROOT, 'public'))
  expect(files.length).toBeGreaterThan(0)
  const missing = files.map(handleOfSegment).filter((handle) => !RESERVED_HANDLES.has(handle))
  expect(missing).toEqual([])
})

test('aprovar, convite, videos, agendar-posts, healthz and leads are refused as a public address, in pt-BR', () => {
  for (const handle of ['aprovar', 'convite', 'videos', 'agendar-posts', 'healthz', 'leads', 'Vídeos'])
    expect(refused(handle)).toBe('Este endereço é reservado. Escolha outro.')
  expect(refused('ana-souza-imoveis')).toBeNull()
})
