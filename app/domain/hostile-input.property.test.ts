// Property-based tests of hostile input: money, CPF/CNPJ, CEP and dates under any input a
// person (or an attacker) could type. Each property says what must hold for every value, and
// fast-check looks for the value that breaks it.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { cepDigits } from '~/integrations/cep/cep.server'
import { formatDateTime } from './dates'
import {
  cnpjCharacters,
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  maskCep,
  maskDocument,
  onlyDigits,
} from './fiscal'
import { formatZipcode } from './home'
import { zipcodeField } from './home-schema'
import { formatBRL, formatImageMoney, formatMoneyInput, imageMoneyText, NO_CENTS_FROM, parseMoney } from './money'
import { fromZoned, zonedDate, zonedParts, zonedTime } from './dates'

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''))
const notRepeated = (text: string) => !/^(\d)\1*$/.test(text)
const cpf = digits(9)
  .map((nine) => nine + cpfCheckDigits(nine))
  .filter(notRepeated)
const cnpj = digits(12)
  .map((twelve) => twelve + cnpjCheckDigits(twelve))
  .filter(notRepeated)
/** Text anyone can type, including Unicode digits, RTL marks, NBSP and HTML. */
const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('<script>alert(1)</script>', "1' OR '1'='1", '\u202e123', '١٢٣', '１２３', 'R$\u00a0-', '--1', '1e9'),
)
/** Hostile text with a character no document or CEP holds: not a digit, mask sign or space. */
const junk = hostile.filter((text) => /[^\d.\-/\s]/.test(text))
/** `text` with `typed` put in at `at` (wrapped to a place from its start to its end). */
const typedInto = (text: string, typed: string, at: number) => {
  const place = at % (text.length + 1)
  return text.slice(0, place) + typed + text.slice(place)
}

describe('money', () => {
  test('never throws and answers whole cents or null for anything typed', () => {
    fc.assert(
      fc.property(hostile, (typed) => {
        const cents = parseMoney(typed)
        expect(cents === null || Number.isSafeInteger(cents)).toBe(true)
      }),
    )
  })
  test('what parses formats back to text that parses to the same cents', () => {
    fc.assert(
      fc.property(hostile, (typed) => {
        const cents = parseMoney(typed)
        fc.pre(cents !== null)
        expect(parseMoney(formatBRL(cents))).toBe(cents)
        expect(parseMoney(formatMoneyInput(cents))).toBe(cents)
      }),
    )
  })
  test('negative amounts round-trip too', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: -1 }), (cents) => {
        expect(parseMoney(formatBRL(cents))).toBe(cents)
      }),
    )
  })
  test('the image rule drops centavos from R$ 10.000 on and never changes the reais', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (cents) => {
        const text = formatImageMoney(cents)
        const back = parseMoney(text)!
        if (cents >= NO_CENTS_FROM) {
          expect(text).not.toContain(',')
          expect(back).toBe(Math.round(cents / 100) * 100)
        } else expect(back).toBe(cents)
      }),
    )
  })
  test('short image amounts stay within 5% of the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 1e15 }), (cents) => {
        const text = formatImageMoney(cents, 'short')
        const m = /^R\$ ([\d,]+) (mil|milhão|milhões)$/.exec(text)
        expect(m).not.toBeNull()
        const value = Number(m![1]!.replace(',', '.')) * (m![2] === 'mil' ? 1e3 : 1e6) * 100
        expect(Math.abs(value - cents) / cents).toBeLessThan(0.05)
        expect(m![2] === 'milhão').toBe(m![1] === '1')
      }),
    )
  })
  test('rewriting text for an image is idempotent and keeps every amount’s reais', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.string({ maxLength: 20 }), (cents, words) => {
        const text = `${words} ${formatBRL(cents)} /mês /mês`
        const once = imageMoneyText(text)
        expect(imageMoneyText(once)).toBe(once)
        expect(once).toContain(formatImageMoney(cents))
        expect(once.match(/\/mês/g)?.length).toBe(1)
      }),
    )
  })
})

