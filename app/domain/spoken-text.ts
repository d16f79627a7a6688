// Written pt-BR turned into words a speech engine reads well: 'R$ 2.450.000,00' becomes
// 'dois milhões quatrocentos e cinquenta mil reais', '142 m²' becomes '142 metros quadrados',
// emojis, hashtags and links go. The agent edits the written text; this runs just before
// synthesis, so what they see stays natural to read.

const UNITS = [
  'zero',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
  'onze',
  'doze',
  'treze',
  'quatorze',
  'quinze',
  'dezesseis',
  'dezessete',
  'dezoito',
  'dezenove',
]
const TENS = ['', '', 'vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa']
const HUNDREDS = [
  '',
  'cento',
  'duzentos',
  'trezentos',
  'quatrocentos',
  'quinhentos',
  'seiscentos',
  'setecentos',
  'oitocentos',
  'novecentos',
]

function belowThousand(n: number): string {
  if (n === 100) return 'cem'
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts: string[] = []
  if (hundreds) parts.push(HUNDREDS[hundreds]!)
  if (rest) {
    if (rest < 20) parts.push(UNITS[rest]!)
    else {
      const tens = TENS[Math.floor(rest / 10)]!
      parts.push(rest % 10 ? `${tens} e ${UNITS[rest % 10]}` : tens)
    }
  }
  return parts.join(' e ')
}

const SCALES: Array<[number, string, string]> = [
  [1_000_000_000, 'bilhão', 'bilhões'],
  [1_000_000, 'milhão', 'milhões'],
  [1_000, 'mil', 'mil'],
]

/**
 * 2450000 → 'dois milhões, quatrocentos e cinquenta mil'. Whole numbers up to 999 bilhões; a
 * comma after the millions and billions (the pause a person makes there). `feminine`: 'uma',
 * 'duas' for what is counted ('duas vagas', 'uma suíte').
 */
export function numberToWords(value: number, options: { feminine?: boolean } = {}): string {
  const words = masculineWords(value)
  return options.feminine ? words.replace(/\bum$/, 'uma').replace(/\bdois$/, 'duas') : words
}

function masculineWords(value: number): string {
  const n = Math.floor(Math.abs(value))
  if (!Number.isFinite(n) || n >= 1e12) return String(value)
  if (n < 1000) return belowThousand(n) || 'zero'
  const groups: Array<{ words: string; amount: number; large?: boolean }> = []
  let rest = n
  for (const [size, one, many] of SCALES) {
    const count = Math.floor(rest / size)
    rest %= size
    if (!count) continue
    const words = size === 1000 && count === 1 ? 'mil' : `${belowThousand(count)} ${count === 1 ? one : many}`
    groups.push({ words, amount: count * size, large: size > 1000 })
  }
  if (rest) groups.push({ words: belowThousand(rest), amount: rest })
  // 'e' before a last group under 100 or a round hundred ('mil e duzentos'); else a space.
  return groups
    .map((group, index) => {
      if (index === 0) return group.words
      const last = index === groups.length - 1
      const joinsWithE = last && (group.amount < 100 || group.amount % 100 === 0) && group.amount < 1000
      return `${joinsWithE ? ' e ' : groups[index - 1]!.large ? ', ' : ' '}${group.words}`
    })
    .join('')
}

/** 'R$ 2.450.000,00' → 'dois milhões quatrocentos e cinquenta mil reais'. */
export function spokenMoney(written: string): string {
  const match = /(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?/.exec(written)
  if (!match) return written
  const reais = Number(match[1]!.replace(/\./g, ''))
  const centavos = match[2] ? Number(match[2].padEnd(2, '0')) : 0
  const million = reais >= 1_000_000 && reais % 1_000_000 === 0
  const words = `${numberToWords(reais)}${million ? ' de' : ''} ${reais === 1 ? 'real' : 'reais'}`
  return centavos ? `${words} e ${numberToWords(centavos)} ${centavos === 1 ? 'centavo' : 'centavos'}` : words
}

// Pictographs, regional indicators (flags), and the joiners and selectors that glue emoji.
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3}/gu

const DIGITS = UNITS.slice(0, 10)

/** '04534' → 'zero quatro cinco três quatro': codes are read digit by digit. */
const digitByDigit = (digits: string) => [...digits].map((digit) => DIGITS[Number(digit)]).join(' ')

/** A written Brazilian number ('1.250', '82,5', '3') as words. */
function spokenNumber(written: string, options: { feminine?: boolean } = {}): string {
  const [whole, fraction] = written.replace(/\./g, '').split(',')
  const words = numberToWords(Number(whole), options)
  return fraction ? `${words} vírgula ${numberToWords(Number(fraction))}` : words
}

