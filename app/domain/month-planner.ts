// "Mês pronto" (ADR 283): the planner. Which kinds of piece go on which São Paulo day and time,
// about which property, with which message, template and cover composition; the rules it keeps
// (no composition twice in a row, no property twice in 3 days, every property once, 2 h apart,
// 08–22 h, the daily limit) are what `planProblems` checks. Pure and deterministic for a given
// `random`; the vocabulary (kinds, rhythms, messages, templates) is month-plan.ts.
import { fromZoned, zonedDate, zonedParts } from './dates'
import {
  COMPOSITIONS_BY_MESSAGE,
  addDays,
  SLOT_KINDS,
  isPropertyMessage,
  templateFor,
  type Message,
  type Rhythm,
  type SlotKind,
} from './month-plan'
import type { OccasionDay } from './occasion-calendar'
import type { Random } from './post-plan'

export type PlannerHome = {
  id: number
  status: 'sale' | 'rent'
  createdAt: Date
  /** Its price went down lately (a feed's event or a "Baixou o preço!" post). */
  priceDrop: boolean
  /** Posts made of it so far (before this plan). */
  postsSoFar: number
  hasFloorPlan: boolean
}

/** A piece already in the plan that stays where it is (edited by the agent: "Refazer o mês"). */
export type FixedSlot = {
  id: number
  kind: SlotKind
  message: Message
  homeId: number | null
  composition: string
  publishAt: Date
}

export type PlanInput = {
  /** The first São Paulo day ('YYYY-MM-DD') and how many days. */
  start: string
  days: number
  rhythm: Rhythm
  homes: PlannerHome[]
  occasions: OccasionDay[]
  /** Hours (São Paulo, 8–21) the agent's own insights rank best, best first; null: the defaults. */
  bestHours?: number[] | null
  /** At most this many pieces a day (the account's publishing limit, ≤ the rule's 7). */
  dailyLimit: number
  /** Publications already scheduled outside the plan: nothing within 2 h of them. */
  busy?: Date[]
  fixed?: FixedSlot[]
  random: Random
}

export type PlannedSlot = {
  kind: SlotKind
  message: Message
  homeId: number | null
  template: string | null
  composition: string
  occasion: string | null
  publishAt: Date
  /** A fixed slot's id: the piece that stays. */
  fixedId?: number
}

export const GAP_MS = 2 * 60 * 60 * 1000
export const FIRST_HOUR = 8
export const LAST_MINUTE = 22 * 60
/** No property twice in this many days. */
export const PROPERTY_GAP_DAYS = 3
/** With 2 h between pieces from 08:00 to 22:00. */
export const MAX_PER_DAY = 7

const DAY_MS = 86_400_000

function weekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay()
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** The minutes of the day a piece may go out, best first (weekdays 11–13 h, 18–21 h by default). */
export function preferredMinutes(date: string, bestHours: number[] | null | undefined): number[] {
  const day = weekday(date)
  const weekend = day === 0 || day === 6
  const peaks: number[][] = bestHours?.length
    ? bestHours.filter((h) => h >= FIRST_HOUR && h <= 21).map((h) => [h * 60, h * 60 + 30])
    : weekend
      ? [
          [600, 630, 660, 690, 720],
          [1020, 1050, 1080, 1110, 1140, 1170, 1200],
        ]
      : [
          [660, 690, 720, 750, 780],
          [1080, 1110, 1140, 1170, 1200, 1230, 1260],
        ]
  const rest: number[] = []
  for (let m = FIRST_HOUR * 60; m <= 21 * 60 + 30; m += 30) rest.push(m)
  return [...new Set([...peaks.flat(), ...rest])]
}

