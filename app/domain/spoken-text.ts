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

/** 2450000 → 'dois milhões quatrocentos e cinquenta mil'. Whole numbers up to 999 bilhões. */
export function numberToWords(value: number): string {
  const n = Math.floor(Math.abs(value))
  if (!Number.isFinite(n) || n >= 1e12) return String(value)
  if (n < 1000) return belowThousand(n) || 'zero'
  const groups: Array<{ words: string; amount: number }> = []
  let rest = n
  for (const [size, one, many] of SCALES) {
    const count = Math.floor(rest / size)
    rest %= size
    if (!count) continue
    const words = size === 1000 && count === 1 ? 'mil' : `${belowThousand(count)} ${count === 1 ? one : many}`
    groups.push({ words, amount: count * size })
  }
  if (rest) groups.push({ words: belowThousand(rest), amount: rest })
  // 'e' before a last group under 100 or a round hundred ('mil e duzentos'); else a space.
  return groups
    .map((group, index) => {
      if (index === 0) return group.words
      const last = index === groups.length - 1
      const joinsWithE = last && (group.amount < 100 || group.amount % 100 === 0) && group.amount < 1000
      return `${joinsWithE ? ' e ' : ' '}${group.words}`
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

/** The text as a speech engine should read it. */
export function speakableText(text: string): string {
  return text
    .replace(EMOJI, '')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '$1')
    .replace(/R\$\s?\d[\d.]*(?:,\d{1,2})?/g, (money) => spokenMoney(money))
    .replace(/(\d+(?:,\d+)?)\s?m²/g, (_m, area: string) => `${area.replace(',', ' vírgula ')} metros quadrados`)
    .replace(/\/m[eê]s\b/g, ' por mês')
    .replace(/\bm²/g, 'metros quadrados')
    .replace(/[•▪*_|]+/g, ' ')
    .replace(/\s*\n+\s*/g, (breaks) => (breaks.includes('\n\n') ? '. ' : ', '))
    .replace(/([.!?:;,])\s*[.,]+/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim()
}

/** 'm:ss' for a duration in milliseconds (whole seconds, as players show it; never 0:00 when > 0). */
export function formatDuration(ms: number): string {
  const seconds = ms > 0 ? Math.max(1, Math.floor(ms / 1000)) : 0
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
