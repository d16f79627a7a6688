import { expect, test } from 'vitest'
import { byteRange } from './byte-range'

test('a range within the file is served as asked, clipped to its end', () => {
  expect(byteRange('bytes=0-99', 1000)).toEqual({ kind: 'part', start: 0, end: 99 })
  expect(byteRange('bytes=900-', 1000)).toEqual({ kind: 'part', start: 900, end: 999 })
  expect(byteRange('bytes=900-5000', 1000)).toEqual({ kind: 'part', start: 900, end: 999 })
  expect(byteRange('bytes=-100', 1000)).toEqual({ kind: 'part', start: 900, end: 999 })
  expect(byteRange('bytes=-5000', 1000)).toEqual({ kind: 'part', start: 0, end: 999 })
})

test('a range that starts past the end is unsatisfiable', () => {
  expect(byteRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' })
  expect(byteRange('bytes=1000-1999', 1000)).toEqual({ kind: 'unsatisfiable' })
  expect(byteRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' })
})

test('no header, a malformed one or several ranges: the whole file', () => {
  for (const header of [null, '', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=0-1,5-9', 'bytes=9-1'])
    expect(byteRange(header, 1000)).toEqual({ kind: 'whole' })
})