/** Spreads `n` items of each kind evenly over a sequence. */
function interleave(counts: [SlotKind, number][]): SlotKind[] {
  const placed: { kind: SlotKind; at: number }[] = []
  for (const [kind, n] of counts) for (let j = 0; j < n; j++) placed.push({ kind, at: (j + 0.5) / n })
  placed.sort((a, b) => a.at - b.at || SLOT_KINDS.indexOf(a.kind) - SLOT_KINDS.indexOf(b.kind))
  const kinds = placed.map((p) => p.kind)
  // Two Reels side by side share a "composition" (the video): move the second one on.
  for (let i = 1; i < kinds.length; i++) {
    if (kinds[i] === 'reel' && kinds[i - 1] === 'reel') {
      const j = kinds.findIndex((k, x) => x > i && k !== 'reel')
      if (j > 0) [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!]
    }
  }
  return kinds
}

/** How many pieces of each kind the period holds at this rhythm. */
export function slotCounts(rhythm: Rhythm, days: number): Rhythm {
  const of = (k: SlotKind) => Math.round((rhythm[k] * days) / 7)
  return { post: of('post'), carousel: of('carousel'), story: of('story'), reel: of('reel') }
}

export function totalPieces(rhythm: Rhythm, days: number): number {
  const c = slotCounts(rhythm, days)
  return c.post + c.carousel + c.story + c.reel
}

type Skeleton = { day: string; kind: SlotKind; occasion: OccasionDay | null }

function skeleton(input: PlanInput): Skeleton[] {
  const counts = slotCounts(input.rhythm, input.days)
  const fixed = input.fixed ?? []
  for (const f of fixed) counts[f.kind] = Math.max(0, counts[f.kind] - 1)
  const kinds = interleave(SLOT_KINDS.map((k) => [k, counts[k]]))
  const slots: Skeleton[] = kinds.map((kind, i) => ({
    day: addDays(input.start, Math.floor(((i + 0.5) * input.days) / kinds.length)),
    kind,
    occasion: null,
  }))
  // The occasions of the period on their day: a feed post becomes the greeting, or one is added.
  for (const occasion of input.occasions) {
    if (fixed.some((f) => f.message === 'data')) continue
    let best = -1
    slots.forEach((slot, i) => {
      if (slot.kind !== 'post' || slot.occasion) return
      const distance = Math.abs(dayIndex(input.start, slot.day) - dayIndex(input.start, occasion.date))
      if (
        distance <= 3 &&
        (best < 0 ||
          distance < Math.abs(dayIndex(input.start, slots[best]!.day) - dayIndex(input.start, occasion.date)))
      )
        best = i
    })
    if (best >= 0) slots[best] = { day: occasion.date, kind: 'post', occasion }
    else slots.push({ day: occasion.date, kind: 'post', occasion })
  }
  return slots.sort((a, b) => a.day.localeCompare(b.day))
}

function dayIndex(start: string, day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS)
}

/** The São Paulo day of an instant ('YYYY-MM-DD'). */
const spDay = (at: Date): string => zonedDate(at)

/** Times for the day's slots: preferred first, 2 h from each other and from anything busy. */
function timesOf(day: string, wanted: number, taken: Date[], input: PlanInput): Date[] {
  const chosen: Date[] = []
  const prefs = preferredMinutes(day, input.bestHours)
  // A little variety: start from a random one of the first window's times.
  const window = input.bestHours?.length ? 2 : 5
  const offset = Math.floor(input.random() * window)
  const ordered = [...prefs.slice(offset, window), ...prefs.slice(0, offset), ...prefs.slice(window)]
  const sameDay = taken.filter((t) => spDay(t) === day).length
  const room = Math.max(0, Math.min(input.dailyLimit, MAX_PER_DAY) - sameDay)
  for (const minute of ordered) {
    if (chosen.length >= Math.min(wanted, room)) break
    const at = fromZoned(day, hhmm(minute))
    if (!at) continue
    if ([...taken, ...chosen].some((t) => Math.abs(t.getTime() - at.getTime()) < GAP_MS)) continue
    chosen.push(at)
  }
  return chosen.sort((a, b) => a.getTime() - b.getTime())
}

type Placed = { at: Date; kind: SlotKind; occasion: OccasionDay | null }

