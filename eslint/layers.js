// The import matrix (docs/architecture.md): which folder may import which, as an allow-list per
// layer, checked on every static import, re-export and literal dynamic `import()`.
import { builtinModules } from 'node:module'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The layer a file of the repository belongs to, from its path relative to the root. */
export function layerOf(file) {
  const rel = file.split(path.sep).join('/')
  if (/(^|\/)\+types(\/|$)/.test(rel)) return 'generated'
  if (/\.test\.[cm]?[jt]sx?$/.test(rel) || rel.startsWith('tests/')) return 'tests'
  const app = rel.match(/^app\/([^/]+)\//)
  if (app) return app[1]
  if (/^app\/context(\.tsx?)?$/.test(rel)) return 'context'
  if (/^app\/env\.server(\.ts)?$/.test(rel)) return 'env'
  if (rel.startsWith('app/')) return 'app'
  if (rel === 'server.ts' || rel.startsWith('server/')) return 'server'
  const top = rel.split('/')[0]
  return ['db', 'scripts', 'bench'].includes(top) ? top : 'config'
}

const SERVER_MODULE = /(\.server(\.[cm]?[jt]sx?)?$)|((^|\/)\.server\/)/
const NODE = new RegExp(`^(node:|(${builtinModules.join('|')})(/|$))`)
const DATABASE_PACKAGES = /^(drizzle-orm|drizzle-kit|pg|@electric-sql\/.+)(\/|$)/

/**
 * What each layer may import: `layers` (folders of the repository) and, where the layer is
 * limited, `packages` (a pattern every package import must match). `also` adds a layer for one
 * file. Layers absent from this table (tests, bench, config) import anything.
 */
export const MATRIX = {
  domain: { layers: ['domain'], packages: /^zod(\/|$)/ },
  components: {
    layers: ['components', 'domain'],
    // `cookie`: the one Cookie-header parser (ADR 278), for the cookies PostHog leaves in the browser.
    packages: /^(react|react-dom|react-router|@conform-to\/.+|zod|@stripe\/.+|posthog-js|cookie)(\/|$)/,
    serverModules: false,
  },
  // A row and its stored files are written together (a photo's row and its bytes): models reach
  // the file store and the image pipeline, no other outside service.
  models: {
    layers: ['models', 'domain', 'db', 'utils', 'context', 'env'],
    paths: ['app/integrations/storage/', 'app/integrations/images/'],
    packages: /^(drizzle-orm|node:crypto)(\/|$)/,
  },
  integrations: { layers: ['integrations', 'domain', 'utils', 'env', 'components'], database: false },
  workflows: {
    layers: ['workflows', 'models', 'integrations', 'domain', 'utils', 'context', 'env'],
    database: false,
  },
  utils: {
    layers: ['utils', 'domain', 'context', 'env'],
    database: false,
    also: {
      'app/utils/db.server.ts': { layers: ['db'], database: true },
      // The embedded database's client (ADR 229), opened by db.server.ts only.
      'app/utils/embedded-postgres.server.ts': { layers: [], database: true },
      // The same client on a thread of its own (ADR 235), opened by db.server.ts only.
      'app/utils/embedded-postgres-thread.server.ts': { layers: [], database: true },
    },
  },
  middleware: { layers: ['middleware', 'workflows', 'models', 'utils', 'domain', 'context', 'env'], database: false },
  routes: {
    layers: ['routes', 'components', 'workflows', 'models', 'utils', 'middleware', 'domain', 'context', 'env'],
    database: false,
  },
  context: { layers: ['utils', 'integrations', 'workflows', 'middleware', 'models', 'env'], database: false },
  env: { layers: ['domain'], database: false },
  app: {
    layers: ['components', 'workflows', 'models', 'utils', 'middleware', 'domain', 'context', 'env', 'app'],
    database: false,
  },
  db: { layers: ['db', 'domain'], packages: /^drizzle-orm(\/|$)/ },
  // The composition root and the built-in auth API (a service of its own, with its own tables).
  server: {
    layers: [
      'server',
      'app',
      'context',
      'env',
      'middleware',
      'workflows',
      'models',
      'integrations',
      'utils',
      'domain',
      'db',
    ],
  },
  // Command-line entries write through the models, never the tables (the migrator excepted).
  scripts: {
    layers: ['scripts', 'server', 'workflows', 'models', 'integrations', 'utils', 'domain', 'context', 'env'],
    database: false,
    also: Object.fromEntries(
      // The migrator, and two developer tools that read rows the models do not list.
      ['scripts/migrate.ts', 'scripts/login-samples.ts', 'scripts/slide-gallery.ts'].map((file) => [
        file,
        { layers: ['db'], database: true },
      ]),
    ),
  },
}

/** The repository path an import names, or null for a package. */
function targetOf(specifier, fromFile) {
  if (specifier.startsWith('~/')) return `app/${specifier.slice(2)}`
  if (specifier.startsWith('.')) return path.relative(ROOT, path.resolve(ROOT, path.dirname(fromFile), specifier))
  return null
}

/** Why `fromFile` may not import `specifier`, or null when it may. */
export function refusal(fromFile, specifier) {
  const source = layerOf(fromFile)
  const rule = MATRIX[source]
  if (!rule) return null
  const extra = rule.also?.[fromFile.split(path.sep).join('/')]
  const target = targetOf(specifier, fromFile)
  if (target === null) {
    const databaseAllowed = extra?.database ?? rule.database
    if (databaseAllowed === false && DATABASE_PACKAGES.test(specifier)) {
      return `${source} does not reach the database: only app/models, app/utils/db.server.ts and the embedded-postgres clients import '${specifier}'.`
    }
    if (rule.packages && !rule.packages.test(specifier)) {
      return `${source} may not import the package '${specifier}'${NODE.test(specifier) ? ' (Node I/O)' : ''}.`
    }
    return null
  }
  if (rule.serverModules === false && SERVER_MODULE.test(specifier)) {
    return `${source} runs in the browser: no *.server module ('${specifier}').`
  }
  const to = layerOf(target)
  if (to === 'generated' || rule.layers.includes(to) || extra?.layers.includes(to)) return null
  if (rule.paths?.some((allowed) => target.startsWith(allowed))) return null
  return `${source} may not import ${to} ('${specifier}'); it may import ${[...rule.layers, ...(extra?.layers ?? [])].join(', ')} (docs/architecture.md).`
}

const check = (context, node) => {
  if (!node.source || node.source.type !== 'Literal' || typeof node.source.value !== 'string') return
  const file = path.relative(ROOT, context.filename)
  const why = refusal(file, node.source.value)
  if (why) context.report({ node: node.source, message: why })
}

export const layersPlugin = {
  rules: {
    'import-matrix': {
      meta: { type: 'problem', docs: { description: 'The import matrix of docs/architecture.md' }, schema: [] },
      create: (context) => ({
        ImportDeclaration: (node) => check(context, node),
        ExportNamedDeclaration: (node) => check(context, node),
        ExportAllDeclaration: (node) => check(context, node),
        ImportExpression: (node) => check(context, node),
      }),
    },
  },
}
