// The occasions calendar: on which São Paulo day each datas comemorativas of the template library
// (content-options.ts's OCCASIONS) falls in a given year. Fixed dates, the movable ones (Páscoa by
// the Gregorian computus; Dia das Mães and Dia dos Pais, second Sunday of May and of August).
// Pure. "Mês pronto" (ADR 283) puts each occasion of its period on its day.

export type OccasionDay = { date: string; occasion: string; label: string }

const pad = (n: number) => String(n).padStart(2, '0')
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`

/** Easter Sunday (Anonymous Gregorian algorithm). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return { month, day }
}

/** The n-th Sunday (1-based) of a month. */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
  return 1 + ((7 - first) % 7) + (n - 1) * 7
}

/** Every occasion of a year, by date. */
export function occasionsOfYear(year: number): OccasionDay[] {
  const easter = easterSunday(year)
  return [
    { date: iso(year, 1, 1), occasion: 'ano_novo', label: 'Ano Novo' },
    { date: iso(year, 3, 8), occasion: 'dia_da_mulher', label: 'Dia da Mulher' },
    { date: iso(year, easter.month, easter.day), occasion: 'pascoa', label: 'Páscoa' },
    { date: iso(year, 5, nthSunday(year, 5, 2)), occasion: 'dia_das_maes', label: 'Dia das Mães' },
    { date: iso(year, 8, nthSunday(year, 8, 2)), occasion: 'dia_dos_pais', label: 'Dia dos Pais' },
    { date: iso(year, 8, 27), occasion: 'dia_do_corretor', label: 'Dia do Corretor' },
    { date: iso(year, 9, 15), occasion: 'dia_do_cliente', label: 'Dia do Cliente' },
    { date: iso(year, 10, 12), occasion: 'dia_das_criancas', label: 'Dia das Crianças' },
    { date: iso(year, 12, 25), occasion: 'natal', label: 'Natal' },
  ].sort((x, y) => x.date.localeCompare(y.date))
}

/** The occasions whose day is in [first, last] ('YYYY-MM-DD', inclusive). */
export function occasionsBetween(first: string, last: string): OccasionDay[] {
  const from = Number(first.slice(0, 4))
  const to = Number(last.slice(0, 4))
  const all: OccasionDay[] = []
  for (let year = from; year <= to; year++) all.push(...occasionsOfYear(year))
  return all.filter((o) => o.date >= first && o.date <= last)
}
