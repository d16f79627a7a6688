// The import matrix (eslint/layers.js, docs/architecture.md; ADR 217) refuses what a review found
// passing, and lets through what each layer may import.
import path from 'node:path'
import { ESLint } from 'eslint'
import { expect, test } from 'vitest'

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') })

/** The matrix's messages for `code` as if it were the file at `file`. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file })
  return result!.messages.filter((m) => m.ruleId === 'layers/import-matrix').map((m) => m.message)
}

const refused = [
  ['a component reading files', 'app/components/homes/card.tsx', "import fs from 'node:fs'\nexport const a = fs"],
  ['a component querying', 'app/components/homes/card.tsx', "import { eq } from 'drizzle-orm'\nexport const a = eq"],
  [
    'a component calling an outside service',
    'app/components/homes/card.tsx',
    "import { renderSlide } from '~/integrations/render/render.server'\nexport const a = renderSlide",
  ],
  [
    'utils calling a workflow',
    'app/utils/cookies.ts',
    "import { runGeneration } from '~/workflows/generation.server'\nexport const a = runGeneration",
  ],
  [
    'utils reading the schema',
    'app/utils/cookies.ts',
    "import { users } from '../../db/schema'\nexport const a = users",
  ],
  [
    'an integration reading a model',
    'app/integrations/cep/cep.server.ts',
    "import { getHome } from '~/models/homes.server'\nexport const a = getHome",
  ],
  [
    'an integration calling a workflow',
    'app/integrations/cep/cep.server.ts',
    "import { loadPublicPost } from '../../workflows/post-images.server'\nexport const a = loadPublicPost",
  ],
  [
    'a route loading the query builder at run time',
    'app/routes/homes/list.tsx',
    "export async function loader() {\n  const { sql } = await import('drizzle-orm')\n  return sql\n}",
  ],
  [
    'a route calling an outside service',
    'app/routes/homes/cep.ts',
    "import { cepLookupFor } from '~/integrations/cep/cep.server'\nexport const a = cepLookupFor",
  ],
  [
    'a route reaching an integration by a dynamic import',
    'app/routes/homes/cep.ts',
    "export const a = () => import('~/integrations/cep/cep.server')",
  ],
  [
    'a model calling a workflow',
    'app/models/homes.server.ts',
    "import { runGeneration } from '~/workflows/generation.server'\nexport const a = runGeneration",
  ],
  ['the domain doing I/O', 'app/domain/home.ts', "import { redirect } from 'react-router'\nexport const a = redirect"],
  [
    'anything importing a route',
    'app/workflows/generation.server.ts',
    "import { loader } from '~/routes/homes/list'\nexport const a = loader",
  ],
] as const

test.each(refused)('refuses %s', async (_, file, code) => {
  expect(await refusals(file, code)).toHaveLength(1)
})

const allowed = [
  [
    'a route calling a workflow',
    'app/routes/homes/cep.ts',
    "export { addressOfCep } from '~/workflows/home-form.server'",
  ],
  ['a model querying', 'app/models/homes.server.ts', "export { eq } from 'drizzle-orm'"],
  ['the database handle', 'app/utils/db.server.ts', "export { users } from '../../db/schema'"],
  [
    'a workflow calling an integration',
    'app/workflows/x.server.ts',
    "export { cepLookupFor } from '~/integrations/cep/cep.server'",
  ],
  [
    'the browser loading its own module later',
    'app/components/x.tsx',
    "export const a = () => import('./tag-manager')",
  ],
] as const

test.each(allowed)('lets through %s', async (_, file, code) => {
  expect(await refusals(file, code)).toEqual([])
})