/** Each day's slots at their times; what a full day cannot hold moves on to the next. */
function placeSlots(input: PlanInput, fixed: FixedSlot[]): Placed[] {
  const taken: Date[] = [...(input.busy ?? []), ...fixed.map((f) => f.publishAt)]
  const placed: Placed[] = []
  const byDay = new Map<string, Skeleton[]>()
  for (const slot of skeleton(input)) byDay.set(slot.day, [...(byDay.get(slot.day) ?? []), slot])
  let carry: Skeleton[] = []
  for (let i = 0; i < input.days; i++) {
    const day = addDays(input.start, i)
    const wanted = [...carry, ...(byDay.get(day) ?? [])]
    // An occasion's greeting first: it must be on its day.
    wanted.sort((a, b) => Number(!!b.occasion) - Number(!!a.occasion))
    const times = timesOf(day, wanted.length, taken, input)
    wanted.slice(0, times.length).forEach((slot, j) => {
      placed.push({ at: times[j]!, kind: slot.kind, occasion: slot.occasion })
      taken.push(times[j]!)
    })
    carry = wanted.slice(times.length).filter((slot) => !slot.occasion)
  }
  return placed
}

type Draft = PlannedSlot & { isNew: boolean }

/** The new slots and the fixed ones in one sequence, in time order. */
function sequenceOf(placed: Placed[], fixed: FixedSlot[]): Draft[] {
  return [
    ...placed.map((p) => ({
      kind: p.kind,
      message: (p.occasion ? 'data' : 'novo') as Message,
      homeId: null,
      template: null,
      composition: '',
      occasion: p.occasion?.occasion ?? null,
      publishAt: p.at,
      isNew: true,
    })),
    ...fixed.map((f) => ({
      kind: f.kind,
      message: f.message,
      homeId: f.homeId,
      template: null,
      composition: f.composition,
      occasion: null,
      publishAt: f.publishAt,
      fixedId: f.id,
      isNew: false,
    })),
  ].sort((a, b) => a.publishAt.getTime() - b.publishAt.getTime())
}

/** What the assignment keeps count of as it goes. */
type Tally = {
  used: Map<number, number>
  said: Map<number, Message[]>
  compositions: Map<string, number>
  score: (h: PlannerHome) => number
}

function tallyOf(input: PlanInput, fixed: FixedSlot[]): Tally {
  const used = new Map<number, number>()
  const compositions = new Map<string, number>()
  for (const f of fixed) {
    if (f.homeId !== null) used.set(f.homeId, (used.get(f.homeId) ?? 0) + 1)
    compositions.set(f.composition, (compositions.get(f.composition) ?? 0) + 1)
  }
  const newest = Math.max(0, ...input.homes.map((h) => h.createdAt.getTime()))
  const mostPosts = Math.max(1, ...input.homes.map((h) => h.postsSoFar))
  const age = (h: PlannerHome) => newest - h.createdAt.getTime()
  // Weighted to the newest, to price drops and to those with the fewest posts so far.
  const score = (h: PlannerHome) =>
    (age(h) < 30 * DAY_MS ? 3 : age(h) < 90 * DAY_MS ? 1 : 0) +
    (h.priceDrop ? 3 : 0) +
    2 * (1 - h.postsSoFar / mostPosts) -
    3 * (used.get(h.id) ?? 0) +
    input.random() * 0.5
  return { used, said: new Map(), compositions, score }
}

/** A text piece (a tip, the agency's presentation) where no property may appear. */
function asText(slot: Draft, avoid: Set<string>) {
  const text: Message = avoid.has('arte:dicas') ? 'institucional' : 'dicas'
  slot.message = text
  if (slot.kind === 'reel') slot.kind = 'post'
  slot.template = templateFor(text, slot.kind)
  slot.composition = `arte:${text}`
}

