import { expect, test } from 'vitest'
import { authorizationState, complianceOf, incorporationLine } from './compliance'

const term = (starts_on: string, ends_on: string) => ({ starts_on, ends_on })

test('the authorisation in force on a day, both ends included; else the next one, else the last that lapsed', () => {
  const terms = [term('2026-01-01', '2026-06-30'), term('2026-03-01', '2026-12-31')]
  expect(authorizationState(terms, '2026-06-30')).toEqual({ kind: 'valid', endsOn: '2026-12-31' })
  expect(authorizationState(terms, '2026-12-31')).toEqual({ kind: 'valid', endsOn: '2026-12-31' })
  expect(authorizationState(terms, '2027-01-01')).toEqual({ kind: 'lapsed', endedOn: '2026-12-31' })
  expect(authorizationState(terms, '2025-12-31')).toEqual({ kind: 'not-yet', startsOn: '2026-01-01' })
  expect(authorizationState([], '2026-05-05')).toEqual({ kind: 'missing' })
})

test('a lapsed authorisation and a launch without its R.I. block; one ending within 7 days only warns', () => {
  const lapsed = complianceOf({
    stage: 'launch',
    incorporationRegistry: ' ',
    authorization: { kind: 'lapsed', endedOn: '2026-11-10' },
    today: '2026-12-03',
  })
  expect(lapsed.blocking).toEqual([
    'A autorização deste imóvel venceu em 10/11/2026. Resolva em “Documentação” na página do imóvel.',
    'Lançamento sem o número do registro de incorporação (R.I.). Resolva em “Documentação” na página do imóvel.',
  ])
  const ending = complianceOf({
    stage: 'ready',
    incorporationRegistry: null,
    authorization: { kind: 'valid', endsOn: '2026-12-09' },
    today: '2026-12-03',
  })
  expect(ending).toEqual({
    blocking: [],
    warnings: ['A autorização deste imóvel vence em 09/12/2026: peça a renovação.'],
  })
  expect(
    complianceOf({
      stage: 'construction',
      incorporationRegistry: 'R.4 da matrícula 98.765',
      authorization: { kind: 'valid', endsOn: '2027-12-09' },
      today: '2026-12-03',
    }),
  ).toEqual({ blocking: [], warnings: [] })
})

test("a launch's line names its developer and registration", () => {
  expect(incorporationLine({ incorporation_registry: 'R.4 da matrícula 98.765', developer_name: 'Araucária' })).toBe(
    'Incorporação: Araucária · R.I. R.4 da matrícula 98.765',
  )
  expect(incorporationLine({ incorporation_registry: null, developer_name: 'Araucária' })).toBeNull()
})
