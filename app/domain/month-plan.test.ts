import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { zonedDate, zonedParts } from './dates'
import { RHYTHM_PRESETS, describeRhythm, rhythmOf, type Rhythm } from './month-plan'
import { MAX_PER_DAY, planMonth, planProblems, slotCounts, type PlanInput, type PlannerHome } from './month-planner'
import { easterSunday, occasionsBetween } from './occasion-calendar'
import { seededRandom } from './post-plan'

const home = (id: number, extra: Partial<PlannerHome> = {}): PlannerHome => ({
  id,
  status: 'sale',
  createdAt: new Date(Date.UTC(2026, 10, id)),
  priceDrop: false,
  postsSoFar: 0,
  hasFloorPlan: false,
  ...extra,
})

const base = (extra: Partial<PlanInput> = {}): PlanInput => ({
  start: '2026-12-03',
  days: 30,
  rhythm: RHYTHM_PRESETS.regular.rhythm,
  homes: [1, 2, 3, 4, 5].map((id) => home(id)),
  occasions: occasionsBetween('2026-12-03', '2027-01-01'),
  dailyLimit: 25,
  random: seededRandom(7),
  ...extra,
})

describe('the month plan', () => {
  test('Regular for 5 properties: ≥ 12 pieces of ≥ 3 kinds, ≥ 6 compositions, every rule kept', () => {
    const plan = planMonth(base())
    expect(plan.length).toBeGreaterThanOrEqual(12)
    expect(new Set(plan.map((s) => s.kind)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(plan.map((s) => s.composition)).size).toBeGreaterThanOrEqual(6)
    expect(planProblems(plan, { homes: [1, 2, 3, 4, 5], dailyLimit: 25 })).toEqual([])
  })

  test('Natal and Ano Novo get their greeting on the day', () => {
    const plan = planMonth(base())
    const greetings = plan.filter((s) => s.message === 'data').map((s) => [s.occasion, zonedDate(s.publishAt)])
    expect(greetings).toEqual([
      ['natal', '2026-12-25'],
      ['ano_novo', '2027-01-01'],
    ])
  })

  test('weekday pieces go out at lunch or in the evening by default', () => {
    const plan = planMonth(base())
    for (const slot of plan) {
      const day = new Date(`${zonedDate(slot.publishAt)}T12:00:00Z`).getUTCDay()
      const { hour } = zonedParts(slot.publishAt)
      if (day !== 0 && day !== 6) expect([11, 12, 13, 18, 19, 20, 21]).toContain(hour)
    }
  })

  test("the agent's best hours, when the insights give them", () => {
    const plan = planMonth(base({ bestHours: [9, 15] }))
    expect(plan.every((s) => [9, 15].includes(zonedParts(s.publishAt).hour))).toBe(true)
  })

  test('the newest property and a price drop come first', () => {
    const homes = [
      home(1, { createdAt: new Date(Date.UTC(2025, 0, 1)), postsSoFar: 9 }),
      home(2, { createdAt: new Date(Date.UTC(2026, 10, 30)) }),
      home(3, { createdAt: new Date(Date.UTC(2025, 0, 1)), priceDrop: true, postsSoFar: 3 }),
    ]
    const plan = planMonth(base({ homes, occasions: [] }))
    expect(plan.slice(0, 2).map((s) => s.homeId)).toEqual([2, 3])
    expect(plan.some((s) => s.homeId === 3 && s.message === 'preco')).toBe(true)
  })

  test('a fixed piece stays where it is and the rest keep away from it', () => {
    const first = planMonth(base())
    const kept = first[3]!
    const again = planMonth(
      base({
        random: seededRandom(99),
        fixed: [
          {
            id: 42,
            kind: kept.kind,
            message: kept.message,
            homeId: kept.homeId,
            composition: kept.composition,
            publishAt: kept.publishAt,
          },
        ],
      }),
    )
    expect(again.find((s) => s.fixedId === 42)?.publishAt).toEqual(kept.publishAt)
    expect(again.filter((s) => s.fixedId === undefined).length).toBe(first.length - 1)
    expect(planProblems(again, { homes: [1, 2, 3, 4, 5] })).toEqual([])
  })

  test('presets and the custom rhythm', () => {
    expect(slotCounts(RHYTHM_PRESETS.regular.rhythm, 28)).toEqual({ post: 8, carousel: 4, story: 4, reel: 4 })
    expect(rhythmOf('personalizado', { post: 99, reel: -1, story: 2.7 })).toEqual({
      post: 7,
      carousel: 0,
      story: 2,
      reel: 0,
    })
    expect(describeRhythm(RHYTHM_PRESETS.regular.rhythm)).toBe('2 posts, 1 carrossel, 1 Story e 1 Reel por semana')
  })

  test('Páscoa and the second Sundays', () => {
    expect(easterSunday(2027)).toEqual({ month: 3, day: 28 })
    expect(occasionsBetween('2027-05-01', '2027-05-31').map((o) => o.date)).toEqual(['2027-05-09'])
    expect(occasionsBetween('2027-08-01', '2027-08-31').map((o) => o.occasion)).toEqual([
      'dia_dos_pais',
      'dia_do_corretor',
    ])
  })
})

const rhythmArb: fc.Arbitrary<Rhythm> = fc
  .record({
    post: fc.integer({ min: 0, max: 7 }),
    carousel: fc.integer({ min: 0, max: 4 }),
    story: fc.integer({ min: 0, max: 7 }),
    reel: fc.integer({ min: 0, max: 2 }),
  })
  .filter((r) => r.post + r.carousel + r.story >= 2 + r.reel)

describe('the rules hold for any rhythm, period, portfolio and limit', () => {
  test('no composition twice in a row, no property twice in 3 days, 2 h apart, 08–22 h, the daily limit', () => {
    fc.assert(
      fc.property(
        rhythmArb,
        fc.integer({ min: 7, max: 35 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: MAX_PER_DAY }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.date({ min: new Date('2026-01-01'), max: new Date('2028-12-31'), noInvalidDate: true }),
        fc.option(fc.uniqueArray(fc.integer({ min: 6, max: 23 }), { minLength: 1, maxLength: 4 }), { nil: null }),
        (rhythm, days, homeCount, dailyLimit, seed, startAt, bestHours) => {
          const start = startAt.toISOString().slice(0, 10)
          const homes = Array.from({ length: homeCount }, (_, i) =>
            home(i + 1, { priceDrop: i % 3 === 0, postsSoFar: i }),
          )
          const plan = planMonth({
            start,
            days,
            rhythm,
            homes,
            occasions: occasionsBetween(start, '2030-01-01').slice(0, 3),
            dailyLimit,
            bestHours,
            random: seededRandom(seed),
          })
          expect(planProblems(plan, { dailyLimit })).toEqual([])
        },
      ),
      { numRuns: 150 },
    )
  })

  test('every featured property at least once when the month has a piece a day for each three', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 10_000 }), (homeCount, seed) => {
        const homes = Array.from({ length: homeCount }, (_, i) => home(i + 1))
        const plan = planMonth(base({ homes, random: seededRandom(seed) }))
        expect(planProblems(plan, { homes: homes.map((h) => h.id) })).toEqual([])
      }),
      { numRuns: 60 },
    )
  })
})