/** Gives a new slot its property, message, template and composition. */
function assign(slot: Draft, index: number, sequence: Draft[], input: PlanInput, tally: Tally) {
  const previous = sequence[index - 1]?.composition ?? ''
  const next = sequence[index + 1] && !sequence[index + 1]!.isNew ? sequence[index + 1]!.composition : ''
  const avoid = new Set([previous, next])
  if (slot.occasion) {
    slot.message = 'data'
    slot.kind = slot.kind === 'story' ? 'story' : 'post'
    slot.template = templateFor('data', slot.kind)
    slot.composition = `arte:${slot.occasion}`
    return
  }
  const day = dayIndex(input.start, spDay(slot.publishAt))
  const eligible = (h: PlannerHome) =>
    sequence.every(
      (s, j) =>
        j === index ||
        s.homeId !== h.id ||
        Math.abs(dayIndex(input.start, spDay(s.publishAt)) - day) >= PROPERTY_GAP_DAYS,
    )
  // Every property once before any twice: the unused ones first, then by weight.
  const home = input.homes
    .filter(eligible)
    .sort((a, b) => Number(tally.used.has(a.id)) - Number(tally.used.has(b.id)) || tally.score(b) - tally.score(a))[0]
  if (!home) return asText(slot, avoid)
  slot.homeId = home.id
  tally.used.set(home.id, (tally.used.get(home.id) ?? 0) + 1)
  const said = tally.said.get(home.id) ?? []
  slot.message = messageFor(home, slot.kind, said)
  tally.said.set(home.id, [...said, slot.message])
  slot.template = templateFor(slot.message, slot.kind, home.status)
  if (slot.kind === 'reel') {
    slot.composition = 'video'
    return
  }
  const options = COMPOSITIONS_BY_MESSAGE[slot.message as keyof typeof COMPOSITIONS_BY_MESSAGE]
  const fresh = options.filter((c) => !avoid.has(c))
  fresh.sort((a, b) => (tally.compositions.get(a) ?? 0) - (tally.compositions.get(b) ?? 0))
  slot.composition = fresh[0] ?? 'full-bleed'
}

/**
 * The plan: a sequence of slots in time order, fixed ones kept as they are. Where a day has no
 * room left (the daily limit, the 2 h gap) its extra slots move to the next day with room; slots
 * that find none within the period are dropped.
 */
export function planMonth(input: PlanInput): PlannedSlot[] {
  const fixed = [...(input.fixed ?? [])].sort((a, b) => a.publishAt.getTime() - b.publishAt.getTime())
  const placed = placeSlots(input, fixed).sort((a, b) => a.at.getTime() - b.at.getTime())
  const sequence = sequenceOf(placed, fixed)
  const tally = tallyOf(input, fixed)
  sequence.forEach((slot, index) => {
    if (!slot.isNew) return
    assign(slot, index, sequence, input, tally)
    // Two text pieces side by side: the other text message.
    if (
      slot.composition === sequence[index - 1]?.composition &&
      !isPropertyMessage(slot.message) &&
      slot.message !== 'data'
    ) {
      const text: Message = slot.message === 'dicas' ? 'institucional' : 'dicas'
      slot.message = text
      slot.template = templateFor(text, slot.kind)
      slot.composition = `arte:${text}`
    }
    tally.compositions.set(slot.composition, (tally.compositions.get(slot.composition) ?? 0) + 1)
  })
  return sequence.map(({ isNew: _isNew, ...slot }) => slot)
}

/** The message of a property's next piece: new first, a price drop next, then the others in turn. */
function messageFor(home: PlannerHome, kind: SlotKind, said: Message[]): Message {
  const recent = home.postsSoFar === 0
  if (recent && !said.includes('novo')) return 'novo'
  if (home.priceDrop && kind === 'post' && !said.includes('preco')) return 'preco'
  const turn: Message[] = ['destaques', 'bairro', ...(home.hasFloorPlan ? (['planta'] as const) : []), 'novo']
  if (kind === 'story') turn.splice(1, 0, 'visita')
  return turn.find((m) => !said.includes(m)) ?? turn[said.length % turn.length]!
}