describe('CPF and CNPJ', () => {
  test('every generated document is accepted, plain or masked', () => {
    fc.assert(
      fc.property(cpf, cnpj, (c, j) => {
        expect(isValidCpf(c) && isValidCpf(formatCpf(c)) && isValidCpf(maskDocument(c))).toBe(true)
        expect(isValidCnpj(j) && isValidCnpj(formatCnpj(j)) && isValidCnpj(maskDocument(j))).toBe(true)
      }),
    )
  })
  // The modulo-11 rule itself lets a few body changes through (a remainder of 0 and of 1 both
  // give the check digit 0): such a change is another genuine document, and the textbook
  // formula below, written independently, agrees. Changes to the check digits never pass.
  const change = (doc: string, at: number, delta: number) =>
    doc.slice(0, at) + String((Number(doc[at]) + delta) % 10) + doc.slice(at + 1)
  const textbook = (body: string, weightsFrom: (i: number) => number) => {
    const sum = [...body].reduce((total, d, i) => total + Number(d) * weightsFrom(i), 0)
    return ((sum * 10) % 11) % 10
  }
  const cpfByTextbook = (doc: string) => {
    const first = textbook(doc.slice(0, 9), (i) => 10 - i)
    const second = textbook(doc.slice(0, 9) + first, (i) => 11 - i)
    return notRepeated(doc) && doc.slice(9) === `${first}${second}`
  }
  const cnpjWeight = (length: number) => (i: number) => ((length - 1 - i) % 8) + 2
  const cnpjByTextbook = (doc: string) => {
    const first = textbook(doc.slice(0, 12), cnpjWeight(12))
    const second = textbook(doc.slice(0, 12) + first, cnpjWeight(13))
    return notRepeated(doc) && doc.slice(12) === `${first}${second}`
  }
  test('a changed check digit is always refused', () => {
    fc.assert(
      fc.property(cpf, cnpj, fc.integer({ min: 0, max: 1 }), fc.integer({ min: 1, max: 9 }), (c, j, at, delta) => {
        expect(isValidCpf(change(c, 9 + at, delta))).toBe(false)
        expect(isValidCnpj(change(j, 12 + at, delta))).toBe(false)
      }),
    )
  })
  test('a changed digit passes only when the textbook rule says it is another real document', () => {
    let caught = 0
    let runs = 0
    fc.assert(
      fc.property(cpf, cnpj, fc.nat(10), fc.nat(13), fc.integer({ min: 1, max: 9 }), (c, j, at, atJ, delta) => {
        const changedCpf = change(c, at, delta)
        const changedCnpj = change(j, atJ, delta)
        expect(isValidCpf(changedCpf)).toBe(cpfByTextbook(changedCpf))
        expect(isValidCnpj(changedCnpj)).toBe(cnpjByTextbook(changedCnpj))
        runs += 2
        caught += Number(!isValidCpf(changedCpf)) + Number(!isValidCnpj(changedCnpj))
      }),
      { numRuns: 500 },
    )
    expect(caught / runs).toBeGreaterThan(0.85)
  })
  test('masks keep the digits, are idempotent and never run past their length', () => {
    fc.assert(
      fc.property(hostile, (typed) => {
        const masked = maskDocument(typed)
        expect(maskDocument(masked)).toBe(masked)
        expect(masked.length).toBeLessThanOrEqual('00.000.000/0000-00'.length)
        // Letters make a CNPJ (alphanumeric from July 2026); without them the digits are kept.
        if (!/[a-z]/i.test(cnpjCharacters(typed))) expect(onlyDigits(masked)).toBe(onlyDigits(typed).slice(0, 14))
        else expect(masked).toMatch(/^[0-9A-Z]{0,2}(\.[0-9A-Z]{0,3}){0,2}(\/[0-9A-Z]{0,4})?(-\d{0,2})?$/)
      }),
    )
  })
  test('hostile text is never a valid document, not even typed into a real one', () => {
    fc.assert(
      fc.property(cpf, cnpj, fc.boolean(), junk, fc.nat(), (c, j, masked, typed, at) => {
        expect(isValidCpf(typedInto(masked ? formatCpf(c) : c, typed, at))).toBe(false)
        expect(isValidCnpj(typedInto(masked ? formatCnpj(j) : j, typed, at))).toBe(false)
      }),
    )
  })
})

