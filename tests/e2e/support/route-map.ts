// Every leaf route of app/routes.ts as its full path pattern ('/imoveis/:id'), with the file that
// serves it and whether that module exports a loader and an action — the authorization matrix is
// generated from this list, so a route added to routes.ts without a row fails the matrix.
import fs from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../../app/routes'

export type RouteLeaf = { path: string; file: string; loader: boolean; action: boolean }

function join(parent: string, child: string | undefined) {
  const joined = [parent, child ?? ''].filter(Boolean).join('/')
  return joined.replace(/\/+/g, '/').replace(/\/$/, '')
}

function exportsOf(file: string) {
  const source = fs.readFileSync(path.join('app', file), 'utf8')
  return {
    loader: /export (async )?function loader\b|export const loader\b/.test(source),
    action: /export (async )?function action\b|export const action\b/.test(source),
  }
}

function walk(entries: RouteConfigEntry[], parent: string, out: RouteLeaf[]) {
  for (const entry of entries) {
    const full = join(parent, entry.path)
    if (entry.children?.length) walk(entry.children, full, out)
    else out.push({ path: `/${full}`, file: entry.file, ...exportsOf(entry.file) })
  }
  return out
}

export function routeLeaves(): RouteLeaf[] {
  return walk(routes as RouteConfigEntry[], '', [])
}
