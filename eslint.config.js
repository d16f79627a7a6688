import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { layersPlugin } from './eslint/layers.js'
import tseslint from 'typescript-eslint'

// ---------------------------------------------------------------- layers (ADR 060, docs/architecture.md)
// The import matrix lives in eslint/layers.js: an allow-list per folder, checked on static
// imports, re-exports and literal dynamic import()s alike.

/** Code the layer rules apply to. Tests, beside the code or under tests/, may import anything. */
const PRODUCT_CODE = ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'server.ts', 'scripts/**/*.ts', 'db/**/*.ts']
const TESTS = ['**/*.test.{ts,tsx}', 'tests/**']

const layers = [
  {
    files: PRODUCT_CODE,
    plugins: { layers: layersPlugin },
    rules: { 'layers/import-matrix': 'error' },
  },
]

// ---------------------------------------------------------------- size (ADR 060)
// Counted on the formatted text (Prettier, ADR 217): a JSX element of several attributes spans
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

// ---------------------------------------------------------------- workflows speak in types (ADR 280)
// A workflow takes typed input and returns a typed outcome; the route reads the request (Conform
// + zod) and answers (data, redirect, a Response, the 404). Nothing of HTTP below the routes.
const HTTP_IN_WORKFLOWS =
  'Workflows take typed input and return typed outcomes: read the request and answer in the route'
const workflowsWithoutHttp = {
  files: ['app/workflows/**/*.{ts,tsx}'],
  ignores: TESTS,
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'Identifier[name=/^(Request|Response|FormData)$/]', message: HTTP_IN_WORKFLOWS },
      { selector: 'CallExpression[callee.name=/^(redirect|data|redirectDocument)$/]', message: HTTP_IN_WORKFLOWS },
    ],
  },
}

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
      '.node22/**',
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
  workflowsWithoutHttp,
)
