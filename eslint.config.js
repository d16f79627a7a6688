import { builtinModules } from 'node:module'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// ---------------------------------------------------------------- layers (ADR 060)
// Which folder may import which, checked on the import's text (relative or `~/`). ESLint keeps
// one `no-restricted-imports` setting per file (the last block that matches wins), so each group
// below lists every restriction its files obey.

const up = String.raw`^(\.{1,2}/)+` // './', '../', '../../'…

const NO_ROUTES = {
  regex: String.raw`(^~/routes(/|$))|(${up}(app/)?routes(/|$))`,
  message: 'Nothing imports from app/routes: move what is shared to app/domain, app/models or app/components.',
}
const NO_DB = {
  regex: String.raw`(${up}db(/|$))|(^~/\.\./db(/|$))`,
  message: 'The database is reached through app/models (db/ holds the schema and migrations).',
}
const NO_DRIZZLE = {
  regex: String.raw`^(drizzle-orm|pg|@electric-sql/pglite)(/|$)`,
  message: 'Routes do not query the database: call a function of app/models.',
}
const SERVER_MODULE = String.raw`(\.server(\.[cm]?[jt]sx?)?$)|((^|/)\.server/)`
const NO_SERVER_MODULES = { regex: SERVER_MODULE, message: 'Components run in the browser: no *.server module.' }
const NO_IO_PACKAGES = {
  regex: String.raw`^(node:|(${builtinModules.join('|')})(/|$)|(drizzle-orm|drizzle-kit|pg|@electric-sql/.+|react-router|@react-router/.+|express|@supabase/.+|sharp|nodemailer|stripe|ws)(/|$))`,
  message: 'app/domain is pure: no I/O, database or server code (only app/domain and pure libraries such as zod).',
}
const DOMAIN_ALIAS_ONLY = {
  regex: String.raw`^~/(?!domain(/|$))`,
  message: 'app/domain imports only from app/domain.',
}
/** A relative import that climbs out of app/domain from a file `depth` folders below it. */
const outOfDomain = (depth) => ({
  regex: `^(\\.\\./){${depth + 1},}`,
  message: 'app/domain imports only from app/domain.',
})

const restrict = (...patterns) => ['error', { patterns }]

/** Code the layer rules apply to. Tests, beside the code or under tests/, may import anything. */
const PRODUCT_CODE = [
  'app/**/*.{ts,tsx}',
  'server/**/*.ts',
  'server.ts',
  'scripts/**/*.ts',
  'db/**/*.ts',
  'bench/**/*.ts',
]
const TESTS = ['**/*.test.{ts,tsx}', 'tests/**']

const layers = [
  {
    files: PRODUCT_CODE,
    ignores: ['app/routes/**'],
    rules: { 'no-restricted-imports': restrict(NO_ROUTES) },
  },
  {
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NO_DRIZZLE, NO_DB) },
  },
  {
    // The seed writes through the same models and adapters as the app, never the tables.
    files: ['scripts/seed.ts', 'scripts/seed/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        NO_ROUTES,
        { ...NO_DRIZZLE, message: 'The seed goes through app/models.' },
        NO_DB,
      ),
    },
  },
  {
    files: ['app/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(NO_ROUTES, NO_SERVER_MODULES, NO_DB) },
  },
  ...[0, 1, 2, 3, 4, 5].map((depth) => ({
    files: [`app/domain/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(DOMAIN_ALIAS_ONLY, outOfDomain(depth), NO_IO_PACKAGES, {
        regex: SERVER_MODULE,
        message: 'app/domain is pure: no *.server module.',
      }),
    },
  })),
]

// ---------------------------------------------------------------- size (issue 10 "Bar")
// Counted on the formatted text (Prettier, issue 41): a JSX element of several attributes spans
// as many lines, so a component's budget is twice a function's.
// Data tables (the template library, the legal texts) are exempt: they are long by nature.
const DATA_TABLES = [
  'app/domain/template-library/templates.ts',
  'app/domain/template-library/content-options.ts',
  'app/domain/template-library/test-templates.ts',
  'app/domain/template-library/more-templates.ts',
  'app/components/legal/privacy-text.tsx',
  'app/components/legal/terms-text.tsx',
]

const sizes = [
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: [...DATA_TABLES, ...TESTS],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    // Route modules; a long action's form-reader sits beside as *.server.ts (400 like the rest).
    files: ['app/routes/**/*.{ts,tsx}'],
    ignores: ['app/routes/**/*.server.ts'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'server.ts'],
    ignores: [...DATA_TABLES, ...TESTS],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
  {
    files: ['app/**/*.tsx'],
    ignores: [...DATA_TABLES, ...TESTS],
    rules: {
      'max-lines-per-function': ['error', { max: 160, skipBlankLines: true, skipComments: true, IIFEs: true }],
    },
  },
]

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'data/**',
      '.react-router/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.e2e-data/**',
      'tmp-*/**',
      'bench/bare-app/build/**',
      'bench/bare-app/.react-router/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Playwright fixtures take a function named `use`; it is not React's hook.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  ...layers.map((block) => ({ ...block, ignores: [...(block.ignores ?? []), ...TESTS] })),
  ...sizes,
)
