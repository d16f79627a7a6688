// The server build's edit of Conform (ADR 232): a field's metadata is built after the reads that
// do not need it (the form's id, the constraints), and the edit refuses a Conform that changed.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect, test } from 'vitest'
import { patchConformContext } from '../../patches/conform-field-metadata-lazy'

const require = createRequire(import.meta.url)
// The package's entry is dist/index.js; its context module sits beside it.
const context = fs.readFileSync(path.join(path.dirname(require.resolve('@conform-to/react')), 'context.mjs'), 'utf8')

test("Conform's field reads build the metadata only past the reads that answer without it", () => {
  const patched = patchConformContext(context)
  const trap = patched.slice(
    patched.indexOf('function getFieldMetadata('),
    patched.indexOf('function getFormMetadata('),
  )
  // One build of the metadata, after the form id's and the constraints' answers.
  expect(trap.match(/getMetadata\(context, subjectRef, stateSnapshot, name\)/g)).toHaveLength(1)
  expect(trap.indexOf('getMetadata(context')).toBeGreaterThan(trap.indexOf("case 'required':"))
  expect(trap.indexOf('getMetadata(context')).toBeGreaterThan(trap.indexOf("case 'formId':"))
  // Everything outside the field's trap is Conform's own.
  expect(patched.replace(trap, '')).toBe(
    context.replace(
      context.slice(context.indexOf('function getFieldMetadata('), context.indexOf('function getFormMetadata(')),
      '',
    ),
  )
})

test('a Conform whose field metadata changed fails the build', () => {
  expect(() =>
    patchConformContext(context.replace('var metadata = getMetadata(context, subjectRef, stateSnapshot, name);', '')),
  ).toThrow(/not applied: metadata built lazily/)
})
