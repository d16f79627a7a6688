// Money as Brazilians type and read it (spec §5, §9): stored as integer cents, shown as
// 'R$ 1.234,56'. Pure functions, no Intl: Intl puts a non-breaking space after 'R$' (and
// ICU versions have changed it before), so the text would not match what people and tests
// type. We print a plain space, always.

export const NULL_PRICE_TEXT = 'R$ -,--'

/**
 * Reads what a person typed into a money field and returns cents.
 * - '' / only spaces / 'R$' → 0 (spec §5: empty becomes 0)
 * - 'R$ 1.234,56', '1234,56', '1.234' (one thousand two hundred and thirty-four reais)
 * - '1234.56' (a single dot followed by one or two digits is read as the decimal separator,
 *   the way a phone's numeric keyboard types it)
 * - a leading '-' gives a negative amount (the schemas then say 'Deve ser maior ou igual a 0')
 * Returns null when the text is not an amount ('abc', '1,234', '1.23.4').
 */
export function parseMoney(input: string | number | null | undefined): number | null {
  if (input == null) return 0
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input * 100) : null
  let text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^R\$/i, '')
  let sign = 1
  if (text.startsWith('-')) {
    sign = -1
    text = text.slice(1).replace(/^R\$/i, '')
  }
  if (text === '') return 0

  let whole: string
  let fraction = ''
  const comma = text.lastIndexOf(',')
  if (comma >= 0) {
    whole = text.slice(0, comma)
    fraction = text.slice(comma + 1)
    if (!/^\d{1,2}$/.test(fraction)) return null
  } else {
    whole = text
    // '1234.5' / '1234.56': a lone dot with one or two digits after it is a decimal point.
    const m = /^(\d+)\.(\d{1,2})$/.exec(text)
    if (m) {
      whole = m[1]!
      fraction = m[2]!
    }
  }
  if (whole === '') whole = '0'
  // Thousands separated by dots must come in groups of three: '1.234.567'.
  if (whole.includes('.')) {
    if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null
    whole = whole.replace(/\./g, '')
  }
  if (!/^\d+$/.test(whole)) return null
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return null
  return sign * cents || 0
}

/** Groups an integer's digits by thousands with dots: 1234567 → '1.234.567'. */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** 123456789 → 'R$ 1.234.567,89'; null/undefined → 'R$ -,--'. A plain space follows 'R$'. */
export function formatBRL(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return NULL_PRICE_TEXT
  const rounded = Math.round(cents)
  const abs = Math.abs(rounded)
  const reais = Math.floor(abs / 100)
  const rest = String(abs % 100).padStart(2, '0')
  return `${rounded < 0 ? '-' : ''}R$ ${groupThousands(reais)},${rest}`
}

/** What a money input shows for a stored value: '1.234,56', and '' for null. */
export function formatMoneyInput(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return ''
  return formatBRL(cents).replace('R$ ', '')
}

/** 'R$ 1,2 mi', 'R$ 850 mil': a short form for tight places (cards, captions). */
export function formatBRLShort(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return NULL_PRICE_TEXT
  const reais = cents / 100
  const one = (n: number) => n.toFixed(1).replace(/\.0$/, '').replace('.', ',')
  if (Math.abs(reais) >= 1_000_000) return `R$ ${one(reais / 1_000_000)} mi`
  if (Math.abs(reais) >= 10_000) return `R$ ${Math.round(reais / 1000)} mil`
  return formatBRL(cents)
}
