// Dates and times as a person in Brazil reads them: pt-BR, São Paulo's clock, wherever the
// server runs. The one module for São Paulo time: every conversion goes through Intl with the
// zone's name, never a hand-written offset. Pure: used by pages in the browser and on the server.

export const SAO_PAULO = 'America/Sao_Paulo'

// Made on first use: a formatter with a time zone loads ICU's zone data (≈ 15 ms on a phone),
// which every page importing this module paid when it loaded, dates shown or not (ADR 197).
let dateTime: Intl.DateTimeFormat | undefined
let parts: Intl.DateTimeFormat | undefined

/** '2026-01-02T15:04:00Z' → '02/01/2026, 12:04' (São Paulo time). */
export function formatDateTime(iso: string) {
  dateTime ??= new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: SAO_PAULO })
  return dateTime.format(new Date(iso))
}

/** The wall-clock parts of an instant in São Paulo. */
export function zonedParts(date: Date) {
  parts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SAO_PAULO,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  const p = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, part.value]))
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as a pt-BR spreadsheet reads a date and time: 'dd/mm/aaaa hh:mm', São Paulo time. */
export function csvDateTime(date: Date): string {
  const p = zonedParts(date)
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`
}

/** 'YYYY-MM-DD' of an instant in São Paulo. */
export function zonedDate(date: Date): string {
  const p = zonedParts(date)
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}`
}

/** 'HH:MM' of an instant in São Paulo. */
export function zonedTime(date: Date): string {
  const p = zonedParts(date)
  return `${pad(p.hour)}:${pad(p.minute)}`
}

/** Date.UTC without its quirk of reading years 0–99 as 1900–1999 ('0026' is not 1926). */
function utc(year: number, month: number, day: number, hour: number, minute: number): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute))
  date.setUTCFullYear(year, month - 1, day)
  return date.getTime()
}

/** The instant a São Paulo date ('YYYY-MM-DD') and time ('HH:MM') name; null when invalid. */
export function fromZoned(date: string, time: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const t = /^(\d{2}):(\d{2})$/.exec(time)
  if (!d || !t) return null
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null
  const guess = utc(year, month, day, hour, minute)
  // The zone's offset at that moment (twice: once more if the first guess crossed a change).
  let instant = guess
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(instant))
    const shown = utc(p.year, p.month, p.day, p.hour, p.minute)
    instant += guess - shown
  }
  const back = zonedParts(new Date(instant))
  if (back.day !== day || back.month !== month || back.year !== year) return null
  return new Date(instant)
}

/** The instant São Paulo's current calendar month began (plans count by calendar month). */
export function startOfMonthInSaoPaulo(now = new Date()): Date {
  const p = zonedParts(now)
  return fromZoned(`${String(p.year).padStart(4, '0')}-${pad(p.month)}-01`, '00:00')!
}
