// The trial without sign-up (ADR 269): the words and the address of its one way on. A module of
// its own, so the error page and the header's banner (every page's bundle) do not carry the plans'
// catalogue with them.

/** The call every refusal of the trial ends with; the page links it to /salvar-trabalho. */
export const SAVE_WORK = 'Salvar meu trabalho'
export const SAVE_WORK_PATH = '/salvar-trabalho'
