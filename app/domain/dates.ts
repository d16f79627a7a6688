// Dates and times as a person in Brazil reads them: pt-BR, São Paulo's clock, wherever the
// server runs. Pure: used by pages in the browser and on the server.

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
})

/** '2026-01-02T15:04:00Z' → '02/01/2026, 12:04' (São Paulo time). */
export function formatDateTime(iso: string) {
  return dateTime.format(new Date(iso))
}
