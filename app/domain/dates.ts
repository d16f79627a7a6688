// Dates and times as a person in Brazil reads them: pt-BR, São Paulo's clock, wherever the
// server runs. Pure: used by pages in the browser and on the server.

// Made on first use: a formatter with a time zone loads ICU's zone data (≈ 15 ms on a phone),
// which every page importing this module paid when it loaded, dates shown or not (ADR 197).
let dateTime: Intl.DateTimeFormat | undefined

/** '2026-01-02T15:04:00Z' → '02/01/2026, 12:04' (São Paulo time). */
export function formatDateTime(iso: string) {
  dateTime ??= new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  })
  return dateTime.format(new Date(iso))
}