describe('CEP', () => {
  test('8 digits, masked or not, are read the same by the mask, the lookup and the form', () => {
    fc.assert(
      fc.property(digits(8), (cep) => {
        const masked = maskCep(cep)
        expect(masked).toBe(`${cep.slice(0, 5)}-${cep.slice(5)}`)
        expect(cepDigits(masked)).toBe(cep)
        expect(cepDigits(cep)).toBe(cep)
        expect(zipcodeField.parse(cep)).toBe(masked)
        expect(zipcodeField.parse(` ${masked} `)).toBe(masked)
        expect(formatZipcode(cep)).toBe(masked)
      }),
    )
  })
  test('hostile text typed into a real CEP is refused by the form and by the lookup alike', () => {
    fc.assert(
      fc.property(digits(8), fc.boolean(), junk, fc.nat(), (cep, masked, typed, at) => {
        const spoiled = typedInto(masked ? maskCep(cep) : cep, typed, at)
        expect(zipcodeField.safeParse(spoiled).success).toBe(false)
        expect(cepDigits(spoiled)).toBeNull()
      }),
    )
  })
})

// From 2020 on, São Paulo keeps UTC-3 all year (DST ended in 2019).
const instantFrom2020 = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 })
  .map((minutes) => new Date(minutes * 60_000))
const anyInstant = fc
  .integer({ min: Date.UTC(1970, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 })
  .map((minutes) => new Date(minutes * 60_000))

describe('dates and São Paulo time', () => {
  test('an instant shown in São Paulo reads back as the same instant', () => {
    fc.assert(
      fc.property(instantFrom2020, (instant) => {
        expect(fromZoned(zonedDate(instant), zonedTime(instant))?.toISOString()).toBe(instant.toISOString())
        expect(instant.getTime() - zonedWallClock(instant)).toBe(3 * 3_600_000)
      }),
    )
  })
  test('across the old summer-time changes the wall clock read back is the one shown', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        const back = fromZoned(zonedDate(instant), zonedTime(instant))
        expect(back).not.toBeNull()
        expect(zonedDate(back!)).toBe(zonedDate(instant))
        expect(zonedTime(back!)).toBe(zonedTime(instant))
      }),
    )
  })
  test('dates that do not exist are refused, never moved to another day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }), // year 0 (1 BC) is outside what a schedule can mean
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 60 }),
        (y, mo, d, h, mi) => {
          const p = (n: number, w = 2) => String(n).padStart(w, '0')
          const date = `${p(y, 4)}-${p(mo)}-${p(d)}`
          const result = fromZoned(date, `${p(h)}:${p(mi)}`)
          const real = new Date(Date.UTC(2000, mo - 1, d))
          real.setUTCFullYear(y)
          const exists = mo >= 1 && mo <= 12 && d >= 1 && real.getUTCDate() === d && h < 24 && mi < 60
          if (!exists) expect(result).toBeNull()
          else expect(result === null ? null : zonedDate(result)).toBe(date)
        },
      ),
    )
  })
  test('formatDateTime writes dd/mm/aaaa, hh:mm in São Paulo', () => {
    fc.assert(
      fc.property(anyInstant, (instant) => {
        const p = zonedParts(instant)
        const pad = (n: number) => String(n).padStart(2, '0')
        expect(formatDateTime(instant.toISOString())).toBe(
          `${pad(p.day)}/${pad(p.month)}/${p.year}, ${pad(p.hour)}:${pad(p.minute)}`,
        )
      }),
    )
  })
})

function zonedWallClock(instant: Date): number {
  const p = zonedParts(instant)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
}
