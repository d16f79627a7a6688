// Money as Brazilians type and read it (ADR 020): stored as integer cents, shown as
// 'R$ 1.234,56'. The figures are Intl's pt-BR decimals; the 'R$' is ours, with a plain space:
// Intl's currency style puts a non-breaking one after it (and ICU versions have changed it
// before), which would not match what people and tests type.

export const NULL_PRICE_TEXT = 'R$ -,--'

/**
 * Reads what a person typed into a money field and returns cents.
 * - '' / only spaces / 'R$' → 0 (empty becomes 0)
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

const WHOLE = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })

/** 123456789 → 'R$ 1.234.567,89'; null/undefined → 'R$ -,--'. A plain space follows 'R$'. */
export function formatBRL(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return NULL_PRICE_TEXT
  const rounded = Math.round(cents)
  // Whole reais and centavos apart: cents / 100 as a float would lose the last digit of a large amount.
  const abs = BigInt(Math.abs(rounded))
  return `${rounded < 0 ? '-' : ''}R$ ${WHOLE.format(abs / 100n)},${String(abs % 100n).padStart(2, '0')}`
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
  if (Math.abs(reais) >= 1_000_000) return `R$ ${decimals(reais / 1_000_000, 1)} mi`
  if (Math.abs(reais) >= 10_000) return `R$ ${Math.round(reais / 1000)} mil`
  return formatBRL(cents)
}

// ------------------------------------------------------------------ money on post images (ADR 151)

/** How a post's images write the main price: 'R$ 4.200.000' or 'R$ 4,2 milhões'. */
export const IMAGE_PRICE_STYLES = ['exact', 'short'] as const
export type ImagePriceStyle = (typeof IMAGE_PRICE_STYLES)[number]

/** Above this (R$ 10.000, in cents) images drop the centavos. */
export const NO_CENTS_FROM = 1_000_000

export const PER_MONTH = '/mês'

/** 4.2 → '4,2', 4 → '4': at most 1 or 2 decimals, no grouping (a short amount stays short). */
const SHORT = [1, 2].map(
  (places) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: places, useGrouping: false }),
)
const decimals = (n: number, places: 1 | 2) => SHORT[places - 1]!.format(n)

/**
 * One amount as a post image writes it: centavos only below R$ 10.000 ('R$ 650,50',
 * 'R$ 2.100,00', 'R$ 4.200.000'); 'short' writes millions and thousands in words
 * ('R$ 4,2 milhões', 'R$ 1 milhão', 'R$ 850 mil'). Null → 'R$ -,--'.
 */
export function formatImageMoney(cents: number | null | undefined, style: ImagePriceStyle = 'exact'): string {
  if (cents == null || !Number.isFinite(cents)) return NULL_PRICE_TEXT
  const reais = Math.abs(cents) / 100
  const sign = cents < 0 ? '-' : ''
  if (style === 'short' && reais >= 1_000_000) {
    const millions = reais / 1_000_000
    return `${sign}R$ ${decimals(millions, 2)} ${millions === 1 ? 'milhão' : 'milhões'}`
  }
  if (style === 'short' && reais >= 10_000) return `${sign}R$ ${decimals(reais / 1000, 1)} mil`
  if (Math.abs(cents) >= NO_CENTS_FROM) return `${sign}R$ ${WHOLE.format(Math.round(reais))}`
  return formatBRL(cents)
}

const MONEY_IN_TEXT = /R\$\s?(\d{1,3}(?:\.\d{3})+|\d+)(,\d{1,2})?(?!\d)/g

/**
 * Text bound for an image with every amount rewritten by the image rule (whoever wrote it: the
 * offline writer, the AI or the agent), and '/mês' said once.
 */
export function imageMoneyText(text: string): string {
  return text
    .replace(MONEY_IN_TEXT, (match) => {
      const cents = parseMoney(match)
      return cents === null ? match : formatImageMoney(cents)
    })
    .replace(/\s*\/\s*m[eê]s(?:\s*\/\s*m[eê]s)+/gi, PER_MONTH)
}

/** The text with '/mês' once at its end (never '/mês /mês'). */
export function perMonth(text: string): string {
  return `${text.replace(/(\s*\/\s*m[eê]s)+\s*$/i, '')}${PER_MONTH}`
}