/** The rules of a plan, as a person would check them; an empty list when it keeps them all. */
export function planProblems(
  slots: readonly Pick<PlannedSlot, 'homeId' | 'composition' | 'publishAt'>[],
  options: { homes?: number[]; dailyLimit?: number } = {},
): string[] {
  const problems: string[] = []
  const sorted = [...slots].sort((a, b) => a.publishAt.getTime() - b.publishAt.getTime())
  sorted.forEach((slot, i) => {
    const minutes = zonedMinutes(slot.publishAt)
    if (minutes < FIRST_HOUR * 60 || minutes > LAST_MINUTE)
      problems.push(`fora do horário: ${slot.publishAt.toISOString()}`)
    const previous = sorted[i - 1]
    if (previous && slot.publishAt.getTime() - previous.publishAt.getTime() < GAP_MS)
      problems.push(`menos de 2 h: ${slot.publishAt.toISOString()}`)
    if (previous && previous.composition === slot.composition) problems.push(`composição repetida: ${slot.composition}`)
    if (slot.homeId !== null)
      for (const other of sorted.slice(0, i))
        if (
          other.homeId === slot.homeId &&
          Math.abs(dayNumber(slot.publishAt) - dayNumber(other.publishAt)) < PROPERTY_GAP_DAYS
        )
          problems.push(`imóvel ${slot.homeId} duas vezes em 3 dias`)
  })
  for (const id of options.homes ?? [])
    if (!slots.some((s) => s.homeId === id)) problems.push(`imóvel ${id} ficou de fora`)
  if (options.dailyLimit !== undefined) {
    const perDay = new Map<number, number>()
    for (const s of slots) perDay.set(dayNumber(s.publishAt), (perDay.get(dayNumber(s.publishAt)) ?? 0) + 1)
    for (const [, n] of perDay) if (n > options.dailyLimit) problems.push(`${n} peças num dia`)
  }
  return problems
}

function zonedMinutes(at: Date): number {
  const p = zonedParts(at)
  return p.hour * 60 + p.minute
}

/** The São Paulo day of an instant as a count of days. */
const dayNumber = (at: Date) => Math.round(Date.parse(`${zonedDate(at)}T00:00:00Z`) / DAY_MS)

/**
 * The next free slot of a month for one more piece about a property (a feed's new listing or
 * price drop): the first preferred time from `from` on, 2 h from every piece, within the daily
 * limit, no piece of that property within 3 days; its composition differs from its neighbours'.
 */
export function nextFreeSlot(input: {
  start: string
  days: number
  from: string
  homeId: number
  message: Message
  pieces: readonly Pick<PlannedSlot, 'homeId' | 'composition' | 'publishAt'>[]
  dailyLimit: number
  bestHours?: number[] | null
}): { publishAt: Date; composition: string } | null {
  const last = addDays(input.start, input.days - 1)
  const near = (a: Date, b: Date) => Math.abs(dayNumber(a) - dayNumber(b)) < PROPERTY_GAP_DAYS
  for (let day = input.from < input.start ? input.start : input.from; day <= last; day = addDays(day, 1)) {
    const sameDay = input.pieces.filter((p) => spDay(p.publishAt) === day).length
    if (sameDay >= Math.min(input.dailyLimit, MAX_PER_DAY)) continue
    for (const minute of preferredMinutes(day, input.bestHours)) {
      const at = fromZoned(day, hhmm(minute))
      if (!at) continue
      if (input.pieces.some((p) => Math.abs(p.publishAt.getTime() - at.getTime()) < GAP_MS)) continue
      if (input.pieces.some((p) => p.homeId === input.homeId && near(p.publishAt, at))) continue
      const sorted = [...input.pieces].sort((a, b) => a.publishAt.getTime() - b.publishAt.getTime())
      const before = sorted.filter((p) => p.publishAt < at).at(-1)?.composition
      const after = sorted.find((p) => p.publishAt > at)?.composition
      const options = COMPOSITIONS_BY_MESSAGE[input.message as keyof typeof COMPOSITIONS_BY_MESSAGE] ?? ['full-bleed']
      const composition = options.find((c) => c !== before && c !== after) ?? 'split'
      return { publishAt: at, composition }
    }
  }
  return null
}
