// São Paulo's wall clock, the app's: a test that types a day or a time into a form, or reads one
// back, takes it from here. Between 21:00 and midnight there the UTC date is already tomorrow.
const SAO_PAULO = 'America/Sao_Paulo'

/** Date (YYYY-MM-DD) and time (HH:MM) in São Paulo `minutes` from now: the form's fields. */
export function saoPauloIn(minutes: number) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: SAO_PAULO,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(Date.now() + minutes * 60_000))
      .map((p) => [p.type, p.value]),
  )
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` }
}

/** The day `days` from today in São Paulo (YYYY-MM-DD). */
export const dayFromToday = (days: number) => saoPauloIn(days * 24 * 60).date