// What is counted after a number, as it is written in listings, and how it is said: the plural,
// the singular, and whether it is counted in the feminine ('duas vagas').
const COUNTED: Array<[RegExp, string, string, boolean]> = [
  [/^(dorms?\.?|dormit[óo]rios?)$/i, 'dormitórios', 'dormitório', false],
  [/^(qtos?\.?|quartos?)$/i, 'quartos', 'quarto', false],
  [/^(su[íi]tes?)$/i, 'suítes', 'suíte', true],
  [/^(vagas?|vgs?\.?)$/i, 'vagas', 'vaga', true],
  [/^(banh\.?|banheiros?|wcs?)$/i, 'banheiros', 'banheiro', false],
  [/^(salas?)$/i, 'salas', 'sala', true],
  [/^(andares|andar)$/i, 'andares', 'andar', false],
  [/^(km)$/i, 'quilômetros', 'quilômetro', false],
  [/^(min\.?|minutos?)$/i, 'minutos', 'minuto', false],
]
const COUNTED_WORD =
  /(?<![\d.,])(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?\s?(dorms?\.?|dormit[óo]rios?|qtos?\.?|quartos?|su[íi]tes?|vagas?|vgs?\.?|banh\.?|banheiros?|wcs?|salas?|andares|andar|km|min\.?|minutos?)(?![\p{L}])/giu

function spokenCount(_match: string, whole: string, fraction: string | undefined, word: string): string {
  const [, plural, singular, feminine] = COUNTED.find(([pattern]) => pattern.test(word))!
  const number = fraction ? `${whole},${fraction}` : whole
  const one = !fraction && Number(whole.replace(/\./g, '')) === 1
  return `${spokenNumber(number, { feminine })} ${one ? singular : plural}`
}

/** The text as a speech engine should read it. */
export function speakableText(text: string): string {
  return (
    text
      .replace(EMOJI, '')
      .replace(/https?:\/\/\S+/g, '')
      .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '$1')
      // Phones: '(11) 98765-4321' → 'onze, nove oito sete seis cinco, quatro três dois um'.
      .replace(
        /(?:\+?55\s?)?\((\d{2})\)\s?(9?\d{4})[-\s](\d{4})\b/g,
        (_m, area: string, first: string, last: string) =>
          `${numberToWords(Number(area))}, ${digitByDigit(first)}, ${digitByDigit(last)}`,
      )
      // CEP '04534-011': digit by digit, the suffix after a pause.
      .replace(
        /\b(CEP:?\s?)?(\d{5})-(\d{3})\b/g,
        (_m, label: string | undefined, head: string, tail: string) =>
          `${label ? 'CEP ' : ''}${digitByDigit(head)}, ${digitByDigit(tail)}`,
      )
      // Prices as posts write them short: 'R$ 4,2 milhões', 'R$ 850 mil'.
      .replace(
        /R\$\s?(\d+(?:,\d+)?)\s(mil|milhão|milhões|bilhão|bilhões)\b/g,
        (_m, number: string, scale: string) => `${spokenNumber(number)} ${scale}${scale === 'mil' ? '' : ' de'} reais`,
      )
      .replace(/R\$\s?\d[\d.]*(?:,\d{1,2})?/g, (money) => spokenMoney(money))
      .replace(
        /(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?\s?m(?:²|2)(?![\p{L}\d])/gu,
        (_m, whole: string, fraction: string | undefined) =>
          `${spokenNumber(fraction ? `${whole},${fraction}` : whole)} metros quadrados`,
      )
      .replace(COUNTED_WORD, spokenCount)
      .replace(/\/m[eê]s\b/g, ' por mês')
      .replace(/\bm²/g, 'metros quadrados')
      .replace(/\bn[º°]\s?/gi, 'número ')
      .replace(/\bcond\.(?=\s)/gi, 'condomínio')
      .replace(/\baptos?\.?(?=\s|$)/gi, (abbr) => (/s/i.test(abbr) ? 'apartamentos' : 'apartamento'))
      .replace(/\baprox\.(?=\s)/gi, 'aproximadamente')
      // Any other number: '1.250' is 'mil duzentos e cinquenta', never 'um ponto duzentos…'.
      .replace(/(?<![\d,])(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?(?![\d])/g, (_m, whole: string, fraction?: string) =>
        spokenNumber(fraction ? `${whole},${fraction}` : whole),
      )
      .replace(/[•▪*_|]+/g, ' ')
      .replace(/\s*\n+\s*/g, (breaks) => (breaks.includes('\n\n') ? '. ' : ', '))
      .replace(/([.!?:;,])\s*[.,]+/g, '$1')
      .replace(/[ \t]{2,}/g, ' ')
      .trim()
  )
}

/** 'm:ss' for a duration in milliseconds (whole seconds, as players show it; never 0:00 when > 0). */
export function formatDuration(ms: number): string {
  const seconds = ms > 0 ? Math.max(1, Math.floor(ms / 1000)) : 0
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
