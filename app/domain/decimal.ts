// A number as a Brazilian types it, read one way everywhere (forms, template conditions, feeds):
// a comma is the decimal separator and dots before it separate thousands ('1.234,5'); without a
// comma, a dot is a decimal point ('72.5', the way a phone's numeric keyboard types it) unless the
// dots group thousands ('1.500'). Coordinates ('-46.633') turn grouping off. Pure. Money has its
// own reader in cents (money.ts, parseMoney).

const THOUSANDS = /^\d{1,3}(\.\d{3})+$/

/** The number in `text`, or null when it is empty or not a number. */
export function parseDecimal(text: string | null | undefined, options: { grouping?: boolean } = {}): number | null {
  let rest = (text ?? '').replace(/[\s\u00a0\u202f]/g, '')
  const sign = rest.startsWith('-') ? -1 : 1
  if (/^[-+]/.test(rest)) rest = rest.slice(1)
  if (rest === '') return null
  const comma = rest.lastIndexOf(',')
  let whole = comma >= 0 ? rest.slice(0, comma) : rest
  let fraction = comma >= 0 ? rest.slice(comma + 1) : ''
  if (comma >= 0) {
    if (!/^\d+$/.test(fraction)) return null
    if (whole.includes('.') && !THOUSANDS.test(whole)) return null
    whole = whole.replace(/\./g, '') || '0'
  } else if (options.grouping !== false && THOUSANDS.test(whole)) {
    whole = whole.replace(/\./g, '')
  } else {
    const point = /^(\d*)\.(\d+)$/.exec(whole)
    if (point) [whole, fraction] = [point[1] || '0', point[2]!]
  }
  if (!/^\d+$/.test(whole)) return null
  const value = sign * Number(fraction ? `${whole}.${fraction}` : whole)
  return Number.isFinite(value) ? value + 0 : null
}
